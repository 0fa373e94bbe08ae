// The stock watch list: symbols added upper-cased or removed, each with its bid from the brokerage's quote.
import { makeAutoObservable, observable, runInAction } from "mobx";
import { ApiError } from "../../shared/api/ApiError";
import { describeError } from "../../shared/api/describeError";
import { isRecord } from "../../shared/api/json";
import { failed, succeeded, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { StockMessages, withReason } from "../StockMessages";
import { STOCK_QUOTE_TIMEOUT_MS, StockPaths, StockWatchPaths } from "../stockPaths";

/** Reads the list answer: a list of symbols, or `{success, list}`. */
export function parseStockList(value: unknown): string[] {
  const list = isRecord(value) ? value.list : value;
  if (!Array.isArray(list) || list.some((entry) => typeof entry !== "string")) {
    throw new Error("the stock list answer is not a list of symbols");
  }
  return list as string[];
}

/** Marks a symbol the market quotes no bid for (an index, a halted or illiquid stock): "no quote", never 0. */
export const NO_QUOTE = "no quote";

/** A watched symbol's bid: a price, {@link NO_QUOTE}, or null when the quote failed. */
export type WatchedBid = number | typeof NO_QUOTE | null;

/** The watch list and the bids of its symbols. */
export class StockWatchListStore {
  /** The symbols, in the server's order. */
  symbols: string[] = [];
  /** The bid of each symbol quoted (absent until quoted, {@link NO_QUOTE} without a bid, null on failure). */
  readonly bids = observable.map<string, WatchedBid>();
  /** The symbol input, upper-cased. */
  input = "";
  /** True once loaded. */
  loaded = false;
  /** True while an add or remove is in flight. */
  pending = false;

  private readonly deps: StoreDeps;

  /** @param deps The root store (API client). */
  constructor(deps: StoreDeps) {
    this.deps = deps;
    makeAutoObservable<this, "deps">(this, { deps: false }, { autoBind: true });
  }

  /** Sets the input, upper-cased. */
  setInput(value: string): void {
    this.input = value.toUpperCase();
  }

  /** Loads the list, then the bids; returns 'Failed to get stock' when a quote failed, else null. */
  async load(): Promise<Outcome | null> {
    try {
      const symbols = parseStockList(await this.deps.api.get(StockWatchPaths.list));
      runInAction(() => {
        this.symbols = symbols;
        this.loaded = true;
      });
    } catch (error) {
      console.error("Loading the stock list failed", error);
      return null;
    }
    const outcomes = await Promise.all(this.symbols.map((symbol) => this.quote(symbol)));
    return outcomes.find((outcome) => outcome !== null) ?? null;
  }

  /**
   * Asks the bid of `symbol` (5 s at most); a null bid is {@link NO_QUOTE}. Returns 'Failed to get stock' and the
   * reason on failure.
   */
  async quote(symbol: string): Promise<Outcome | null> {
    try {
      const answer = await this.deps.api.get(
        StockPaths.quotes,
        { stockSymbol: symbol },
        { timeoutMs: STOCK_QUOTE_TIMEOUT_MS },
      );
      const bid = isRecord(answer) ? answer.bid : undefined;
      if (bid !== null && (typeof bid !== "number" || !Number.isFinite(bid))) {
        throw new Error(`the quote of ${symbol} is unreadable`);
      }
      runInAction(() => {
        this.bids.set(symbol, bid ?? NO_QUOTE);
      });
      return null;
    } catch (error) {
      console.error(`Quoting ${symbol} failed`, error);
      runInAction(() => {
        this.bids.set(symbol, null);
      });
      return failed(withReason(StockMessages.quoteFailed, describeError(error)));
    }
  }

  /** Adds the input (upper-cased); an empty or listed symbol is refused without a request. */
  async add(): Promise<Outcome> {
    const symbol = this.input.trim().toUpperCase();
    if (symbol === "") {
      return failed(StockMessages.stockSymbolMissing);
    }
    if (this.symbols.includes(symbol)) {
      return failed(StockMessages.stockExists);
    }
    if (this.pending) {
      return failed(StockMessages.addStockFailed);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const symbols = parseStockList(await this.deps.api.post(StockWatchPaths.add, { stockSymbol: symbol }));
      runInAction(() => {
        this.symbols = symbols;
        this.input = "";
      });
      outcome = succeeded(StockMessages.addStockSucceeded);
    } catch (error) {
      console.error("Adding the stock failed", error);
      outcome = failed(
        error instanceof ApiError && error.status === 409
          ? StockMessages.stockExists
          : withReason(StockMessages.addStockFailed, describeError(error)),
      );
    }
    runInAction(() => {
      this.pending = false;
    });
    if (outcome.ok) {
      const quoteFailure = await this.quote(symbol);
      return quoteFailure ?? outcome;
    }
    return outcome;
  }

  /** Removes `symbol`. */
  async remove(symbol: string): Promise<Outcome> {
    if (symbol.trim() === "") {
      return failed(StockMessages.stockSymbolMissing);
    }
    if (this.pending) {
      return failed(StockMessages.removeStockFailed);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const symbols = parseStockList(await this.deps.api.delete(StockWatchPaths.remove, { stockSymbol: symbol }));
      runInAction(() => {
        this.symbols = symbols;
        this.bids.delete(symbol);
      });
      outcome = succeeded(StockMessages.removeStockSucceeded);
    } catch (error) {
      console.error("Removing the stock failed", error);
      outcome = failed(withReason(StockMessages.removeStockFailed, describeError(error)));
    }
    runInAction(() => {
      this.pending = false;
    });
    return outcome;
  }

  /** Forgets the list (another agent signed in). */
  reset(): void {
    this.symbols = [];
    this.bids.clear();
    this.input = "";
    this.loaded = false;
  }
}
