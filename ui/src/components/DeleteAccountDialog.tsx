// The delete confirmation: names the account; CANCEL keeps it, DELETE removes it.
import { Button, Dialog, DialogBody, DialogFooter, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { deleteQuestion } from "../stores/AccountMessages";
import { useStores } from "../stores/StoreContext";
import { showOutcome } from "../toaster";

const QUESTION_ID = "cd-delete-account-question";

/** Modal asking the agent to confirm deleting an account. */
export const DeleteAccountDialog = observer(function DeleteAccountDialog() {
  const { accounts } = useStores();
  const dialog = accounts.deleteDialog;

  const confirm = async () => {
    showOutcome(await dialog.confirm());
  };

  return (
    <Dialog
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      title="Delete Account"
      canOutsideClickClose={!dialog.pending}
      canEscapeKeyClose={!dialog.pending}
      isCloseButtonShown={!dialog.pending}
      aria-describedby={QUESTION_ID}
      className="cd-delete-account-dialog"
    >
      <DialogBody>
        <p id={QUESTION_ID}>{deleteQuestion(dialog.accountName)}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="CANCEL" disabled={dialog.pending} onClick={dialog.close} />
            <Button intent={Intent.DANGER} text="DELETE" disabled={dialog.pending} onClick={() => void confirm()} />
          </>
        }
      />
    </Dialog>
  );
});
