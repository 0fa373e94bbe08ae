// The "Link …5678" dialog: the new trading account's name and type for another brokerage account of a login;
// CANCEL closes it, LINK links it on the login's tokens (no new sign-in).
import { DialogBody, FormGroup, HTMLSelect, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { ACCOUNT_TYPES, isAccountType } from "../shared/accounts/AccountType";
import { ConfirmFooter } from "../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../shared/dialogs/PendingDialog";
import { useStores } from "../shared/shell/StoreContext";
import { LINK_NAME_LABEL } from "./LinkLoginAccountDialogStore";

const TYPE_OPTIONS = ACCOUNT_TYPES.map(({ value, label }) => ({ value, label }));
const NOTE_ID = "cd-link-login-account-note";

/** Modal form linking another account of a login as its own trading account. */
export const LinkLoginAccountDialog = observer(function LinkLoginAccountDialog() {
  const { accounts } = useStores();
  const dialog = accounts.linkDialog;
  const nameId = useId();
  const typeId = useId();
  const problem = dialog.shownNameProblem;

  return (
    <PendingDialog dialog={dialog} title={dialog.title} describedBy={NOTE_ID} className="cd-link-login-account-dialog">
      <DialogBody>
        <p id={NOTE_ID}>
          {`Account ${dialog.brokerageAccount} of ${dialog.sourceName}'s login becomes a trading account of its own, signed in with that login.`}
        </p>
        <FormGroup
          label={LINK_NAME_LABEL}
          labelFor={nameId}
          intent={problem === undefined ? Intent.NONE : Intent.DANGER}
          helperText={problem}
        >
          <InputGroup
            id={nameId}
            value={dialog.accountName}
            onValueChange={dialog.setAccountName}
            intent={problem === undefined ? Intent.NONE : Intent.DANGER}
            disabled={dialog.pending}
          />
        </FormGroup>
        <FormGroup label="Account Type" labelFor={typeId}>
          <HTMLSelect
            id={typeId}
            fill
            value={dialog.accountType}
            options={TYPE_OPTIONS}
            disabled={dialog.pending}
            onChange={(event) => {
              const type = event.currentTarget.value;
              if (isAccountType(type)) {
                dialog.setAccountType(type);
              }
            }}
          />
        </FormGroup>
      </DialogBody>
      <ConfirmFooter dialog={dialog} actionText="LINK" intent={Intent.PRIMARY} onAction={dialog.submit} />
    </PendingDialog>
  );
});
