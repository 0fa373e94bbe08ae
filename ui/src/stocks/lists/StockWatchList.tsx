// The stock watch list: add a symbol (upper-cased) or remove one; each shows its bid.
import { Button } from "@blueprintjs/core";
import { CrossIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { DASH } from "../../shared/format/dash";
import { formatPrice } from "../../shared/format/formatPrice";
import { TickerAddForm } from "../../shared/orderForm/TickerAddForm";
import { showOutcome } from "../../shared/shell/toaster";
import { useStores } from "../../shared/shell/StoreContext";
import { NO_QUOTE, type WatchedBid } from "./StockWatchListStore";

/** The bid as shown: its price, "No quote" when the market quotes none, a dash before (or without) an answer. */
function bidText(bid: WatchedBid | undefined): string {
  if (bid === NO_QUOTE) {
    return "No quote";
  }
  return bid === undefined || bid === null ? DASH : formatPrice(bid);
}

/** The watch list panel. */
export const StockWatchList = observer(function StockWatchList() {
  const { stocks } = useStores();
  const list = stocks.watchList;
  return (
    <section className="cd-favorites" aria-label="Stock watch list">
      <h2 className="cd-panel-title">Stock Watch List</h2>
      <TickerAddForm
        problem={null}
        label="Stock symbol"
        value={list.input}
        onValueChange={list.setInput}
        onAdd={list.add}
        disabled={list.pending}
      />
      <ul className="cd-plain-list cd-ticker-list">
        {list.symbols.map((symbol) => {
          const bid = list.bids.get(symbol);
          return (
            <li key={symbol} className="cd-ticker" data-symbol={symbol}>
              <span>{symbol}</span>
              <span className="cd-number" aria-label={`Bid of ${symbol}`}>
                {bidText(bid)}
              </span>
              <Button
                variant="minimal"
                size="small"
                icon={<CrossIcon />}
                aria-label={`Remove ${symbol}`}
                title={`Remove ${symbol}`}
                disabled={list.pending}
                onClick={() => void list.remove(symbol).then(showOutcome)}
              />
            </li>
          );
        })}
        {list.symbols.length === 0 && <li className="cd-empty-note">No stocks watched</li>}
      </ul>
    </section>
  );
});
