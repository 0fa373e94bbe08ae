// Toasting the outcome of an action that may succeed silently.
import type { Outcome } from "../stores/Outcome";
import { showOutcome } from "./toaster";

/** Shows `outcome` with the shared toaster when there is one; null (a silent success) shows nothing. */
export function showOutcomeIfAny(outcome: Outcome | null): void {
  if (outcome !== null) {
    showOutcome(outcome);
  }
}
