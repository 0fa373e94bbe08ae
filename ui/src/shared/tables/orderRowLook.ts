// How an order's row looks in a session's view dialog: yellow text throughout while the order is open (not
// final), struck through once it is cancelled, plain otherwise.
import type { CSSProperties } from "react";
import { OPEN_STATUS_COLOR } from "./OrderStatusText";

/** The class and inline style of a view dialog's order row. */
export interface OrderRowLook {
  /** `cd-open-row` for an open order, `cd-canceled-row` for a cancelled one, none otherwise. */
  readonly className?: string;
  /** The open status colour, which every cell of an open order's row takes. */
  readonly style?: CSSProperties;
}

/**
 * The look of a row whose order is `open` (its own status colour is yellow) or `canceled`; a final row keeps
 * the table's colours.
 */
export function orderRowLook(open: boolean, canceled: boolean): OrderRowLook {
  if (open) {
    return { className: "cd-open-row", style: { color: OPEN_STATUS_COLOR } };
  }
  return canceled ? { className: "cd-canceled-row" } : {};
}
