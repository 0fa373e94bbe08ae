// An order row's status, in yellow while its order is open and in red when it never went through.
import { Colors } from "@blueprintjs/core";
import { isFailedStatus } from "../orders/orderStatus";

/** The colour of an open order's status text: a dark gold that stays readable on striped rows. */
export const OPEN_STATUS_COLOR = Colors.GOLD2;

/** The colour of a failed order's status text (REJECTED, FAILED_TO_PLACE). */
export const FAILED_STATUS_COLOR = Colors.RED2;

/** The class and colour of a status word: open ones yellow, failed ones red, others plain. */
export function statusLook(status: string, open: boolean): { className?: string; color?: string } {
  if (open) {
    return { className: "cd-status-open", color: OPEN_STATUS_COLOR };
  }
  if (isFailedStatus(status)) {
    return { className: "cd-status-failed", color: FAILED_STATUS_COLOR };
  }
  return {};
}

/** Props of {@link OrderStatusText}. */
export interface OrderStatusTextProps {
  /** The status word, e.g. `WORKING`. */
  readonly status: string;
  /** True while the order is open (the row's own colour is yellow). */
  readonly open: boolean;
  /** Why the row failed or is unsettled, shown on hover; null when there is no reason. */
  readonly reason: string | null;
}

/** The status word; yellow while the order is open, red when it failed, with the reason on hover. */
export function OrderStatusText({ status, open, reason }: OrderStatusTextProps) {
  const look = statusLook(status, open);
  return (
    <span className={look.className} style={look.color ? { color: look.color } : undefined} title={reason ?? undefined}>
      {status}
    </span>
  );
}
