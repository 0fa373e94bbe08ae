// One row of the option orders table: a copy-trade session, represented by its first account's order.
import { Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { formatPrice } from "../../shared/format/formatPrice";
import { priceRangeText, rangeText } from "../../shared/orders/groupSummary";
import {
  optionGroupSummary,
  optionRefusals,
  optionSessionSummary,
  replacedSessionOf,
  type OptionSession,
} from "./OptionOrderRow";
import { useStores } from "../../shared/shell/StoreContext";
import { showOutcomeIfAny } from "../../shared/shell/showOutcomeIfAny";
import { RoundButton } from "../../shared/tables/RoundButton";
import { SessionLabel } from "../../shared/tables/SessionLabel";
import { SessionStatusMark } from "../../shared/tables/SessionStatusMark";
import { StatusCounts } from "../../shared/tables/StatusCounts";
import { SuccessRateTag } from "../../shared/tables/SuccessRateTag";
import { Words } from "../../shared/tables/Words";
import { FilledOfTotal } from "../../shared/tables/FilledOfTotal";
import { NumberCell } from "../../shared/tables/NumberCell";
import { EnteredTime } from "../../shared/tables/EnteredTime";

/** Props of {@link OptionSessionRow}. */
export interface OptionSessionRowProps {
  /** The session shown. */
  readonly session: OptionSession;
}

/** V opens the session's orders; P places it again; R replaces and C cancels its open orders. */
export const OptionSessionRow = observer(function OptionSessionRow({ session }: OptionSessionRowProps) {
  const { options } = useStores();
  const first = session.rows[0];
  if (first === undefined) {
    return null;
  }
  const id = session.id;
  const summary = optionSessionSummary(session);
  const group = optionGroupSummary(session);
  const descriptions = Array.from(new Set(session.rows.map((row) => row.optionChainDescription)));
  const final = options.finalReason(session);
  return (
    <tr data-session-id={id}>
      <td>
        <RoundButton letter="V" label={`View session ${id}`} onClick={() => options.sessionDialog.view.open(id)} />
      </td>
      <td className="cd-change-cell">
        <RoundButton
          letter="P"
          label={`Place session ${id} again`}
          intent={Intent.SUCCESS}
          onClick={() => void options.placeAgain(session).then(showOutcomeIfAny)}
        />
        <RoundButton
          letter="R"
          label={`Replace session ${id}`}
          intent={Intent.PRIMARY}
          disabled={options.replaceableRows(session).length === 0}
          why={final}
          onClick={() => options.replaceSession(session)}
        />
        <RoundButton
          letter="C"
          label={`Cancel session ${id}`}
          intent={Intent.DANGER}
          disabled={options.cancellableRows(session).length === 0}
          why={final}
          onClick={() => options.cancelSession(session)}
        />
      </td>
      <td className="cd-number">
        <SessionLabel
          sessionId={id}
          replacedSessionId={replacedSessionOf(session)}
          onOpenSession={options.sessionDialog.view.open}
        />
      </td>
      <td>
        {descriptions.map((description) => (
          <div key={description}>{description}</div>
        ))}
      </td>
      <td>
        <SuccessRateTag rate={first.successRate} />
      </td>
      <td className="cd-number">{summary.accounts}</td>
      <FilledOfTotal summary={summary} unit="contracts" />
      <NumberCell text={rangeText(group.filled)} />
      <NumberCell text={priceRangeText(group.price, formatPrice)} />
      <NumberCell text={rangeText(group.quantity)} />
      <td>{group.instructions.join(" / ")}</td>
      <td className="cd-words">
        <StatusCounts statuses={group.statuses} />
      </td>
      <td className="cd-words">
        <Words text={group.orderTypes.join(" / ")} />
      </td>
      <EnteredTime time={first.optionChainEnteredTime} today={options.orderTable.today} />
      <td>
        <SessionStatusMark color={first.optionChainStatusColor} refusals={optionRefusals(session)} />
      </td>
      <td>
        <span className="cd-truncate cd-name" title={session.rows.map((row) => row.accountName).join(", ")}>
          {session.rows.length === 1 ? first.accountName : `${first.accountName} +${session.rows.length - 1}`}
        </span>
      </td>
    </tr>
  );
});
