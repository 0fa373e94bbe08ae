// Each leg's price of a spread shown again: the quotes' marks, balanced so that the net stays the order's.
import type { Quote } from "../../shared/quotes/Quote";
import { isBuy } from "../OrderLeg";

/** One leg: what it does and its quote's mark (null when not quoted). */
export interface QuotedLeg {
  /** BUY_TO_OPEN, SELL_TO_OPEN, BUY_TO_CLOSE or SELL_TO_CLOSE. */
  readonly instruction: string;
  /** The mark of its contract, or null. */
  readonly mark: number | null;
}

function cents(value: number): number {
  return Math.round(value * 100);
}

/**
 * The price of each leg of a spread whose order has net `net` of type `orderType`, so that the legs add up
 * to that net again (Σ bought − Σ sold = the debit, or minus the credit): every leg at its mark except the
 * first bought leg (a debit or zero net) or the first sold leg (a credit), which takes what balances the net.
 * Null when there is nothing to split (a single leg, a MARKET order) or when the marks cannot balance it
 * without a negative price; the dialog then keeps the net on the first leg.
 */
export function splitNet(legs: readonly QuotedLeg[], net: number, orderType: string): number[] | null {
  if (legs.length < 2) {
    return null;
  }
  let signed: number;
  switch (orderType) {
    case "NET_DEBIT":
      signed = cents(net);
      break;
    case "NET_CREDIT":
      signed = -cents(net);
      break;
    case "NET_ZERO":
      signed = 0;
      break;
    default:
      return null;
  }
  const prices = legs.map((leg) => Math.max(0, cents(leg.mark ?? 0)));
  const balancing = legs.findIndex((leg) => (signed >= 0 ? isBuy(leg.instruction) : !isBuy(leg.instruction)));
  const balancer = legs[balancing];
  if (balancer === undefined) {
    return null;
  }
  let bought = 0;
  let sold = 0;
  legs.forEach((leg, index) => {
    if (index === balancing) {
      return;
    }
    if (isBuy(leg.instruction)) {
      bought += prices[index] ?? 0;
    } else {
      sold += prices[index] ?? 0;
    }
  });
  const price = isBuy(balancer.instruction) ? signed + sold - bought : bought - sold - signed;
  if (price < 0) {
    return null;
  }
  prices[balancing] = price;
  return prices.map((value) => value / 100);
}

/** The marks of `symbols` in `quoteOf`, or null while one of them has not been read yet (or could not be). */
export function marksOf(
  symbols: readonly string[],
  quoteOf: (symbol: string) => Quote | undefined,
): (number | null)[] | null {
  const quotes = symbols.map(quoteOf);
  if (quotes.some((quote) => quote === undefined || (quote.problem !== undefined && quote.mark === null))) {
    return null;
  }
  return quotes.map((quote) => quote?.mark ?? null);
}
