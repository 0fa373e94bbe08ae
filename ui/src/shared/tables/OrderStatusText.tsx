// An order row's status, in yellow while its order is open.
import { Colors } from "@blueprintjs/core";

/** The colour of an open order's status text: a dark gold that stays readable on striped rows. */
export const OPEN_STATUS_COLOR = Colors.GOLD2;

/** Props of {@link OrderStatusText}. */
export interface OrderStatusTextProps {
  /** The status word, e.g. `WORKING`. */
  readonly status: string;
  /** True while the order is open (the row's own colour is yellow). */
  readonly open: boolean;
  /** Why the row failed or is unsettled, shown on hover; null when there is no reason. */
  readonly reason: string | null;
}

/** The status word; yellow while the order is open, with the reason on hover. */
export function OrderStatusText({ status, open, reason }: OrderStatusTextProps) {
  return (
    <span
      className={open ? "cd-status-open" : undefined}
      style={open ? { color: OPEN_STATUS_COLOR } : undefined}
      title={reason ?? undefined}
    >
      {status}
    </span>
  );
}
