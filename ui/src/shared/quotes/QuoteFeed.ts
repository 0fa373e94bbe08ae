// The quotes an open order dialog shows: polled on a setTimeout chain while the dialog names symbols.
import { makeAutoObservable, observable, reaction, runInAction, type IReactionDisposer } from "mobx";
import { ApiError } from "../api/ApiError";
import { describeError } from "../api/describeError";
import type { StoreDeps } from "../shell/StoreDeps";
import { Poller } from "../stores/Poller";
import {
  isQuotableOption,
  isQuotableStock,
  MAX_QUOTED_CONTRACTS,
  noQuote,
  parseOptionQuotes,
  parseQuote,
  QuotePaths,
  type Quote,
  type QuoteKind,
} from "./Quote";

/** How often an open dialog's quotes are read again (after the previous read settled). */
export const QUOTE_POLL_INTERVAL_MS = 3000;

/** How long one quote call may take before it is given up (spec 02 §9's stock quote timeout). */
export const QUOTE_TIMEOUT_MS = 5000;

/** How long the symbols must stay put before they are quoted (a symbol being typed is not asked for). */
export const QUOTE_SETTLE_MS = 300;

/** Options of a {@link QuoteFeed}. */
export interface QuoteFeedOptions {
  /** Pause between reads; {@link QUOTE_POLL_INTERVAL_MS} when not given. */
  readonly intervalMs?: number;
  /** Wait before a new set of symbols is quoted; {@link QUOTE_SETTLE_MS} when not given. */
  readonly settleMs?: number;
}

/**
 * The quotes of the symbols `symbolsOf` names (none while its dialog is closed). Once they have stayed put for
 * `settleMs`, a {@link Poller} reads them and again every `intervalMs` after the previous read settled (never
 * two reads at once); when it names none the poller is stopped and the quotes forgotten, so a closed dialog
 * costs nothing. Its timers are the environment's `quoteScheduler`.
 * Stocks are read one call per symbol, option contracts in one call. A symbol the brokerage does not quote
 * shows every side as "no quote"; a read that fails says why ({@link quoteOf}).
 */
export class QuoteFeed {
  /** The latest quote of each symbol watched. */
  readonly quotes = observable.map<string, Quote>([], { deep: false });
  /** Why the last read failed, or null. */
  problem: string | null = null;
  /** The symbols watched now. */
  symbols: readonly string[] = [];

  private readonly deps: Pick<StoreDeps, "api" | "env">;
  private readonly kind: QuoteKind;
  private readonly intervalMs: number;
  private readonly settleMs: number;
  private poller: Poller | null = null;
  private cancelSettle: (() => void) | null = null;
  private readonly stopFollowing: IReactionDisposer;

  /**
   * @param deps The root store (API client, timers).
   * @param kind Stocks or option contracts.
   * @param symbolsOf The symbols to quote now; empty while the dialog is closed.
   * @param options Interval and settle time.
   */
  constructor(
    deps: Pick<StoreDeps, "api" | "env">,
    kind: QuoteKind,
    symbolsOf: () => readonly string[],
    options: QuoteFeedOptions = {},
  ) {
    this.deps = deps;
    this.kind = kind;
    this.intervalMs = options.intervalMs ?? QUOTE_POLL_INTERVAL_MS;
    this.settleMs = options.settleMs ?? QUOTE_SETTLE_MS;
    makeAutoObservable<
      this,
      "deps" | "kind" | "intervalMs" | "settleMs" | "poller" | "cancelSettle" | "stopFollowing"
    >(
      this,
      {
        deps: false,
        kind: false,
        intervalMs: false,
        settleMs: false,
        poller: false,
        cancelSettle: false,
        stopFollowing: false,
        quotes: false,
        symbols: observable.ref,
      },
      { autoBind: true },
    );
    this.stopFollowing = reaction(
      () => this.quotable(symbolsOf()).join("\n"),
      (key) => this.watch(key === "" ? [] : key.split("\n")),
      { fireImmediately: true },
    );
  }

  /** Whether any symbol is being watched (the poller runs). */
  get isWatching(): boolean {
    return this.symbols.length > 0;
  }

