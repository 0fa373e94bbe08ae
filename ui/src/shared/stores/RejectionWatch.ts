// Tells the agent when the orders of a session sent from this page turn REJECTED after being accepted, and
// holds a command's success message until its session shows no rejection.
import { makeAutoObservable } from "mobx";
import { refusalsOf, rejectionMessage, SENDING_STATUSES, type RowOutcome } from "../orders/rejections";

/** How many table loads a command's success waits for its session before it is shown anyway (about 2 s). */
export const SUCCESS_WAIT_LOADS = 4;

/** A command's success message waiting for its session. */
interface PendingSuccess {
  /** The newest session held when the command was sent: the command's session is the first after it. */
  readonly after: number;
  readonly message: string;
  /** Loads seen since. */
  loads: number;
}

/**
 * Watches the sessions that appear after the orders table first loaded (the ones sent while the page is
 * open). A command's answer is `success` once the brokerage accepted the writes; when rows of such a session
 * later turn REJECTED, {@link alerts} gets one message naming how many accounts rejected and why, grouped by
 * reason, and another each time more accounts reject. Sessions already there at the first load are history
 * and never alert.
 */
export class RejectionWatch<Row> {
  /** Messages not yet shown; the screen shows them as danger toasts and takes them. */
  alerts: string[] = [];
  /** Success messages whose session showed no rejection; the screen shows them as success toasts. */
  successes: string[] = [];
  /** Success messages waiting for their session. */
  private pending: PendingSuccess[] = [];
  /** The newest session of the first load; null until the table has loaded. */
  private baseline: number | null = null;
  /** Accounts already reported as rejected, by session. */
  private readonly reported = new Map<number, number>();
  private readonly outcomeOf: (row: Row) => RowOutcome;

  /** @param outcomeOf The account, status and reason of a row. */
  constructor(outcomeOf: (row: Row) => RowOutcome) {
    this.outcomeOf = outcomeOf;
    makeAutoObservable<this, "baseline" | "reported" | "outcomeOf" | "pending">(
      this,
      { baseline: false, reported: false, outcomeOf: false, pending: false },
      { autoBind: true },
    );
  }

  /**
   * Looks at the sessions an answer changed. The first answer only sets where history ends; later ones
   * alert for fresh sessions whose rejected accounts grew while no row is still being sent.
   */
  observe(changed: ReadonlyMap<number, readonly Row[]>, newestKnown: number): void {
    if (this.baseline === null) {
      this.baseline = newestKnown;
      return;
    }
    for (const [id, rows] of changed) {
      if (id <= this.baseline) {
        continue;
      }
      const outcomes = rows.map(this.outcomeOf);
      if (outcomes.some((row) => SENDING_STATUSES.includes(row.status))) {
        continue;
      }
      const refusals = refusalsOf(outcomes, ["REJECTED"]);
      if (refusals.refused > (this.reported.get(id) ?? 0)) {
        this.reported.set(id, refusals.refused);
        this.alerts.push(rejectionMessage(id, refusals));
      }
    }
  }

  /** Hands over the messages not yet shown. */
  take(): string[] {
    const taken = this.alerts;
    this.alerts = [];
    return taken;
  }

  /**
   * A command sent when `after` was the newest session held answered `success`: `message` waits for the
   * command's session (the first after `after`). When it shows with every row sent and none REJECTED, the
   * message joins {@link successes}; when some are REJECTED, only the rejection alert tells it (a green
   * "successful" beside "3 of 3 accounts rejected" would contradict it). After {@link SUCCESS_WAIT_LOADS}
   * loads without a verdict the message is shown: the brokerage did take the writes.
   */
  expectSuccess(after: number, message: string): void {
    this.pending.push({ after, message, loads: 0 });
  }

  /** Decides the waiting successes on the sessions held after a load. */
  settle(sessions: ReadonlyMap<number, readonly Row[]>): void {
    if (this.pending.length === 0) {
      return;
    }
    const ids = Array.from(sessions.keys()).sort((a, b) => a - b);
    this.pending = this.pending.filter((waiting) => {
      waiting.loads += 1;
      const id = ids.find((candidate) => candidate > waiting.after);
      const outcomes = id === undefined ? [] : (sessions.get(id) ?? []).map(this.outcomeOf);
      const decided = outcomes.length > 0 && !outcomes.some((row) => SENDING_STATUSES.includes(row.status));
      if (decided && refusalsOf(outcomes, ["REJECTED"]).refused > 0) {
        return false;
      }
      if (decided || waiting.loads >= SUCCESS_WAIT_LOADS) {
        this.successes.push(waiting.message);
        return false;
      }
      return true;
    });
  }

  /** Hands over the success messages not yet shown. */
  takeSuccesses(): string[] {
    const taken = this.successes;
    this.successes = [];
    return taken;
  }

  /** Forgets everything (another agent signed in); the next load is history again. */
  reset(): void {
    this.baseline = null;
    this.reported.clear();
    this.alerts = [];
    this.successes = [];
    this.pending = [];
  }
}
