// The cancel confirmation ("Option Delete Order"): names the option and how many accounts.
import { DialogBody, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../../shared/shell/StoreContext";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";

/** Asks before cancelling; CANCEL keeps the orders, DELETE cancels them. */
export const CancelOrderDialog = observer(function CancelOrderDialog() {
  const { options } = useStores();
  const dialog = options.cancelDialog;
  return (
    <PendingDialog dialog={dialog} title={dialog.title} className="cd-order-dialog" stacked>
      <DialogBody>
        <p>{dialog.question}</p>
      </DialogBody>
      <ConfirmFooter dialog={dialog} actionText="DELETE" intent={Intent.DANGER} onAction={dialog.confirm} />
    </PendingDialog>
  );
});
