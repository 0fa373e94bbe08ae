// The delete confirmation: names the account and says what becomes of its open orders; CANCEL keeps it,
// DELETE removes it.
import { DialogBody, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { DELETE_OPEN_ORDERS_NOTE, deleteQuestion } from "./AccountMessages";
import { useStores } from "../shared/shell/StoreContext";
import { ConfirmFooter } from "../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../shared/dialogs/PendingDialog";

const QUESTION_ID = "cd-delete-account-question";

/** Modal asking the agent to confirm deleting an account. */
export const DeleteAccountDialog = observer(function DeleteAccountDialog() {
  const { accounts } = useStores();
  const dialog = accounts.deleteDialog;
  return (
    <PendingDialog
      dialog={dialog}
      title="Delete Account"
      describedBy={QUESTION_ID}
      className="cd-delete-account-dialog"
    >
      <DialogBody>
        <p id={QUESTION_ID}>{deleteQuestion(dialog.accountName)}</p>
        <p className="cd-delete-account-note">{DELETE_OPEN_ORDERS_NOTE}</p>
      </DialogBody>
      <ConfirmFooter dialog={dialog} actionText="DELETE" intent={Intent.DANGER} onAction={dialog.confirm} />
    </PendingDialog>
  );
});
