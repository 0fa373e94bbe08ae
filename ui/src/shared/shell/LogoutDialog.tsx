// The logout confirmation dialog: CANCEL closes it, Log Out ends the session and goes to the login page.
import { Button, Dialog, DialogBody, DialogFooter, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useNavigate } from "react-router-dom";
import { LOGIN_PATH } from "./paths";
import { useStores } from "./StoreContext";
import { showOutcome } from "./toaster";

const QUESTION_ID = "cd-logout-question";

/** Modal asking the agent to confirm logging out; closes on backdrop click. */
export const LogoutDialog = observer(function LogoutDialog() {
  const { session } = useStores();
  const navigate = useNavigate();

  const confirm = async () => {
    const outcome = await session.logout();
    if (outcome.ok) {
      navigate(LOGIN_PATH);
    }
    showOutcome(outcome);
  };

  return (
    <Dialog
      isOpen={session.logoutDialogOpen}
      onClose={session.closeLogoutDialog}
      canOutsideClickClose={!session.logoutPending}
      canEscapeKeyClose={!session.logoutPending}
      aria-labelledby={QUESTION_ID}
      className="cd-logout-dialog"
    >
      <DialogBody>
        <p id={QUESTION_ID}>Are you sure you want to log out?</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="CANCEL" disabled={session.logoutPending} onClick={session.closeLogoutDialog} />
            <Button
              intent={Intent.PRIMARY}
              text="Log Out"
              loading={session.logoutPending}
              disabled={session.logoutPending}
              onClick={() => void confirm()}
            />
          </>
        }
      />
    </Dialog>
  );
});
