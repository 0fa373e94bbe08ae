// Tells the agent when the orders of a session sent from this page turn REJECTED after being accepted.
import { makeAutoObservable } from "mobx";
import { refusalsOf, rejectionMessage, SENDING_STATUSES, type RowOutcome } from "../orders/rejections";

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
  /** The newest session of the first load; null until the table has loaded. */
  private baseline: number | null = null;
  /** Accounts already reported as rejected, by session. */
  private readonly reported = new Map<number, number>();
  private readonly outcomeOf: (row: Row) => RowOutcome;

  /** @param outcomeOf The account, status and reason of a row. */
  constructor(outcomeOf: (row: Row) => RowOutcome) {
    this.outcomeOf = outcomeOf;
    makeAutoObservable<this, "baseline" | "reported" | "outcomeOf">(
      this,
      { baseline: false, reported: false, outcomeOf: false },
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

  /** Forgets everything (another agent signed in); the next load is history again. */
  reset(): void {
    this.baseline = null;
    this.reported.clear();
    this.alerts = [];
  }
}
