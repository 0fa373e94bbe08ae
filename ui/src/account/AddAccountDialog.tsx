// The "Add new Trading Account" dialog: name, brokerage login and type; a spinner while the account is linked.
import {
  Button,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Spinner,
} from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId, type FormEvent } from "react";
import { ACCOUNT_TYPES, isAccountType } from "../shared/accounts/AccountType";
import { useStores } from "../shared/shell/StoreContext";
import { showOutcome } from "../shared/shell/toaster";
import { PendingDialog } from "../shared/dialogs/PendingDialog";

const TYPE_OPTIONS = ACCOUNT_TYPES.map(({ value, label }) => ({ value, label }));

/** Modal form linking a new brokerage account; CANCEL closes it, Login submits it. */
export const AddAccountDialog = observer(function AddAccountDialog() {
  const { accounts } = useStores();
  const dialog = accounts.addDialog;
  const nameId = useId();
  const usernameId = useId();
  const passwordId = useId();
  const typeId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dialog.pending) {
      showOutcome(await dialog.submit());
    }
  };

  return (
    <PendingDialog dialog={dialog} title="Add new Trading Account" className="cd-add-account-dialog">
      <form onSubmit={(event) => void submit(event)}>
        <DialogBody>
          {dialog.pending ? (
            <Spinner className="cd-dialog-spinner" aria-label="Adding the account" />
          ) : (
            <>
              <FormGroup label="Name" labelFor={nameId} {...marked(dialog.problemOf("Name"))}>
                <InputGroup
                  id={nameId}
                  value={dialog.accountName}
                  onValueChange={dialog.setAccountName}
                  intent={intentOf(dialog.problemOf("Name"))}
                />
              </FormGroup>
              <FormGroup label="Account Username" labelFor={usernameId} {...marked(dialog.problemOf("Account Username"))}>
                <InputGroup
                  id={usernameId}
                  intent={intentOf(dialog.problemOf("Account Username"))}
                  autoComplete="off"
                  value={dialog.accountUsername}
                  onValueChange={dialog.setAccountUsername}
                />
              </FormGroup>
              <FormGroup label="Account Password" labelFor={passwordId} {...marked(dialog.problemOf("Account Password"))}>
                <InputGroup
                  id={passwordId}
                  intent={intentOf(dialog.problemOf("Account Password"))}
                  type="password"
                  autoComplete="new-password"
                  value={dialog.accountPassword}
                  onValueChange={dialog.setAccountPassword}
                />
              </FormGroup>
              <FormGroup label="Account Type" labelFor={typeId}>
                <HTMLSelect
                  id={typeId}
                  fill
                  value={dialog.accountType}
                  options={TYPE_OPTIONS}
                  onChange={(event) => {
                    const type = event.currentTarget.value;
                    if (isAccountType(type)) {
                      dialog.setAccountType(type);
                    }
                  }}
                />
              </FormGroup>
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="CANCEL" disabled={dialog.pending} onClick={dialog.close} />
              <Button type="submit" intent={Intent.PRIMARY} text="Login" disabled={dialog.pending} />
            </>
          }
        />
      </form>
    </PendingDialog>
  );
});

/** The danger intent for a field with a problem. */
function intentOf(problem: string | undefined): Intent {
  return problem === undefined ? Intent.NONE : Intent.DANGER;
}

/** A form group's intent and helper text for a field's problem (none when it is fine). */
function marked(problem: string | undefined): { intent: Intent; helperText?: string } {
  return problem === undefined ? { intent: Intent.NONE } : { intent: Intent.DANGER, helperText: problem };
}
