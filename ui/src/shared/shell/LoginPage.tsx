// The login page: signs the agent in and opens the Account section.
import { observer } from "mobx-react-lite";
import { Link, useNavigate } from "react-router-dom";
import { DEFAULT_SUBPAGE, REGISTER_PATH, tradingPath } from "./paths";
import { useStores } from "./StoreContext";
import { showOutcome } from "./toaster";
import { CredentialsForm } from "./CredentialsForm";

/** Login form with a link to registration. */
export const LoginPage = observer(function LoginPage() {
  const { session } = useStores();
  const navigate = useNavigate();

  const login = async (agentUsername: string, agentPassword: string) => {
    const outcome = await session.login(agentUsername, agentPassword);
    showOutcome(outcome);
    if (outcome.ok) {
      navigate(tradingPath(DEFAULT_SUBPAGE));
    }
  };

  return (
    <CredentialsForm
      title="Sign in to copydesk"
      submitLabel="Login"
      pending={session.loginPending}
      passwordAutoComplete="current-password"
      onSubmit={(username, password) => void login(username, password)}
      footer={
        <>
          <span>Don&apos;t have an account yet?</span> <Link to={REGISTER_PATH}>Register now</Link>
        </>
      }
    />
  );
});
