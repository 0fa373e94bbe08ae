// Guards the pages that need a signed-in agent: waits for the profile check, else sends to the login page.
import { Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { LOGIN_PATH } from "./paths";
import { useStores } from "./StoreContext";

/** Props of {@link RequireAgent}. */
export interface RequireAgentProps {
  /** The guarded page. */
  readonly children: ReactNode;
}

/** Shows `children` to a signed-in agent, a spinner while that is being checked, and redirects otherwise. */
export const RequireAgent = observer(function RequireAgent({ children }: RequireAgentProps) {
  const { session } = useStores();
  if (session.isSignedIn) {
    return <>{children}</>;
  }
  if (session.profileChecked) {
    return <Navigate to={LOGIN_PATH} replace />;
  }
  return <Spinner className="cd-page-spinner" aria-label="Checking who is signed in" />;
});
