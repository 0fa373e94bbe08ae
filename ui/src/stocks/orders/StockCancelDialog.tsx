// The stock delete confirmation: "Are you sure to delete this order …?" with CANCEL and DELETE ORDER.
import { DialogBody, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { useStores } from "../../shared/shell/StoreContext";

/** Asks before deleting; CANCEL keeps the orders. */
export const StockCancelDialog = observer(function StockCancelDialog() {
  const { stocks } = useStores();
  const dialog = stocks.cancelDialog;
  return (
    <PendingDialog stacked dialog={dialog} title={dialog.title} className="cd-order-dialog">
      <DialogBody>
        <p>{dialog.question}</p>
        <p className="cd-muted">{`Accounts: ${dialog.targets.map((row) => row.accountName).join(", ")}`}</p>
      </DialogBody>
      <ConfirmFooter dialog={dialog} actionText="DELETE ORDER" intent={Intent.DANGER} onAction={dialog.confirm} />
    </PendingDialog>
  );
});
