// A trading screen's polling of its tables: the setTimeout chain, REFRESH, and the end of the session on a 401.
import { makeAutoObservable, runInAction } from "mobx";
import { ApiError } from "../api/ApiError";
import type { StoreDeps } from "../shell/StoreDeps";
import { Poller } from "./Poller";

/** How often a trading screen reloads its orders and positions (after each poll has settled). */
export const TABLE_POLL_INTERVAL_MS = 500;

/** One table a screen polls. */
export interface PolledTable {
  /**
   * Loads what changed.
   * @throws {ApiError} when the call fails; {@link Error} when the answer is malformed.
   */
  readonly load: () => Promise<void>;
  /** The text logged with the reason when a poll of this table fails. */
  readonly pollFailed: string;
}

/** What a {@link TablePolling} polls, how often, and what it logs. */
export interface TablePollingConfig {
  /** The tables, loaded together by each poll. */
  readonly tables: readonly PolledTable[];
  /** Pause between the end of one poll and the start of the next; {@link TABLE_POLL_INTERVAL_MS} when not given. */
  readonly intervalMs?: number;
  /** The path REFRESH calls to bring the open orders' statuses up to date. */
  readonly tradeStatusPath: string;
  /** The text logged when that call fails. */
  readonly refreshFailed: string;
  /** The text logged when REFRESH's reload of the tables fails. */
  readonly reloadFailed: string;
  /** When true, a poll skips its turn (e.g. while a request of the screen is in flight). */
  readonly skipWhile?: () => boolean;
}

/** What the polling needs from the root store. */
export interface TablePollingDeps extends StoreDeps {
  /** The session, told when a poll finds that the server has ended it. */
  readonly session: { sessionEnded(): void };
}

/**
 * Polls a screen's tables on a {@link Poller} chain (no poll starts while one is in flight), at once after an
 * action, and on REFRESH. Failures are only logged, except that a 401 while polling means the server ended
 * the session, which sends the agent to the login page.
 */
export class TablePolling {
  /** True while REFRESH is in flight. */
  refreshPending = false;
  private readonly deps: Pick<TablePollingDeps, "api" | "env" | "session">;
  private readonly config: TablePollingConfig;
  private poller: Poller | null = null;

  /**
   * @param deps The root store (API client, environment, session).
   * @param config The tables, interval, REFRESH path and log texts.
   */
  constructor(deps: Pick<TablePollingDeps, "api" | "env" | "session">, config: TablePollingConfig) {
    this.deps = deps;
    this.config = config;
    makeAutoObservable<this, "deps" | "config" | "poller">(
      this,
      { deps: false, config: false, poller: false, isPolling: false },
      { autoBind: true },
    );
  }

  /** Whether the poller is running. */
  get isPolling(): boolean {
    return this.poller?.isActive ?? false;
  }

  /** One poll of every table, unless the screen asks to skip it. */
  async poll(): Promise<void> {
    if (this.config.skipWhile?.() === true) {
      return;
    }
    const { tables } = this.config;
    const results = await Promise.allSettled(tables.map((table) => table.load()));
    results.forEach((result, index) => {
      if (result.status === "rejected") {
        console.error(tables[index]?.pollFailed, result.reason);
      }
    });
    const signedOut = results.some(
      (result) => result.status === "rejected" && result.reason instanceof ApiError && result.reason.status === 401,
    );
    if (signedOut && this.isPolling) {
      this.deps.session.sessionEnded();
    }
  }

  /** Starts polling (the screen mounted). */
  startPolling(): void {
    const intervalMs = this.config.intervalMs ?? TABLE_POLL_INTERVAL_MS;
    this.poller ??= new Poller(() => this.poll(), intervalMs, { scheduler: this.deps.env.scheduler });
    this.poller.start();
  }

  /** Stops polling (the screen unmounted). */
  stopPolling(): void {
    this.poller?.stop();
  }

  /** Polls again at once (after an action), without overlapping a poll in flight. */
  reloadTables(): void {
    this.poller?.refresh();
  }

  /**
   * REFRESH: asks the server to bring the open orders' statuses up to date from the brokerages (the answer
   * is not used; a failure is only logged), then reloads the tables.
   */
  async refresh(): Promise<void> {
    if (this.refreshPending) {
      return;
    }
    this.refreshPending = true;
    try {
      await this.deps.api.get(this.config.tradeStatusPath);
    } catch (error) {
      console.error(this.config.refreshFailed, error);
    }
    try {
      await Promise.all(this.config.tables.map((table) => table.load()));
    } catch (error) {
      console.error(this.config.reloadFailed, error);
    }
    runInAction(() => {
      this.refreshPending = false;
    });
  }
}
