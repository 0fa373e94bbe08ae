// The trading accounts table of the Account screen, one page of ten at a time, with its pager.
import { HTMLTable } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { Fragment } from "react";
import { useStores } from "../shared/shell/StoreContext";
import { AccountRow } from "./AccountRow";
import { LoginAccountsRow } from "./LoginAccountsRow";
import { ColumnHeads } from "../shared/tables/ColumnHeads";
import { TablePager } from "../shared/tables/TablePager";

/** The visible columns in order; the hidden Account Password column comes after Account Type. */
export const ACCOUNT_COLUMNS = [
  "Name",
  "Account Username",
  "Account Type",
  "Connection time (minutes)",
  "Trading Active",
  "Settings",
] as const;

/** The accounts of the page shown, and First / Previous / Next / Last under them. */
export const AccountTable = observer(function AccountTable() {
  const { accounts } = useStores();
  const rows = accounts.pageAccounts;

  return (
    <div className="cd-table-block">
      <HTMLTable className="cd-account-table" compact striped aria-label="Trading accounts">
        <ColumnHeads columns={ACCOUNT_COLUMNS} />
        <tbody>
          {rows.map((account) => (
            <Fragment key={account.accountId}>
              <AccountRow account={account} />
              <LoginAccountsRow account={account} columns={ACCOUNT_COLUMNS.length} />
            </Fragment>
          ))}
          {rows.length === 0 && (
            <tr>
              <td className="cd-empty-row" colSpan={ACCOUNT_COLUMNS.length}>
                {accounts.loaded ? "No trading accounts" : "Loading…"}
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
      <TablePager
        label="Account pages"
        page={accounts.page}
        pageCount={accounts.pageCount}
        onFirst={accounts.firstPage}
        onPrevious={accounts.previousPage}
        onNext={accounts.nextPage}
        onLast={accounts.lastPage}
      />
    </div>
  );
});
