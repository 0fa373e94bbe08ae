// The operator panel under the accounts table: per-account limits and health, and the operator settings.
import { H2, HTMLTable, Section, SectionCard } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStores } from "../../shared/shell/StoreContext";
import { Poller } from "../../shared/stores/Poller";
import { ColumnHeads } from "../../shared/tables/ColumnHeads";
import { OperatorAccountRow } from "./OperatorAccountRow";
import { DefaultFanOutMode } from "./DefaultFanOutMode";
import { OperatorSettingsForm } from "./OperatorSettingsForm";
import { backgroundReadsText } from "./ReadBudget";

/** How often the panel reloads the read budget's use while it is shown. */
export const READ_BUDGET_POLL_MS = 2_000;

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

/**
 * A compact panel titled Operator, refreshed by the Account screen's poll; while shown it also polls the read
 * budget's use (`GET /operator/read_budget`, asked nowhere else) for the background share.
 */
export const OperatorPanel = observer(function OperatorPanel() {
  const { operator } = useStores();
  const rows = operator.sortedAccounts;

  useEffect(() => {
    const poller = new Poller(operator.loadReadBudget, READ_BUDGET_POLL_MS, {
      onError: (error) => console.error("Loading the read budget failed", error),
    });
    poller.start();
    return () => poller.stop();
  }, [operator]);

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
        {operator.readBudget !== null && (
          <p className="cd-read-use" aria-label="Background reads">
            {backgroundReadsText(operator.readBudget)}
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
