// One row of the trading accounts table: name, username, type, connection time (or why the login cannot be
// used), trading switch, settings.
import { Button, HTMLSelect, Intent, Switch, Tag } from "@blueprintjs/core";
import { InfoSignIcon, KeyIcon, TrashIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { DASH } from "../shared/format/dash";
import { ACCOUNT_TYPES, isAccountType } from "../shared/accounts/AccountType";
import { useStores } from "../shared/shell/StoreContext";
import { needsAttention } from "./AccountMessages";
import type { TradingAccount } from "../shared/accounts/TradingAccount";

const TYPE_OPTIONS = ACCOUNT_TYPES.map(({ value, label }) => ({ value, label }));

/** Props of {@link AccountRow}. */
export interface AccountRowProps {
  /** The account shown. */
  readonly account: TradingAccount;
}

/** A table row for one account; the password column is hidden, so it is not rendered at all. */
export const AccountRow = observer(function AccountRow({ account }: AccountRowProps) {
  const { accounts } = useStores();
  const typePending = accounts.pendingTypes.has(account.accountId);
  const tradingPending = accounts.pendingTradingActive.has(account.accountId);

  return (
    <tr data-account-id={account.accountId}>
      <td>{account.accountName}</td>
      <td>{account.accountUsername}</td>
      <td>
        <HTMLSelect
          aria-label={`Account Type of ${account.accountName}`}
          value={accounts.typeOf(account)}
          options={TYPE_OPTIONS}
          disabled={typePending}
          onChange={(event) => {
            const type = event.currentTarget.value;
            if (isAccountType(type)) {
              void accounts.setAccountType(account, type);
            }
          }}
        />
      </td>
      <td className="cd-number">
        {needsAttention(account.accountStatus) ? (
          <Tag intent={Intent.DANGER} minimal title="Copy trades skip this account, each with a FAILED_TO_PLACE row, until it is authorized again">
            {account.accountStatusText}
          </Tag>
        ) : (
          (account.accountConnectionTime ?? DASH)
        )}
      </td>
      <td>
        <Switch
          className="cd-table-switch"
          aria-label={`Trading Active of ${account.accountName}`}
          checked={accounts.tradingActiveOf(account)}
          disabled={tradingPending}
          onChange={(event) => void accounts.setTradingActive(account, event.currentTarget.checked)}
        />
      </td>
      <td className="cd-settings-cell">
        <Button
          variant="minimal"
          icon={<InfoSignIcon />}
          aria-label="View info"
          title="View info"
          onClick={() => void accounts.infoDialog.open(account)}
        />
        <Button
          variant="minimal"
          icon={<TrashIcon />}
          aria-label="Delete account"
          title="Delete account"
          onClick={() => accounts.deleteDialog.open(account)}
        />
        <Button
          variant="minimal"
          icon={<KeyIcon />}
          aria-label="Get access token"
          title="Get access token"
          onClick={() => void accounts.accessTokenDialog.open(account)}
        />
      </td>
    </tr>
  );
});
