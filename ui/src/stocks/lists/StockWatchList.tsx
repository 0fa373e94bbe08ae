// The stock watch list: add a symbol (upper-cased) or remove one; each shows its bid.
import { Button } from "@blueprintjs/core";
import { CrossIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { formatPrice } from "../../shared/format/formatPrice";
import { formatTime } from "../../shared/format/formatTime";
import { NO_QUOTE } from "../../shared/quotes/QuoteLine";
import { TickerAddForm } from "../../shared/orderForm/TickerAddForm";
import { showOutcome } from "../../shared/shell/toaster";
import { useStores } from "../../shared/shell/StoreContext";

/** The watch list panel: each symbol with its labelled bid, refreshed every 10 seconds while shown. */
export const StockWatchList = observer(function StockWatchList() {
  const { stocks, env } = useStores();
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
              <span className="cd-watch-bid">
                <span className="cd-quote-label" aria-hidden="true">
                  Bid
                </span>{" "}
                <span className="cd-number" aria-label={`Bid of ${symbol}`}>
                  {bid === undefined ? "…" : bid === null ? NO_QUOTE : formatPrice(bid)}
                </span>
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
      {list.refreshedAt !== null && list.symbols.length > 0 && (
        <p className="cd-muted cd-watch-refreshed" data-testid="watch-refreshed">
          {`Bids as of ${formatTime(new Date(list.refreshedAt).toISOString(), env.timeZone).slice(11)}, every 10 s`}
        </p>
      )}
    </section>
  );
});
