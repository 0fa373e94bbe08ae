// The "Get Access Token" dialog: the brokerage login to type, the authorization page, and the pasted code.
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Spinner,
} from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { useStores } from "../shared/shell/StoreContext";
import { showOutcome } from "../shared/shell/toaster";

/**
 * Modal walking the agent through the brokerage's authorization: it shows the account's username and
 * password, opens the authorization page, and sends the redirect address pasted back from it.
 */
export const AccessTokenDialog = observer(function AccessTokenDialog() {
  const { accounts } = useStores();
  const dialog = accounts.accessTokenDialog;
  const usernameId = useId();
  const passwordId = useId();
  const codeId = useId();
  const credentials = dialog.credentials;

  const openAuthorizationPage = async () => {
    const outcome = await dialog.openAuthorizationPage();
    if (outcome !== null) {
      showOutcome(outcome);
    }
  };

  const getAccessToken = async () => {
    showOutcome(await dialog.getAccessToken());
  };

  return (
    <Dialog
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      title="Get Access Token"
      canOutsideClickClose={!dialog.busy}
      canEscapeKeyClose={!dialog.busy}
      isCloseButtonShown={!dialog.busy}
      className="cd-access-token-dialog"
    >
      <DialogBody>
        <p className="cd-dialog-account">{dialog.accountName}</p>
        {dialog.credentialsLoading && <Spinner className="cd-dialog-spinner" aria-label="Loading the login" />}
        {dialog.credentialsError !== null && (
          <Callout intent={Intent.DANGER} title="The account's login could not be loaded">
            {dialog.credentialsError}
          </Callout>
        )}
        {credentials !== null && (
          <>
            <FormGroup label="Account Username" labelFor={usernameId}>
              <InputGroup id={usernameId} readOnly value={credentials.accountUsername} />
            </FormGroup>
            <FormGroup label="Account Password" labelFor={passwordId}>
              <InputGroup id={passwordId} readOnly value={credentials.accountPassword} />
            </FormGroup>
          </>
        )}
        <FormGroup
          label="Account Authorization Code"
          labelFor={codeId}
          intent={dialog.codeProblem === null ? Intent.NONE : Intent.DANGER}
          helperText={dialog.codeProblem ?? "Sign in on the authorization page, then paste the address it sends you to."}
        >
          <InputGroup
            id={codeId}
            intent={dialog.codeProblem === null ? Intent.NONE : Intent.DANGER}
            autoComplete="off"
            value={dialog.authorizationCode}
            onValueChange={dialog.setAuthorizationCode}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="CANCEL" disabled={dialog.busy} onClick={dialog.close} />
            <Button
              text="Get authorization code"
              disabled={dialog.authorizationPending}
              onClick={() => void openAuthorizationPage()}
            />
            <Button
              intent={Intent.PRIMARY}
              text="Get access code"
              disabled={dialog.accessPending}
              onClick={() => void getAccessToken()}
            />
          </>
        }
      />
    </Dialog>
  );
});
