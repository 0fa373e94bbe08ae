// One account in the "Sizing and limits" list: name, sizing in words, below-one choice, the guards set, Edit.
import { Button } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { AccountLimits } from "../../shared/accounts/AccountLimits";
import { useStores } from "../../shared/shell/StoreContext";
import { BELOW_ONE_TEXT, balancesText, guardTexts, sizingText } from "./limitsText";

/** Props of {@link LimitsRow}. */
export interface LimitsRowProps {
  /** The account's limits. */
  readonly limits: AccountLimits;
}

/** What the guards cell says when no guard is set. */
export const NO_GUARDS = "None";

/** A row of the list; each text cut to its column is named in full on hover. */
export const LimitsRow = observer(function LimitsRow({ limits }: LimitsRowProps) {
  const store = useStores().limits;
  const sizing = sizingText(limits.sizing, store.tierMultiplierOf(limits.accountId));
  const byNetLiquidation = limits.sizing.method === "NET_LIQUIDATION";
  const balances = byNetLiquidation ? balancesText(limits.balances) : null;
  const sizingTitle = balances === null ? sizing : `${sizing} · ${balances}`;
  const guards = guardTexts(limits.guards);
  const guardsText = guards.length === 0 ? NO_GUARDS : guards.join(" · ");

  return (
    <tr data-account-id={limits.accountId}>
      <td className="cd-cut" title={limits.accountName}>
        {limits.accountName}
      </td>
      <td className="cd-cut" title={sizingTitle}>
        {sizing}
        {balances !== null && (
          <span className={limits.balances === null ? "cd-limits-unread" : "cd-limits-balances"}> · {balances}</span>
        )}
      </td>
      <td>{BELOW_ONE_TEXT[limits.sizing.belowOne]}</td>
      <td className={guards.length === 0 ? "cd-cut cd-limits-none" : "cd-cut"} title={guardsText}>
        {guardsText}
      </td>
      <td>
        <Button
          size="small"
          text="Edit"
          aria-label={`Edit sizing and limits of ${limits.accountName}`}
          onClick={() => store.editDialog.open(limits)}
        />
      </td>
    </tr>
  );
});
