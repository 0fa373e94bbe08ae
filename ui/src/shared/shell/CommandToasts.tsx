// Shows a trading screen's rejection alerts as danger toasts, and the successes its orders table confirmed.
import { comparer, reaction } from "mobx";
import { useEffect } from "react";
import { showDanger, showSuccess } from "./toaster";

/** Props of {@link RejectionToasts}. */
export interface RejectionToastsProps {
  /** The orders table's rejection watch: its alerts not yet shown, and how to take them. */
  readonly watch: {
    readonly alerts: readonly string[];
    take(): string[];
    readonly successes: readonly string[];
    takeSuccesses(): string[];
  };
}

/**
 * Renders nothing; while mounted, every alert of `watch` becomes a red toast once, every success a green one.
 * The messages are taken in the reaction's effect, outside the tracking of what changed, so taking them is an
 * action (inside a derivation it would change observed state without one).
 */
export function RejectionToasts({ watch }: RejectionToastsProps) {
  useEffect(
    () =>
      reaction(
        () => [watch.alerts.length, watch.successes.length],
        ([alerts, successes]) => {
          if (alerts === 0 && successes === 0) {
            return;
          }
          for (const alert of watch.take()) {
            showDanger(alert);
          }
          for (const success of watch.takeSuccesses()) {
            showSuccess(success);
          }
        },
        { fireImmediately: true, equals: comparer.structural },
      ),
    [watch],
  );
  return null;
}
