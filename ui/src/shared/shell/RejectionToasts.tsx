// Shows a trading screen's rejection alerts as danger toasts, and the successes its orders table confirmed.
import { autorun } from "mobx";
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

/** Renders nothing; while mounted, every alert of `watch` becomes a red toast once, every success a green one. */
export function RejectionToasts({ watch }: RejectionToastsProps) {
  useEffect(
    () =>
      autorun(() => {
        if (watch.alerts.length > 0) {
          for (const alert of watch.take()) {
            showDanger(alert);
          }
        }
        if (watch.successes.length > 0) {
          for (const success of watch.takeSuccesses()) {
            showSuccess(success);
          }
        }
      }),
    [watch],
  );
  return null;
}
