// The favourite tickers (option contract list): add one, upper-cased, or remove one.
import { Button } from "@blueprintjs/core";
import { CrossIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { useStores } from "../../shared/shell/StoreContext";
import { showOutcomeIfAny } from "../../shared/shell/showOutcomeIfAny";
import { TickerAddForm } from "../../shared/orderForm/TickerAddForm";
import { FAVORITE_INPUT_LABEL } from "./OptionContractListStore";

/** The favourite tickers panel. */
export const FavoriteTickers = observer(function FavoriteTickers() {
  const { options } = useStores();
  const contracts = options.contracts;

  return (
    <section className="cd-favorites" aria-label="Favourite tickers">
      <h2 className="cd-panel-title">Favourite Tickers</h2>
      <TickerAddForm
        label={FAVORITE_INPUT_LABEL}
        value={contracts.favoriteInput}
        onValueChange={contracts.setFavoriteInput}
        onAdd={contracts.addFavorite}
        disabled={contracts.pending}
        problem={contracts.favoriteInputProblem}
      />
      <ul className="cd-plain-list cd-ticker-list">
        {contracts.tickers.map((ticker) => (
          <li key={ticker} className="cd-ticker">
            <span>{ticker}</span>
            <Button
              variant="minimal"
              size="small"
              icon={<CrossIcon />}
              aria-label={`Remove ${ticker}`}
              title={`Remove ${ticker}`}
              disabled={contracts.pending}
              onClick={() => void contracts.remove(ticker, "favorites").then(showOutcomeIfAny)}
            />
          </li>
        ))}
        {contracts.tickers.length === 0 && <li className="cd-empty-note">No favourite tickers</li>}
      </ul>
    </section>
  );
});
