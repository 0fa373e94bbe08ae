// One symbol's bid, ask and last in an order dialog, each side "no quote" when the brokerage gives none.
import { Classes } from "@blueprintjs/core";
import { WarningSignIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { formatPrice } from "../format/formatPrice";
import { isUnread, type Quote } from "./Quote";

/** What a side without a quote shows. */
export const NO_QUOTE = "no quote";

/** What a quote that could not be read shows, e.g. `No quote: Link and authorize a trading account first`. */
export function quoteProblemText(problem: string): string {
  return `No quote: ${problem}`;
}

/** A side as shown: the price, or {@link NO_QUOTE}. */
export function quoteSideText(price: number | null | undefined): string {
  return typeof price === "number" ? formatPrice(price) : NO_QUOTE;
}

/** Why a quote line shows no fresh quote, behind a warning sign. */
function QuoteProblem({ text }: { readonly text: string }) {
  return (
    <span className="cd-quote-problem">
      <WarningSignIcon className={Classes.INTENT_WARNING} size={12} aria-hidden /> {text}
    </span>
  );
}

/** Props of {@link QuoteLine}. */
export interface QuoteLineProps {
  /** What is quoted, in words (a ticker or an option's description). */
  readonly label: string;
  /** Its quote; undefined while the first read is on its way. */
  readonly quote: Quote | undefined;
}

/**
 * E.g. `AAPL  Bid 229.50 · Ask 229.60 · Last 229.55`, refreshed while the dialog is open; `No quote: <why>` when
 * it cannot be read, and the last sides with `Not refreshed: <why>` when a later read failed.
 */
export const QuoteLine = observer(function QuoteLine({ label, quote }: QuoteLineProps) {
  return (
    <p className="cd-quote-line" data-testid="quote" aria-label={`Quote of ${label}`} aria-live="off">
      <span className="cd-quote-label">{label}</span>
      {quote === undefined ? (
        <span className="cd-muted">Quote loading…</span>
      ) : isUnread(quote) ? (
        <QuoteProblem text={quoteProblemText(quote.problem)} />
      ) : (
        <>
          <span className="cd-quote-side">{`Bid ${quoteSideText(quote.bid)}`}</span>
          <span className="cd-quote-side">{`Ask ${quoteSideText(quote.ask)}`}</span>
          <span className="cd-quote-side">{`Last ${quoteSideText(quote.last)}`}</span>
          {quote.problem !== undefined && <QuoteProblem text={`Not refreshed: ${quote.problem}`} />}
        </>
      )}
    </p>
  );
});

/** Props of {@link QuoteLines}. */
export interface QuoteLinesProps {
  /** The symbols shown, each with its words. */
  readonly entries: readonly { readonly symbol: string; readonly label: string }[];
  /** The quote of a symbol. */
  readonly quoteOf: (symbol: string) => Quote | undefined;
}

/** One {@link QuoteLine} per symbol, each symbol once. */
export const QuoteLines = observer(function QuoteLines({ entries, quoteOf }: QuoteLinesProps) {
  const seen = new Set<string>();
  const unique = entries.filter((entry) => {
    if (entry.symbol === "" || seen.has(entry.symbol)) {
      return false;
    }
    seen.add(entry.symbol);
    return true;
  });
  if (unique.length === 0) {
    return null;
  }
  return (
    <div className="cd-quotes" role="group" aria-label="Quotes">
      {unique.map((entry) => (
        <QuoteLine key={entry.symbol} label={entry.label} quote={quoteOf(entry.symbol)} />
      ))}
    </div>
  );
});

/** Props of {@link QuoteCell}. */
export interface QuoteCellProps {
  /** What is quoted, in words, for screen readers. */
  readonly of: string;
  /** Its quote; undefined while the first read is on its way. */
  readonly quote: Quote | undefined;
}

/**
 * A table cell `bid / ask / last` (each side "no quote" when not quoted), headed "Bid / Ask / Last"; "No quote",
 * with why as its title, when it cannot be read.
 */
export const QuoteCell = observer(function QuoteCell({ of, quote }: QuoteCellProps) {
  const problem = quote?.problem === undefined ? null : quoteProblemText(quote.problem);
  return (
    <td className="cd-number cd-quote-cell" aria-label={`Quote of ${of}`} title={problem ?? undefined}>
      {quote === undefined
        ? "…"
        : isUnread(quote)
          ? "No quote"
          : `${quoteSideText(quote.bid)} / ${quoteSideText(quote.ask)} / ${quoteSideText(quote.last)}`}
    </td>
  );
});

/** The heading of a {@link QuoteCell} column. */
export const QUOTE_COLUMN = "Bid / Ask / Last";
