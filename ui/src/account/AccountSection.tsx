// The Account section of the trading area: the agent's trading accounts, their sizing and limits, their dialogs
// and the operator panel.
import { observer } from "mobx-react-lite";
import { ScreenTitle } from "../shared/shell/ScreenTitle";
import { useEffect } from "react";
import { useStores } from "../shared/shell/StoreContext";
import { AccessTokenDialog } from "./AccessTokenDialog";
import { AccountInfoDialog } from "./AccountInfoDialog";
import { AccountTable } from "./AccountTable";
import { AccountToolbar } from "./AccountToolbar";
import { AddAccountDialog } from "./AddAccountDialog";
import { DeleteAccountDialog } from "./DeleteAccountDialog";
import { LinkLoginAccountDialog } from "./LinkLoginAccountDialog";
import { LimitsDialog } from "./limits/LimitsDialog";
import { LimitsSection } from "./limits/LimitsSection";
import { OperatorPanel } from "./operator/OperatorPanel";

/** The Account section, shown at its tab; polls the accounts every second while it is shown. */
export const AccountSection = observer(function AccountSection() {
  const { accounts, operator } = useStores();

  useEffect(() => {
    accounts.startPolling();
    void operator.loadSettings();
    return () => {
      accounts.stopPolling();
    };
  }, [accounts, operator]);

  return (
    <section className="cd-section cd-account-section" aria-labelledby="cd-section-title">
      <div className="cd-section-head">
        <ScreenTitle text="Account" />
        <AccountToolbar />
      </div>
      <AccountTable />
      <LimitsSection />
      <OperatorPanel />
      <AddAccountDialog />
      <AccountInfoDialog />
      <DeleteAccountDialog />
      <AccessTokenDialog />
      <LinkLoginAccountDialog />
      <LimitsDialog />
    </section>
  );
});
