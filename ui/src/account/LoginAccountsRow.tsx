// The line under an account's row naming the other accounts of its login that are free to link, each with its
// Link button ("Also on this login: …5678  [Link …5678]").
import { Button } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../shared/shell/StoreContext";
import type { TradingAccount } from "../shared/accounts/TradingAccount";
import { alsoOnLoginText, linkButtonText } from "./AccountMessages";

/** Props of {@link LoginAccountsRow}. */
export interface LoginAccountsRowProps {
  /** The account whose login is shown. */
  readonly account: TradingAccount;
  /** How many columns the table has (the line spans them all). */
  readonly columns: number;
}

/** Nothing when the account's login reaches no free account; else one table row spanning the table. */
export const LoginAccountsRow = observer(function LoginAccountsRow({ account, columns }: LoginAccountsRowProps) {
  const { accounts } = useStores();
  if (account.otherLoginAccounts.length === 0) {
    return null;
  }
  return (
    <tr className="cd-login-accounts-row" data-login-of={account.accountId}>
      <td colSpan={columns}>
        <div className="cd-login-accounts">
          <span>{alsoOnLoginText(account.otherLoginAccounts)}</span>
          {account.otherLoginAccounts.map((shown) => (
            <Button
              key={shown}
              size="small"
              variant="outlined"
              text={linkButtonText(shown)}
              onClick={() => accounts.linkDialog.open(account, shown)}
            />
          ))}
        </div>
      </td>
    </tr>
  );
});
