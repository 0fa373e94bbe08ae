// The cancel confirmation ("Option Delete Order"): names the option and how many accounts.
import { Button, Dialog, DialogBody, DialogFooter, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../stores/StoreContext";
import { showOutcome } from "../toaster";

/** Asks before cancelling; CANCEL keeps the orders, DELETE cancels them. */
export const CancelOrderDialog = observer(function CancelOrderDialog() {
  const { options } = useStores();
  const dialog = options.cancelDialog;
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
        <p>{dialog.question}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="CANCEL" disabled={dialog.pending} onClick={dialog.close} />
            <Button
              intent={Intent.DANGER}
              text="DELETE"
              disabled={dialog.pending}
              onClick={() => void dialog.confirm().then(showOutcome)}
            />
          </>
        }
      />
    </Dialog>
  );
});
