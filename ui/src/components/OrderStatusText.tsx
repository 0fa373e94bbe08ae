// An order row's status, in yellow while its order is open.
import { Colors } from "@blueprintjs/core";
import type { OptionOrderRow } from "../stores/OptionOrderRow";

/** The colour of an open order's status text. */
export const OPEN_STATUS_COLOR = Colors.GOLD3;

/** Props of {@link OrderStatusText}. */
export interface OrderStatusTextProps {
  /** The row whose status is shown. */
  readonly row: OptionOrderRow;
}

/** The status word; yellow when the row's own colour says its order is open, with the reason on hover. */
export function OrderStatusText({ row }: OrderStatusTextProps) {
  const open = row.optionChainOwnStatusColor === "yellow";
  return (
    <span
      className={open ? "cd-status-open" : undefined}
      style={open ? { color: OPEN_STATUS_COLOR } : undefined}
      title={row.optionChainStatusDescription ?? undefined}
    >
      {row.optionChainStatus}
    </span>
  );
}
