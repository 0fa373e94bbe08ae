// The "Option Exit Order" dialog: closing one position, or the same option held by the selected accounts.
import { Button, Dialog, DialogBody, DialogFooter, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../stores/StoreContext";
import { showOutcome } from "../toaster";
import { OrderFormFields } from "./OrderFormFields";

/** The closing order, starting from the position's defaults; quantity and price are numeric. */
export const ExitOrderDialog = observer(function ExitOrderDialog() {
  const { options } = useStores();
  const dialog = options.exitDialog;
  return (
    <Dialog
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      title="Option Exit Order"
      canOutsideClickClose={!dialog.pending}
      canEscapeKeyClose={!dialog.pending}
      isCloseButtonShown={!dialog.pending}
      className="cd-order-dialog"
    >
      <DialogBody>
        <p className="cd-dialog-account">{dialog.description}</p>
        <p>{`Accounts: ${dialog.accountNames}`}</p>
        <OrderFormFields form={dialog.form} quantityLabel="Quantity" numeric />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="CANCEL" disabled={dialog.pending} onClick={dialog.close} />
            <Button
              intent={Intent.WARNING}
              text="Exit order"
              disabled={dialog.pending}
              onClick={() => void dialog.submit().then(showOutcome)}
            />
          </>
        }
      />
    </Dialog>
  );
});
