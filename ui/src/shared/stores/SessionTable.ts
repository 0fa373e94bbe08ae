// A screen's orders table: sessions merged from delta polls of one path, newest first, shown a page at a time.
import { action, makeAutoObservable, observable } from "mobx";
import type { ApiClient } from "../api/ApiClient";
import { dayOf } from "../format/formatTime";
import type { Environment } from "../shell/Environment";
import type { RowOutcome } from "../orders/rejections";
import { Paging } from "./Paging";
import type { Outcome } from "./Outcome";
import { SettlingToasts } from "./SettlingToasts";
import { DeltaPoll, mergeTableDelta } from "./TableDelta";

/** Sessions per page of a trading screen's orders table. */
export const SESSIONS_PER_PAGE = 10;

/** One session: its id and its rows (one per account, or per account and leg); the first represents it. */
export interface Session<Row> {
  /** The session id. */
  readonly id: number;
  /** The session's rows. */
  readonly rows: readonly Row[];
}

/** What a {@link SessionTable} polls and how it reads the answer. */
export interface SessionTableConfig<Row> {
  /** The orders table's path (polled with `?since=` and the last ETag). */
  readonly path: string;
  /** Sessions per page; {@link SESSIONS_PER_PAGE} when not given. */
  readonly pageSize?: number;
  /**
   * Reads the changed sessions of an answer.
   * @throws {Error} when the answer is malformed.
   */
  readonly parse: (changed: unknown) => readonly Session<Row>[];
  /** The account, status and reason of a row, which the table's {@link SettlingToasts} reads. */
  readonly outcomeOf: (row: Row) => RowOutcome;
}

/**
 * The rows of each session by session id, merged from delta polls (only the sessions that changed are
 * replaced; the others keep their identity), with the table's paging.
 */
export class SessionTable<Row> {
  /** The rows of each session, by session id. */
  readonly byId = observable.map<number, readonly Row[]>([], { deep: false });
  /** True once the orders have been loaded. */
  loaded = false;
  /**
   * Today in the screen's time zone (`2025-01-02`), read at every load, so the Time column's short form turns
   * into the whole date on the first poll after midnight (empty until the first load: no row is held then).
   */
  today = "";
  /** Paging of the table. */
  readonly paging: Paging;
  /** The toasts of the commands sent from this page, updated as their sessions' rows settle. */
  readonly toasts: SettlingToasts<Row>;
  private readonly deltaPoll: DeltaPoll;
  private readonly parse: (changed: unknown) => readonly Session<Row>[];
  private readonly outcomeOf: (row: Row) => RowOutcome;
  /** The root store, whose environment is read at each load (it is set after the domain stores are made). */
  private readonly deps: { readonly env: Pick<Environment, "now" | "timeZone"> };
  /** The mark of the command that failed last, until a command succeeds (see {@link commandMark}). */
  private failedMark: number | null = null;
  /**
   * The mark of the last command from this page that went out (to some accounts at least), until the table has shown the session
   * it made (see {@link newSessionToShow}); null when there is none to show.
   */
  private showAfter: number | null = null;

  /**
   * @param deps Where the API client is read from when a poll runs, and the clock and time zone of "today".
   * @param config The path, page size and answer reader.
   */
  constructor(
    deps: { readonly api: ApiClient; readonly env: Pick<Environment, "now" | "timeZone"> },
    config: SessionTableConfig<Row>,
  ) {
    this.deltaPoll = new DeltaPoll(deps, config.path);
    this.deps = deps;
    this.parse = config.parse;
    this.outcomeOf = config.outcomeOf;
    this.paging = new Paging(config.pageSize ?? SESSIONS_PER_PAGE, () => this.byId.size);
    this.toasts = new SettlingToasts(config.path, config.outcomeOf);
    makeAutoObservable<this, "deltaPoll" | "parse" | "outcomeOf" | "failedMark" | "deps" | "readToday">(
      this,
      {
        byId: false,
        paging: false,
        toasts: false,
        deltaPoll: false,
        parse: false,
        outcomeOf: false,
        failedMark: false,
        deps: false,
        readToday: action,
      },
      { autoBind: true },
    );
  }

