// One row of the vertical orders table: a session, summed up across its accounts' orders (spreads or single legs).
import { Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { formatPrice } from "../../shared/format/formatPrice";
import { useStores } from "../../shared/shell/StoreContext";
import { FilledOfTotal } from "../../shared/tables/FilledOfTotal";
import { NumberCell } from "../../shared/tables/NumberCell";
import { priceRangeText, rangeText } from "../../shared/orders/groupSummary";
import { RoundButton } from "../../shared/tables/RoundButton";
import { SessionStatusMark } from "../../shared/tables/SessionStatusMark";
import { StatusCounts } from "../../shared/tables/StatusCounts";
import { SuccessRateTag } from "../../shared/tables/SuccessRateTag";
import { Words } from "../../shared/tables/Words";
import {
  canCancelLeg,
  canReplaceLeg,
  sessionLegs,
  verticalGroupSummary,
  verticalRefusals,
  verticalSessionSummary,
  type VerticalSession,
} from "./VerticalOrderRow";
import { EnteredTime } from "../../shared/tables/EnteredTime";

/** Props of {@link VerticalSessionRow}. */
export interface VerticalSessionRowProps {
  /** The session shown. */
  readonly session: VerticalSession;
}

/** V shows every account's legs; P places the legs again; R replaces and C cancels legs. */
export const VerticalSessionRow = observer(function VerticalSessionRow({ session }: VerticalSessionRowProps) {
  const { verticals } = useStores();
  const legs = sessionLegs(session);
  const first = legs[0];
  if (first === undefined) {
    return null;
  }
  const id = session.id;
  const summary = verticalSessionSummary(session);
  const final = verticals.finalReason(session);
  const group = verticalGroupSummary(session);
  const descriptions = Array.from(
    new Set(
      [...session.rows]
        .sort((a, b) => a.optionChainLegIndex - b.optionChainLegIndex)
        .map((row) => row.optionChainDescription),
    ),
  );
  return (
    <tr data-session-id={id}>
      <td>
        <RoundButton letter="V" label={`View session ${id}`} onClick={() => verticals.viewSession(session)} />
      </td>
      <td className="cd-change-cell">
        <RoundButton
          letter="P"
          label={`Place session ${id} again`}
          intent={Intent.SUCCESS}
          onClick={() => verticals.placeAgain(session)}
        />
        <RoundButton
          letter="R"
          label={`Replace session ${id}`}
          intent={Intent.PRIMARY}
          disabled={!session.rows.some((row) => canReplaceLeg(row) && verticals.liveLegIsOpen(row))}
          why={final}
          onClick={() => verticals.replaceSession(session)}
        />
        <RoundButton
          letter="C"
          label={`Cancel session ${id}`}
          intent={Intent.DANGER}
          disabled={!session.rows.some((row) => canCancelLeg(row) && verticals.liveLegIsOpen(row))}
          why={final}
          onClick={() => verticals.cancelSession(session)}
        />
      </td>
      <td className="cd-number">
        <div>{`#${id}`}</div>
        {first.replacedSessionID !== null && <div className="cd-muted">{`replaces #${first.replacedSessionID}`}</div>}
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
      <FilledOfTotal summary={summary} unit={group.unit} />
      <NumberCell text={rangeText(group.filled)} />
      <NumberCell text={priceRangeText(group.price, formatPrice)} />
      <NumberCell text={rangeText(group.quantity)} />
      <td>
        {Array.from(new Set(group.instructions.flatMap((instructions) => instructions.split(" / ")))).map(
          (instruction) => (
            <div key={instruction}>{instruction}</div>
          ),
        )}
      </td>
      <td className="cd-words">
        <StatusCounts statuses={group.statuses} />
      </td>
      <td className="cd-words">
        <Words text={group.orderTypes.join(" / ")} />
      </td>
      <EnteredTime time={first.optionChainEnteredTime} today={verticals.orderTable.today} />
      <td>
        <SessionStatusMark color={first.optionChainStatusColor} refusals={verticalRefusals(session)} />
      </td>
      <td>
        <span className="cd-truncate cd-name" title={Array.from(new Set(session.rows.map((row) => row.accountName))).join(", ")}>
          {summary.accounts === 1 ? first.accountName : `${first.accountName} +${summary.accounts - 1}`}
        </span>
      </td>
    </tr>
  );
});
