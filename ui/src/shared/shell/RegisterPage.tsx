// The register page: creates an agent account and sends the agent to the login page.
import { observer } from "mobx-react-lite";
import { Link, useNavigate } from "react-router-dom";
import { LOGIN_PATH } from "./paths";
import { useStores } from "./StoreContext";
import { showOutcome } from "./toaster";
import { CredentialsForm } from "./CredentialsForm";

/** Registration form with a link to login. */
export const RegisterPage = observer(function RegisterPage() {
  const { session } = useStores();
  const navigate = useNavigate();

  const register = async (agentUsername: string, agentPassword: string) => {
    const outcome = await session.register(agentUsername, agentPassword);
    showOutcome(outcome);
    if (outcome.ok) {
      navigate(LOGIN_PATH);
    }
  };

  return (
    <CredentialsForm
      title="Create an agent account"
      submitLabel="Register"
      pending={session.registerPending}
      passwordAutoComplete="new-password"
      onSubmit={(username, password) => void register(username, password)}
      footer={
        <>
          <span>Already a member?</span> <Link to={LOGIN_PATH}>Login</Link>
        </>
      }
    />
  );
});
