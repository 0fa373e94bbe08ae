// The toolbar above the accounts table: REFRESH and ADD ACCOUNT.
import { Button, Intent } from "@blueprintjs/core";
import { AddIcon, RefreshIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { useStores } from "../shared/shell/StoreContext";

/** REFRESH asks the server to refresh every account from its brokerage; ADD ACCOUNT opens the add dialog. */
export const AccountToolbar = observer(function AccountToolbar() {
  const { accounts } = useStores();
  return (
    <div className="cd-toolbar" role="toolbar" aria-label="Accounts">
      <Button
        icon={<RefreshIcon />}
        text="REFRESH"
        disabled={accounts.refreshPending}
        onClick={() => void accounts.refresh()}
      />
      <Button icon={<AddIcon />} intent={Intent.PRIMARY} text="ADD ACCOUNT" onClick={accounts.addDialog.open} />
    </div>
  );
});
