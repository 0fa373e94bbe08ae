// Shows a trading screen's rejection alerts as danger toasts, as its orders table reports them.
import { autorun } from "mobx";
import { useEffect } from "react";
import { showDanger } from "./toaster";

/** Props of {@link RejectionToasts}. */
export interface RejectionToastsProps {
  /** The orders table's rejection watch: its alerts not yet shown, and how to take them. */
  readonly watch: { readonly alerts: readonly string[]; take(): string[] };
}

/** Renders nothing; while mounted, every alert of `watch` becomes a red toast once. */
export function RejectionToasts({ watch }: RejectionToastsProps) {
  useEffect(
    () =>
      autorun(() => {
        if (watch.alerts.length > 0) {
          for (const alert of watch.take()) {
            showDanger(alert);
          }
        }
      }),
    [watch],
  );
  return null;
}