  /** The sessions that have rows, newest (highest id) first. */
  get sessions(): Session<Row>[] {
    return Array.from(this.byId.entries(), ([id, rows]) => ({ id, rows }))
      .filter((session) => session.rows.length > 0)
      .sort((a, b) => b.id - a.id);
  }

  /** The sessions on the page shown. */
  get pageSessions(): Session<Row>[] {
    return this.paging.slice(this.sessions);
  }

  /** The newest session id held (0 when none): marked before a command is sent, see {@link commandAnswered}. */
  get newestId(): number {
    return Math.max(0, ...this.byId.keys());
  }

  /**
   * The mark of a command about to be sent: {@link newestId}, or, while the last command sent failed, that
   * command's mark. A command whose answer was lost may still have made its session; sent again it is answered
   * with that session (the server answers a repeat as it did the first time), which is the first after the
   * first attempt's mark.
   */
  commandMark(): number {
    return this.failedMark ?? this.newestId;
  }

  /** A command sent at `mark` failed or lost its answer: the next command is marked where it was. */
  commandFailed(mark: number): void {
    this.failedMark = Math.min(this.failedMark ?? mark, mark);
  }

  /**
   * A command sent at `mark` went out: `outcome` is a success or a partial success. Its toast follows its session
   * as the rows settle (see {@link SettlingToasts.commandAnswered}), and the table turns to its first page, where
   * the session it made is to be shown (see {@link newSessionToShow}).
   */
  commandAnswered(mark: number, outcome: Outcome): void {
    this.toasts.commandAnswered(mark, outcome, this.byId);
    this.commandSent(mark);
  }

  /**
   * A command sent at `mark` went out (to every account, or to some only): the table turns to its first page,
   * where the session it made is to be shown (see {@link newSessionToShow}).
   */
  commandSent(mark: number): void {
    this.failedMark = null;
    this.showAfter = mark;
    this.paging.first();
  }

  /**
   * How many accounts the session made by a command sent at `mark` has (the first session after it); null until
   * the table holds it.
   */
  accountsAfter(mark: number): number | null {
    const made = Array.from(this.byId.keys()).filter((id) => id > mark);
    if (made.length === 0) {
      return null;
    }
    const rows = this.byId.get(Math.min(...made)) ?? [];
    return new Set(rows.map((row) => this.outcomeOf(row).accountId)).size;
  }

  /**
   * The session the last command from this page made (the first after its mark), once it is held and until the
   * table has shown it ({@link newSessionShown}); null otherwise. Newest first, it is on the first page's top.
   */
  get newSessionToShow(): number | null {
    const after = this.showAfter;
    if (after === null) {
      return null;
    }
    const made = Array.from(this.byId.keys()).filter((id) => id > after);
    return made.length === 0 ? null : Math.min(...made);
  }

  /** The table has brought {@link newSessionToShow} into view: nothing to show until the next command. */
  newSessionShown(): void {
    this.showAfter = null;
  }

  /** The rows of session `id`; none when it is not held. */
  rowsOf(id: number): readonly Row[] {
    return this.byId.get(id) ?? [];
  }

  /**
   * Loads what changed since the last answer applied (a 304 keeps what is shown).
   * @throws {ApiError} when the call fails; {@link Error} when the answer is malformed.
   */
  async load(): Promise<void> {
    await this.deltaPoll.load(this.parse, (delta, sessions) => {
      const changed = new Map(sessions.map((session) => [session.id, session.rows] as const));
      mergeTableDelta(this.byId, delta.full, changed, delta.removed.map(Number));
      this.loaded = true;
      this.toasts.observe(changed, this.byId, this.newestId);
    });
    this.toasts.settle(this.byId);
    this.readToday();
  }

  /** Reads {@link today} from the clock (an action: a load reaches here after its answer was awaited). */
  private readToday(): void {
    this.today = dayOf(this.deps.env.now(), this.deps.env.timeZone);
  }

  /** Forgets every session and shows the first page; drops answers in flight; the next load fetches all. */
  reset(): void {
    this.byId.clear();
    this.deltaPoll.reset();
    this.toasts.reset();
    this.loaded = false;
    this.showAfter = null;
    this.paging.first();
  }
}
