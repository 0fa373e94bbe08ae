// Shows a command's outcome: a failure or a partial success at once, a success once its session shows no rejection.
import type { Outcome } from "../stores/Outcome";
import { showOutcome } from "./toaster";

/** A screen's orders table as a command's success waits on it (`SessionTable`). */
export interface SessionVerdicts {
  /** The mark of a command about to be sent (the newest session held, see `SessionTable.commandMark`). */
  commandMark(): number;
  /** Holds `message` until the first session after `mark` shows no rejection. */
  expectSuccess(mark: number, message: string): void;
  /** A command sent at `mark` went out to some of its accounts only: its session is to be shown. */
  commandSent(mark: number): void;
  /** A command sent at `mark` failed or lost its answer. */
  commandFailed(mark: number): void;
}

/**
 * Shows `outcome` of a command sent when `orders` held `mark` as its newest session. A success goes through
 * `orders`, which shows it once the command's session shows no REJECTED row (when some are, the screen's rejection
 * toast tells it instead). A partial success (some accounts refused at once) is shown at once as a warning, and
 * its session is brought into view; a failure is shown at once; a quiet outcome (nothing sent, by the agent's
 * choice) shows nothing. Without `orders` the outcome is shown at once.
 */
export function announceOutcome(outcome: Outcome, orders: SessionVerdicts | undefined, mark: number): void {
  if (outcome.quiet === true) {
    return;
  }
  if (outcome.ok && outcome.partial !== true && orders !== undefined) {
    orders.expectSuccess(mark, outcome.message);
    return;
  }
  if (outcome.ok) {
    orders?.commandSent(mark);
  } else {
    orders?.commandFailed(mark);
  }
  showOutcome(outcome);
}
