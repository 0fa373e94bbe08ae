// The toasts of a trading screen's commands: one toast per command, updated in place as the rows of its session
// settle, so an answer and the rejections that follow it never stand side by side with different counts.
import { makeAutoObservable } from "mobx";
import { allRefused, refusalMessage, refusalsOf, SENDING_STATUSES, type RowOutcome } from "../orders/rejections";
import { failed, partlySucceeded, type Outcome } from "./Outcome";

/**
 * How many table loads after its answer a command may take to show its session (the session is stored before the
 * first write, so it is held by the first load after the answer); a command's success waits as long for its
 * session's verdict (about 2 s) before it is shown anyway.
 */
export const SUCCESS_WAIT_LOADS = 4;

/** The most commands remembered (the newest); an older command's session toasts under its own key. */
export const COMMANDS_KEPT = 100;

/** A toast to show: shown anew, or updated in place while a toast with the same key is on screen. */
export interface KeyedToast {
  /** One key per command (or per session no command of this page made). */
  readonly key: string;
  /** What to show; its intent follows from it (see `showOutcome`). */
  readonly outcome: Outcome;
}

/** A command of this page that went out, as its toast follows it. */
interface SentCommand {
  /** Its toast's key. */
  readonly key: string;
  /** The newest session held when it was sent: its session is the first after it that no other command made. */
  readonly after: number;
  /** Its answer: a success (every account took it) or a partial success (some refused at once). */
  readonly answer: Outcome;
  /** The session it made, once held; null before, or when it made none. */
  session: number | null;
  /** Loads seen since its answer. */
  loads: number;
  /** True once its toast says what it must (its answer, or its rows' refusals): a success waits until then. */
  told: boolean;
}

/** The outcome a settled session's refusals show: orange when some accounts took the order, red when none did. */
function refusalOutcome(sessionId: number, rows: readonly RowOutcome[]): Outcome {
  const refusals = refusalsOf(rows);
  const message = refusalMessage(sessionId, refusals);
  return allRefused(refusals) ? failed(message) : partlySucceeded(message);
}

/**
 * The toasts of the commands sent from a trading screen, and of the sessions sent elsewhere while it is open.
 * A command's answer and the rejection watch share one key per command: a partial answer ("Placed on 7 of 11
 * accounts; 4 not sent: …") shows at once under it; a success waits until its session is sent with no REJECTED row
 * ({@link SUCCESS_WAIT_LOADS}); when rows of its session turn REJECTED after the answer, the same toast is updated
 * with the session's refused accounts, grouped by reason, and again each time more accounts reject (green
 * becomes orange or red, orange becomes red when no account is left). A toast closed meanwhile is shown again
 * with the new counts. A fresh session no command of this page made toasts under its own key when its rows
 * turn REJECTED. Sessions already there at the first load are history and never toast.
 */
export class SettlingToasts<Row> {
  /** Toasts not yet shown (or updated); the screen shows them and takes them. */
  toasts: KeyedToast[] = [];
  /** The commands sent, oldest first (the last {@link COMMANDS_KEPT}). */
  private commands: SentCommand[] = [];
  /** Commands sent so far, numbering their keys. */
  private sent = 0;
  /** The newest session of the first load; null until the table has loaded. */
  private baseline: number | null = null;
  /** REJECTED accounts already told, by session. */
  private readonly reported = new Map<number, number>();
  private readonly outcomeOf: (row: Row) => RowOutcome;
  /** Prefix of this screen's keys (the toaster is shared by the screens). */
  private readonly keyPrefix: string;

  /**
   * @param keyPrefix Starts this screen's toast keys (its orders path), so two screens never share a key.
   * @param outcomeOf The account, status and reason of a row.
   */
  constructor(keyPrefix: string, outcomeOf: (row: Row) => RowOutcome) {
    this.keyPrefix = keyPrefix;
    this.outcomeOf = outcomeOf;
    makeAutoObservable<this, "commands" | "sent" | "baseline" | "reported" | "outcomeOf" | "keyPrefix">(
      this,
      { commands: false, sent: false, baseline: false, reported: false, outcomeOf: false, keyPrefix: false },
      { autoBind: true },
    );
  }

