// One row of the vertical orders table: a session, represented by its first account's order (both legs).
import { Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { formatPrice } from "../../shared/format/formatPrice";
import { formatTime } from "../../shared/format/formatTime";
import { useStores } from "../../shared/shell/StoreContext";
import { FilledOfTotal } from "../../shared/tables/FilledOfTotal";
import { OrderStatusText } from "../../shared/tables/OrderStatusText";
import { RoundButton } from "../../shared/tables/RoundButton";
import { StatusDot } from "../../shared/tables/StatusDot";
import { SuccessRateTag } from "../../shared/tables/SuccessRateTag";
import {
  canCancelLeg,
  canReplaceLeg,
  sessionLegs,
  verticalSessionSummary,
  type VerticalSession,
} from "./VerticalOrderRow";

/** Props of {@link VerticalSessionRow}. */
export interface VerticalSessionRowProps {
  /** The session shown. */
  readonly session: VerticalSession;
}

/** V shows every account's legs; P places the legs again; R replaces and C cancels legs. */
export const VerticalSessionRow = observer(function VerticalSessionRow({ session }: VerticalSessionRowProps) {
  const { verticals, env } = useStores();
  const legs = sessionLegs(session);
  const first = legs[0];
  if (first === undefined) {
    return null;
  }
  const id = session.id;
  const summary = verticalSessionSummary(session);
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
          disabled={!session.rows.some(canReplaceLeg)}
          onClick={() => verticals.replaceSession(session)}
        />
        <RoundButton
          letter="C"
          label={`Cancel session ${id}`}
          intent={Intent.DANGER}
          disabled={!session.rows.some(canCancelLeg)}
          onClick={() => verticals.cancelSession(session)}
        />
      </td>
      <td className="cd-number">
        <div>{`#${id}`}</div>
        {first.replacedSessionID !== null && <div className="cd-muted">{`replaces #${first.replacedSessionID}`}</div>}
      </td>
      <td>
        {legs.map((leg) => (
          <div key={leg.optionChainLegIndex}>{leg.optionChainDescription}</div>
        ))}
      </td>
      <td>
        <SuccessRateTag rate={first.successRate} />
      </td>
      <td className="cd-number">{summary.accounts}</td>
      <td className="cd-number">
        <FilledOfTotal summary={summary} unit="spreads" />
      </td>
      <td className="cd-number">{first.optionChainFilledQuantity}</td>
      <td className="cd-number">{formatPrice(first.optionChainPrice)}</td>
      <td className="cd-number">{first.optionChainQuantity}</td>
      <td>
        {legs.map((leg) => (
          <div key={leg.optionChainLegIndex}>{leg.optionChainInstruction}</div>
        ))}
      </td>
      <td>
        <OrderStatusText
          status={first.optionChainStatus}
          open={first.optionChainOwnStatusColor === "yellow"}
          reason={first.optionChainStatusDescription}
        />
      </td>
      <td>{first.optionChainOrderType}</td>
      <td className="cd-number">{formatTime(first.optionChainEnteredTime, env.timeZone)}</td>
      <td>
        <StatusDot color={first.optionChainStatusColor} />
      </td>
      <td>{first.accountName}</td>
    </tr>
  );
});
