// Shows a command's outcome: a failure at once, a success or partial success through the orders table, whose one
// toast per command follows its session as the rows settle.
import type { Outcome } from "../stores/Outcome";
import { showOutcome } from "./toaster";

/** A screen's orders table as a command's outcome is handed to it (`SessionTable`). */
export interface SessionVerdicts {
  /** The mark of a command about to be sent (the newest session held, see `SessionTable.commandMark`). */
  commandMark(): number;
  /**
   * A command sent at `mark` went out (a success, or a partial success): its toast is the table's, shown and
   * updated as its session settles, and its session is to be shown.
   */
  commandAnswered(mark: number, outcome: Outcome): void;
  /** A command sent at `mark` failed or lost its answer. */
  commandFailed(mark: number): void;
}

/**
 * Shows `outcome` of a command sent when `orders` held `mark` as its newest session. A success or a partial success
 * (some accounts refused at once) goes to `orders`, which shows one toast for the command and updates it as the
 * session's rows settle (see `SettlingToasts`): a partial success at once as a warning, a success once its session
 * shows no REJECTED row; rows that turn REJECTED later update that toast. A failure is shown at once; a quiet
 * outcome (nothing sent, by the agent's choice) shows nothing. Without `orders` the outcome is shown at once.
 */
export function announceOutcome(outcome: Outcome, orders: SessionVerdicts | undefined, mark: number): void {
  if (outcome.quiet === true) {
    return;
  }
  if (outcome.ok && orders !== undefined) {
    orders.commandAnswered(mark, outcome);
    return;
  }
  if (!outcome.ok) {
    orders?.commandFailed(mark);
  }
  showOutcome(outcome);
}
