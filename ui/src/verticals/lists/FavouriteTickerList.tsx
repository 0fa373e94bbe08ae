// The favourite tickers on the Vertical Trading screen: the same list as the Option Trading screen's.
import { Button } from "@blueprintjs/core";
import { CrossIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { TickerAddForm } from "../../shared/orderForm/TickerAddForm";
import { useStores } from "../../shared/shell/StoreContext";
import { showOutcomeIfAny } from "../../shared/shell/showOutcomeIfAny";

/** Add a ticker (upper-cased) or remove one. */
export const FavouriteTickerList = observer(function FavouriteTickerList() {
  const { options } = useStores();
  const contracts = options.contracts;
  return (
    <section className="cd-favorites" aria-label="Favourite tickers">
      <h2 className="cd-panel-title">Favourite Tickers</h2>
      <TickerAddForm
        problem={null}
        label="Ticker symbol"
        value={contracts.favoriteInput}
        onValueChange={contracts.setFavoriteInput}
        onAdd={contracts.addFavorite}
        disabled={contracts.pending}
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
