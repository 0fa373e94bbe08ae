// A symbol's or contract's quote as the order dialogs show it, and how the quote answers are read.
import { isRecord } from "../api/json";

/** One quote; a side the brokerage does not quote (null or absent in the answer) is null, never 0. */
export interface Quote {
  /** The ticker, or the padded OSI symbol of an option contract. */
  readonly symbol: string;
  /** Best bid, or null. */
  readonly bid: number | null;
  /** Best ask, or null. */
  readonly ask: number | null;
  /** Last trade, or null. */
  readonly last: number | null;
  /** Mid of bid and ask, or null. */
  readonly mark: number | null;
  /**
   * Why the quote could not be read (no account to read it through, an error, a symbol that cannot be quoted);
   * absent when it was read. The sides are those of the last read, null when there was none.
   */
  readonly problem?: string;
}

/** True when `quote` could not be read and there is no earlier read to show: a problem and no side at all. */
export function isUnread(quote: Quote): quote is Quote & { readonly problem: string } {
  return quote.problem !== undefined && quote.bid === null && quote.ask === null && quote.last === null;
}

/** Which kind of symbol is quoted, and so which call answers. */
export type QuoteKind = "stock" | "option";

/** The quote calls, under the API base path. */
export const QuotePaths = {
  /** One stock per call: `?stockSymbol=`. */
  stock: "/stock_copy_trading/get_stock_quotes/",
  /** Up to twenty contracts per call: `?optionChainSymbol=A,B`. */
  option: "/copy_trading_account/get_option_quotes/COMMON",
} as const;

/** The most option contracts one call quotes. */
export const MAX_QUOTED_CONTRACTS = 20;

/** A price side: a finite number, or null for null, absent or anything else. */
function side(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) {
    return value;
  }
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return null;
}

/**
 * Reads one quote object; `fallbackSymbol` names it when the answer does not.
 * @throws {Error} when the answer is not an object.
 */
export function parseQuote(value: unknown, fallbackSymbol: string): Quote {
  if (!isRecord(value)) {
    throw new Error(`the quote of ${fallbackSymbol} is not an object`);
  }
  return {
    symbol: typeof value.symbol === "string" ? value.symbol : fallbackSymbol,
    bid: side(value.bid),
    ask: side(value.ask),
    last: side(value.last),
    mark: side(value.mark),
  };
}

/**
 * Reads the option quotes answer, a list of quotes.
 * @throws {Error} when it is not a list of objects.
 */
export function parseOptionQuotes(value: unknown): Quote[] {
  if (!Array.isArray(value)) {
    throw new Error("the option quotes answer is not a list");
  }
  return value.map((entry, index) => parseQuote(entry, `contract ${index + 1}`));
}

/** A quote with no side known: what a symbol the brokerage does not quote shows. */
export function noQuote(symbol: string): Quote {
  return { symbol, bid: null, ask: null, last: null, mark: null };
}

/** A price worth prefilling a field with: a side that is quoted and above 0, else null. */
export function prefillPrice(price: number | null | undefined): number | null {
  return typeof price === "number" && price > 0 ? price : null;
}

/** Whether `symbol` looks like a stock symbol worth asking a quote of (1-10 letters, `.` or `/` inside). */
export function isQuotableStock(symbol: string): boolean {
  return /^[A-Z](?:[A-Z./]{0,8}[A-Z])?$/.test(symbol.trim().toUpperCase());
}

/** Whether `symbol` is an OSI option symbol (root padded to six, date, C or P, strike in thousandths). */
export function isQuotableOption(symbol: string): boolean {
  return /^[A-Z0-9.$/ ]{1,6}\s*\d{6}[CP]\d{8}$/.test(symbol);
}
