// The username and password form shared by the login and register pages.
import { Button, Card, FormGroup, H1, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId, useState, type FormEvent, type ReactNode } from "react";

/** Props of {@link CredentialsForm}. */
export interface CredentialsFormProps {
  /** The page's level-one heading, e.g. `Sign in to copydesk`. */
  readonly title: string;
  /** Text of the submit button (`Login`, `Register`). */
  readonly submitLabel: string;
  /** True while the request is in flight: the button is disabled and submitting does nothing. */
  readonly pending: boolean;
  /** Browser autofill hint for the password field. */
  readonly passwordAutoComplete: "current-password" | "new-password";
  /** Called with the values as typed; empty values are sent as they are. */
  readonly onSubmit: (agentUsername: string, agentPassword: string) => void;
  /** The line under the form (a question and a link to the other form). */
  readonly footer: ReactNode;
}

/** Username field, password field and one submit button, without client-side validation. */
export const CredentialsForm = observer(function CredentialsForm(props: CredentialsFormProps) {
  const { title, submitLabel, pending, passwordAutoComplete, onSubmit, footer } = props;
  const [agentUsername, setAgentUsername] = useState("");
  const [agentPassword, setAgentPassword] = useState("");
  const usernameId = useId();
  const passwordId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) {
      onSubmit(agentUsername, agentPassword);
    }
  };

  return (
    <Card className="cd-auth-card">
      <H1 className="cd-auth-title">{title}</H1>
      <form onSubmit={submit}>
        <FormGroup label="Username" labelFor={usernameId}>
          <InputGroup
            id={usernameId}
            name="agentUsername"
            autoComplete="username"
            value={agentUsername}
            onValueChange={setAgentUsername}
          />
        </FormGroup>
        <FormGroup label="Password" labelFor={passwordId}>
          <InputGroup
            id={passwordId}
            name="agentPassword"
            type="password"
            autoComplete={passwordAutoComplete}
            value={agentPassword}
            onValueChange={setAgentPassword}
          />
        </FormGroup>
        <Button type="submit" intent={Intent.PRIMARY} fill text={submitLabel} loading={pending} disabled={pending} />
      </form>
      <p className="cd-auth-footer">{footer}</p>
    </Card>
  );
});