  /**
   * A command sent when `after` was the newest session held went out: `answer` is a success or a partial
   * success, `all` every session held now. A partial success is shown at once; a success waits for its session
   * (see {@link settle}). When its session is already held, the toast is the session's: a partial answer whose
   * session already has REJECTED rows shows the session's refusals instead, which count both.
   */
  commandAnswered(after: number, answer: Outcome, all: ReadonlyMap<number, readonly Row[]>): void {
    this.sent += 1;
    const session = this.firstUnclaimed(after, all);
    const command: SentCommand = {
      key: session === null ? `${this.keyPrefix}#command-${this.sent}` : this.sessionKey(session),
      after,
      answer,
      session,
      loads: 0,
      told: false,
    };
    this.commands.push(command);
    if (this.commands.length > COMMANDS_KEPT) {
      this.commands.shift();
    }
    const rows = session === null ? [] : (all.get(session) ?? []).map(this.outcomeOf);
    if (session !== null && (this.reported.get(session) ?? 0) > 0) {
      command.told = true;
      if (answer.partial === true) {
        this.toasts.push({ key: command.key, outcome: refusalOutcome(session, rows) });
      }
    } else if (answer.partial === true) {
      command.told = true;
      this.toasts.push({ key: command.key, outcome: answer });
    }
  }

  /** The key of the toasts of session `id` that no command of this page made. */
  private sessionKey(id: number): string {
    return `${this.keyPrefix}#session-${id}`;
  }

  /**
   * Looks at the sessions an answer changed (`all` is every session held after it). The first answer only sets
   * where history ends; later ones toast fresh sessions whose REJECTED accounts grew while no row is still being
   * sent, under the key of the command that made the session, else the session's own.
   */
  observe(
    changed: ReadonlyMap<number, readonly Row[]>,
    all: ReadonlyMap<number, readonly Row[]>,
    newestKnown: number,
  ): void {
    if (this.baseline === null) {
      this.baseline = newestKnown;
      return;
    }
    this.claimSessions(all);
    for (const [id, rows] of changed) {
      if (id <= this.baseline) {
        continue;
      }
      const outcomes = rows.map(this.outcomeOf);
      if (outcomes.some((row) => SENDING_STATUSES.includes(row.status))) {
        continue;
      }
      const rejected = refusalsOf(outcomes, ["REJECTED"]).refused;
      if (rejected <= (this.reported.get(id) ?? 0)) {
        continue;
      }
      this.reported.set(id, rejected);
      const command = this.commands.find((sent) => sent.session === id);
      if (command !== undefined) {
        command.told = true;
      }
      this.toasts.push({ key: command?.key ?? this.sessionKey(id), outcome: refusalOutcome(id, outcomes) });
    }
  }

  /**
   * After every load (`all` is every session held): a waiting success is shown once its session is sent with no
   * REJECTED row, or after {@link SUCCESS_WAIT_LOADS} loads without a verdict (the brokerage did take the writes);
   * when its session has REJECTED rows only their toast tells it.
   */
  settle(all: ReadonlyMap<number, readonly Row[]>): void {
    this.claimSessions(all);
    for (const command of this.commands) {
      if (command.loads > SUCCESS_WAIT_LOADS) {
        continue;
      }
      command.loads += 1;
      if (command.told) {
        continue;
      }
      const outcomes = command.session === null ? [] : (all.get(command.session) ?? []).map(this.outcomeOf);
      const decided = outcomes.length > 0 && !outcomes.some((row) => SENDING_STATUSES.includes(row.status));
      if (decided && refusalsOf(outcomes, ["REJECTED"]).refused > 0) {
        command.told = true;
      } else if (decided || command.loads >= SUCCESS_WAIT_LOADS) {
        command.told = true;
        this.toasts.push({ key: command.key, outcome: command.answer });
      }
    }
  }

  /**
   * Gives each command still looking for its session (for {@link SUCCESS_WAIT_LOADS} loads after its answer) the
   * first session after its mark that no other command has, in the order they were sent.
   */
  private claimSessions(all: ReadonlyMap<number, readonly Row[]>): void {
    for (const command of this.commands) {
      if (command.session === null && command.loads < SUCCESS_WAIT_LOADS) {
        command.session = this.firstUnclaimed(command.after, all);
      }
    }
  }

  /** The first session of `all` after `after` that no command has; null when there is none. */
  private firstUnclaimed(after: number, all: ReadonlyMap<number, readonly Row[]>): number | null {
    const claimed = new Set(this.commands.map((command) => command.session));
    const ids = Array.from(all.keys()).sort((a, b) => a - b);
    return ids.find((candidate) => candidate > after && !claimed.has(candidate)) ?? null;
  }

  /** Hands over the toasts not yet shown, oldest first. */
  take(): KeyedToast[] {
    const taken = this.toasts;
    this.toasts = [];
    return taken;
  }

  /** Forgets everything (another agent signed in); the next load is history again. */
  reset(): void {
    this.baseline = null;
    this.reported.clear();
    this.toasts = [];
    this.commands = [];
  }
}
