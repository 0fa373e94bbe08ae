// The replace dialog: one account's order, the checked orders of a session, or a session's open orders.
import { Button, Dialog, DialogBody, DialogFooter, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../stores/StoreContext";
import { showOutcome } from "../toaster";
import { OrderFormFields } from "./OrderFormFields";
import { TierPreviewNote } from "./TierPreviewNote";

/** The replacement's instruction, order type, quantity and price, and what each tier will be sent. */
export const ReplaceOrderDialog = observer(function ReplaceOrderDialog() {
  const { options } = useStores();
  const dialog = options.replaceDialog;
  return (
    <Dialog
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      title={dialog.title}
      canOutsideClickClose={!dialog.pending}
      canEscapeKeyClose={!dialog.pending}
      isCloseButtonShown={!dialog.pending}
      className="cd-order-dialog"
    >
      <DialogBody>
        <p className="cd-dialog-account">{dialog.description}</p>
        <p>{`Accounts: ${dialog.targets.map((row) => row.accountUsername).join(", ")}`}</p>
        <OrderFormFields form={dialog.form} quantityLabel="Quantity" />
        <TierPreviewNote text={dialog.previewText} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="CANCEL" disabled={dialog.pending} onClick={dialog.close} />
            <Button
              intent={Intent.PRIMARY}
              text="Replace order"
              disabled={dialog.pending}
              onClick={() => void dialog.submit().then(showOutcome)}
            />
          </>
        }
      />
    </Dialog>
  );
});