  /**
   * The quote of `symbol`: undefined until first read, then the latest (every side null when not quoted). When
   * the last read failed (no account to read quotes through, say) or `symbol` cannot be quoted at all, the
   * quote says why in its `problem`, so a dialog never waits for a quote that is not coming.
   */
  quoteOf(symbol: string): Quote | undefined {
    const quote = this.quotes.get(this.key(symbol));
    if (quote === undefined && symbol.trim() !== "" && this.quotable([symbol]).length === 0) {
      return { ...noQuote(symbol), problem: `${symbol.trim()} is not ${this.kind === "stock" ? "a stock" : "an option"} symbol` };
    }
    if (this.problem === null || !this.symbols.some((watched) => this.key(watched) === this.key(symbol))) {
      return quote;
    }
    return { ...(quote ?? noQuote(symbol)), problem: this.problem };
  }

  /** Reads the quotes again now (not overlapping a read in flight). */
  refresh(): void {
    this.poller?.refresh();
  }

  /** Stops for good (the owner is thrown away). */
  dispose(): void {
    this.stopFollowing();
    this.cancelSettle?.();
    this.cancelSettle = null;
    this.stopPoller();
  }

  /** One read of every watched symbol. */
  async load(): Promise<void> {
    const symbols = this.symbols;
    if (symbols.length === 0) {
      return;
    }
    try {
      const read = this.kind === "option" ? await this.readOptions(symbols) : await this.readStocks(symbols);
      runInAction(() => {
        if (this.symbols !== symbols) {
          return;
        }
        for (const quote of read) {
          this.quotes.set(this.key(quote.symbol), quote);
        }
        for (const symbol of symbols) {
          if (!this.quotes.has(this.key(symbol))) {
            this.quotes.set(this.key(symbol), noQuote(symbol));
          }
        }
        this.problem = null;
      });
    } catch (error) {
      console.error("Reading the quotes failed", error);
      runInAction(() => {
        if (this.symbols === symbols) {
          this.problem = describeError(error);
        }
      });
    }
  }

  private quotable(symbols: readonly string[]): string[] {
    const wanted = symbols
      .map((symbol) => (this.kind === "stock" ? symbol.trim().toUpperCase() : symbol))
      .filter((symbol) => (this.kind === "stock" ? isQuotableStock(symbol) : isQuotableOption(symbol)));
    return Array.from(new Set(wanted)).slice(0, this.kind === "option" ? MAX_QUOTED_CONTRACTS : undefined);
  }

  private key(symbol: string): string {
    return this.kind === "stock" ? symbol.trim().toUpperCase() : symbol.replace(/\s+/g, " ").trim();
  }

  private watch(symbols: readonly string[]): void {
    this.stopPoller();
    this.cancelSettle?.();
    this.cancelSettle = null;
    this.symbols = symbols;
    const keep = new Set(symbols.map((symbol) => this.key(symbol)));
    for (const key of Array.from(this.quotes.keys())) {
      if (!keep.has(key)) {
        this.quotes.delete(key);
      }
    }
    this.problem = null;
    if (symbols.length === 0) {
      return;
    }
    const scheduler = this.deps.env.quoteScheduler;
    this.cancelSettle = scheduler(() => {
      this.cancelSettle = null;
      if (this.symbols !== symbols) {
        return;
      }
      this.poller = new Poller(() => this.load(), this.intervalMs, { scheduler });
      this.poller.start();
    }, this.settleMs);
  }

  private stopPoller(): void {
    this.poller?.stop();
    this.poller = null;
  }

  private async readOptions(symbols: readonly string[]): Promise<Quote[]> {
    const answer = await this.deps.api.get(
      QuotePaths.option,
      { optionChainSymbol: symbols.join(",") },
      { timeoutMs: QUOTE_TIMEOUT_MS },
    );
    return parseOptionQuotes(answer);
  }

  private async readStocks(symbols: readonly string[]): Promise<Quote[]> {
    const quotes: Quote[] = [];
    for (const symbol of symbols) {
      try {
        const answer = await this.deps.api.get(
          QuotePaths.stock,
          { stockSymbol: symbol },
          { timeoutMs: QUOTE_TIMEOUT_MS },
        );
        quotes.push(parseQuote(answer, symbol));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          quotes.push(noQuote(symbol));
          continue;
        }
        throw error;
      }
    }
    return quotes;
  }
}
