// The app's one toaster: every success and failure message is shown through these functions.
import { Intent, OverlayToaster, Position, type Toaster } from "@blueprintjs/core";
import type { Outcome } from "../stores/Outcome";

let toaster: Promise<Toaster> | null = null;

function sharedToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ className: "cd-toaster", position: Position.TOP, maxToasts: 5 });
  return toaster;
}

function show(message: string, intent: Intent): void {
  sharedToaster().then(
    (instance) => {
      instance.show({ message, intent, icon: intent === Intent.SUCCESS ? "tick-circle" : "error" });
    },
    (error: unknown) => {
      console.error("Toaster unavailable", error);
    },
  );
}

/** Shows `text` in a green success toast. */
export function showSuccess(text: string): void {
  show(text, Intent.SUCCESS);
}

/** Shows `text` in a red danger toast. */
export function showDanger(text: string): void {
  show(text, Intent.DANGER);
}

/** Shows a store action's outcome: success toast when it worked, danger toast otherwise. */
export function showOutcome(outcome: Outcome): void {
  if (outcome.ok) {
    showSuccess(outcome.message);
  } else {
    showDanger(outcome.message);
  }
}
