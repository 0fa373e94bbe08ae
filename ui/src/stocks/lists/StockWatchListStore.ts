// The stock watch list: symbols added upper-cased or removed, each with its bid from the brokerage's quote.
import { makeAutoObservable, observable, runInAction } from "mobx";
import { ApiError } from "../../shared/api/ApiError";
import { describeError } from "../../shared/api/describeError";
import { isRecord } from "../../shared/api/json";
import { parseQuote } from "../../shared/quotes/Quote";
import { failed, succeeded, type Outcome } from "../../shared/stores/Outcome";
import { Poller } from "../../shared/stores/Poller";
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

/** How often the watch list's bids are read again while the screen is shown (after the last read settled). */
export const WATCH_REFRESH_MS = 10_000;

/** The watch list and the bids of its symbols, refreshed while the screen is shown. */
export class StockWatchListStore {
  /** The symbols, in the server's order. */
  symbols: string[] = [];
  /** The bid of each symbol quoted (absent until quoted, null when the quote failed or has no bid). */
  readonly bids = observable.map<string, number | null>();
  /** When the bids were last read (ms since the epoch), or null. */
  refreshedAt: number | null = null;
  /** The symbol input, upper-cased. */
  input = "";
  /** True once loaded. */
  loaded = false;
  /** True while an add or remove is in flight. */
  pending = false;

  private readonly deps: StoreDeps;
  private refresher: Poller | null = null;
  private cancelFirstRefresh: (() => void) | null = null;

  /** @param deps The root store (API client, quote timers). */
  constructor(deps: StoreDeps) {
    this.deps = deps;
    makeAutoObservable<this, "deps" | "refresher" | "cancelFirstRefresh">(
      this,
      { deps: false, refresher: false, cancelFirstRefresh: false },
      { autoBind: true },
    );
  }

  /**
   * Reads the bids again every {@link WATCH_REFRESH_MS} (a setTimeout chain on the quote timers, never two
   * reads at once) until {@link stopRefreshing}; the screen calls it when shown, after {@link load}.
   */
  startRefreshing(): void {
    this.stopRefreshing();
    const scheduler = this.deps.env.quoteScheduler;
    this.cancelFirstRefresh = scheduler(() => {
      this.cancelFirstRefresh = null;
      this.refresher = new Poller(() => this.refreshBids(), WATCH_REFRESH_MS, { scheduler });
      this.refresher.start();
    }, WATCH_REFRESH_MS);
  }

  /** Stops the refresh (the screen is left). */
  stopRefreshing(): void {
    this.cancelFirstRefresh?.();
    this.cancelFirstRefresh = null;
    this.refresher?.stop();
    this.refresher = null;
  }

  /** One refresh of every symbol's bid; failures are only logged and leave "no quote". */
  async refreshBids(): Promise<void> {
    for (const symbol of this.symbols) {
      await this.quote(symbol);
    }
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
   * Asks the bid of `symbol` (5 s at most); a bid the brokerage does not quote shows "no quote". Returns 'Failed
   * to get stock' and the reason when the call fails.
   */
  async quote(symbol: string): Promise<Outcome | null> {
    try {
      const answer = await this.deps.api.get(
        StockPaths.quotes,
        { stockSymbol: symbol },
        { timeoutMs: STOCK_QUOTE_TIMEOUT_MS },
      );
      const { bid } = parseQuote(answer, symbol);
      runInAction(() => {
        this.bids.set(symbol, bid);
        this.refreshedAt = this.deps.env.now();
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
    this.stopRefreshing();
    this.refreshedAt = null;
    this.symbols = [];
    this.bids.clear();
    this.input = "";
    this.loaded = false;
  }
}
