// The Option Delete Order (Individual) dialog: confirms cancelling one account's vertical order.
import { DialogBody, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { useStores } from "../../shared/shell/StoreContext";

/** Asks "Are you sure to delete this order …?" with CANCEL and DELETE ORDER. */
export const DeleteOrderDialog = observer(function DeleteOrderDialog() {
  const { verticals } = useStores();
  const dialog = verticals.deleteDialog;
  return (
    <PendingDialog stacked dialog={dialog} title="Option Delete Order (Individual)" className="cd-order-dialog">
      <DialogBody>
        <p>{dialog.question}</p>
        {dialog.row !== null && <p className="cd-muted">{dialog.row.accountName}</p>}
      </DialogBody>
      <ConfirmFooter dialog={dialog} actionText="DELETE ORDER" intent={Intent.DANGER} onAction={dialog.confirm} />
    </PendingDialog>
  );
});
