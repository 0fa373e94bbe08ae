// Shows a trading screen's command toasts: each one shown anew, or updated in place under its key.
import { reaction } from "mobx";
import { useEffect } from "react";
import type { KeyedToast } from "../stores/SettlingToasts";
import { showOutcome } from "./toaster";

/** Props of {@link CommandToasts}. */
export interface CommandToastsProps {
  /** The orders table's toasts (`SettlingToasts`): those not yet shown, and how to take them. */
  readonly toasts: {
    readonly toasts: readonly KeyedToast[];
    take(): KeyedToast[];
  };
}

/**
 * Renders nothing; while mounted, every toast of `toasts` is shown under its key: a toast still on screen with that
 * key is updated in place, else a new one is shown. The toasts are taken in the reaction's effect, outside the
 * tracking of what changed, so taking them is an action (inside a derivation it would change observed state
 * without one).
 */
export function CommandToasts({ toasts }: CommandToastsProps) {
  useEffect(
    () =>
      reaction(
        () => toasts.toasts.length,
        (waiting) => {
          if (waiting === 0) {
            return;
          }
          for (const toast of toasts.take()) {
            showOutcome(toast.outcome, toast.key);
          }
        },
        { fireImmediately: true },
      ),
    [toasts],
  );
  return null;
}
