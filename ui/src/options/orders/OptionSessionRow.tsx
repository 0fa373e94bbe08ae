// One row of the option orders table: a copy-trade session, represented by its first account's order.
import { Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { formatPrice } from "../../shared/format/formatPrice";
import { formatTime } from "../../shared/format/formatTime";
import { optionSessionSummary, replacedSessionOf, type OptionSession } from "./OptionOrderRow";
import { useStores } from "../../shared/shell/StoreContext";
import { showOutcomeIfAny } from "../../shared/shell/showOutcomeIfAny";
import { OrderStatusText } from "../../shared/tables/OrderStatusText";
import { RoundButton } from "../../shared/tables/RoundButton";
import { SessionLabel } from "../../shared/tables/SessionLabel";
import { StatusDot } from "../../shared/tables/StatusDot";
import { SuccessRateTag } from "../../shared/tables/SuccessRateTag";
import { FilledOfTotal } from "../../shared/tables/FilledOfTotal";

/** Props of {@link OptionSessionRow}. */
export interface OptionSessionRowProps {
  /** The session shown. */
  readonly session: OptionSession;
}

/** V opens the session's orders; P places it again; R replaces and C cancels its open orders. */
export const OptionSessionRow = observer(function OptionSessionRow({ session }: OptionSessionRowProps) {
  const { options, env } = useStores();
  const first = session.rows[0];
  if (first === undefined) {
    return null;
  }
  const id = session.id;
  const summary = optionSessionSummary(session);
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
          onClick={() => options.replaceSession(session)}
        />
        <RoundButton
          letter="C"
          label={`Cancel session ${id}`}
          intent={Intent.DANGER}
          disabled={options.cancellableRows(session).length === 0}
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
      <td>{first.optionChainDescription}</td>
      <td>
        <SuccessRateTag rate={first.successRate} />
      </td>
      <td className="cd-number">{summary.accounts}</td>
      <td className="cd-number">
        <FilledOfTotal summary={summary} unit="contracts" />
      </td>
      <td className="cd-number">{first.optionChainFilledQuantity}</td>
      <td className="cd-number">{formatPrice(first.optionChainPrice)}</td>
      <td className="cd-number">{first.optionChainQuantity}</td>
      <td>{first.optionChainInstruction}</td>
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
      <td>
        <span className="cd-truncate cd-name" title={first.accountName}>
          {first.accountName}
        </span>
      </td>
    </tr>
  );
});
