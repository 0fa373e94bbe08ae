// The favourite tickers (option contract list): add one, upper-cased, or remove one.
import { Button, InputGroup } from "@blueprintjs/core";
import { CrossIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import type { FormEvent } from "react";
import type { Outcome } from "../stores/Outcome";
import { useStores } from "../stores/StoreContext";
import { showOutcome } from "../toaster";

/** Shows a message when there is one (adding or removing a favourite succeeds silently). */
function report(outcome: Outcome | null): void {
  if (outcome !== null) {
    showOutcome(outcome);
  }
}

/** The favourite tickers panel. */
export const FavoriteTickers = observer(function FavoriteTickers() {
  const { options } = useStores();
  const contracts = options.contracts;

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    report(await contracts.addFavorite());
  };

  return (
    <section className="cd-favorites" aria-label="Favourite tickers">
      <h4 className="cd-panel-title">Favourite Tickers</h4>
      <form className="cd-inline-form" onSubmit={(event) => void add(event)}>
        <InputGroup
          size="small"
          aria-label="Ticker symbol"
          placeholder="Ticker"
          value={contracts.favoriteInput}
          onValueChange={contracts.setFavoriteInput}
        />
        <Button size="small" type="submit" text="Add" disabled={contracts.pending} />
      </form>
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
              onClick={() => void contracts.remove(ticker, "favorites").then(report)}
            />
          </li>
        ))}
        {contracts.tickers.length === 0 && <li className="cd-empty-note">No favourite tickers</li>}
      </ul>
    </section>
  );
});
