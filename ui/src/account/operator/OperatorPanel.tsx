// The operator panel under the accounts table: per-account limits and health, and the operator settings.
import { H2, HTMLTable, Section, SectionCard } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../../shared/shell/StoreContext";
import { ColumnHeads } from "../../shared/tables/ColumnHeads";
import { OperatorAccountRow } from "./OperatorAccountRow";
import { DefaultFanOutMode } from "./DefaultFanOutMode";
import { OperatorSettingsForm } from "./OperatorSettingsForm";

/** The operator table's columns in order. */
export const OPERATOR_COLUMNS = [
  "Account",
  "Status",
  "Write limit per minute",
  "Writes last minute",
  "Reads last minute",
  "Throttled calls",
  "Last successful poll",
  "Order stream",
  "Access token",
  "Refresh token",
] as const;

/** A compact panel titled Operator, refreshed by the Account screen's poll. */
export const OperatorPanel = observer(function OperatorPanel() {
  const { operator } = useStores();
  const rows = operator.sortedAccounts;

  return (
    <Section className="cd-operator" title="Operator" titleRenderer={H2} compact>
      <SectionCard>
        <OperatorSettingsForm />
        {operator.readUse !== null && (
          <p className="cd-read-use" aria-label="Read budget">
            Reads this minute by these accounts: {operator.readUse.readsLastMinute} of{" "}
            {operator.readUse.readLimitPerMinute} for the application · {operator.readUse.streaming} followed by
            their order stream (polled every 5 minutes), {operator.readUse.polled} polled
          </p>
        )}
        <DefaultFanOutMode />
      </SectionCard>
      <SectionCard padded={false}>
        <HTMLTable className="cd-operator-table" compact aria-label="Operator view of the accounts">
          <ColumnHeads columns={OPERATOR_COLUMNS} />
          <tbody>
            {rows.map((account) => (
              <OperatorAccountRow key={account.accountId} account={account} />
            ))}
            {rows.length === 0 && (
              <tr>
                <td className="cd-empty-row" colSpan={OPERATOR_COLUMNS.length}>
                  No trading accounts
                </td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </SectionCard>
    </Section>
  );
});
