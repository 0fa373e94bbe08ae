// The net an account's order of the Replace Individual Order Legs dialog is sent at, or why it cannot be sent.
import { Classes } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { ReplaceLegsDialogStore } from "./ReplaceLegsDialogStore";

/** Props of {@link OrderNewNet}. */
export interface OrderNewNetProps {
  /** The dialog's store. */
  readonly dialog: ReplaceLegsDialogStore;
  /** The account order. */
  readonly orderKey: string;
}

/**
 * The net worked out from the order's legs as shown (what is sent; a single-leg order's own price), or in red why
 * the legs are not one spread.
 */
export const OrderNewNet = observer(function OrderNewNet({ dialog, orderKey }: OrderNewNetProps) {
  const problem = dialog.orderProblem(orderKey);
  if (problem !== null) {
    return <span className={Classes.INTENT_DANGER}>{problem}</span>;
  }
  return <>{dialog.newPriceText(orderKey)}</>;
});
