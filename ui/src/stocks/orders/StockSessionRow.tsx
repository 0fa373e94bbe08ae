// One row of the stock orders table: a copy-trade session, represented by its first account's order.
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
import { stockSessionSummary, type StockSession } from "./StockOrderRow";
import { stopDetails } from "./stopDetails";

/** Props of {@link StockSessionRow}. */
export interface StockSessionRowProps {
  /** The session shown. */
  readonly session: StockSession;
}

/** V opens the session's orders; P places it again; R replaces and C deletes its open orders. */
export const StockSessionRow = observer(function StockSessionRow({ session }: StockSessionRowProps) {
  const { stocks, env } = useStores();
  const first = session.rows[0];
  if (first === undefined) {
    return null;
  }
  const id = session.id;
  const summary = stockSessionSummary(session);
  return (
    <tr data-session-id={id}>
      <td>
        <RoundButton letter="V" label={`View session ${id}`} onClick={() => stocks.sessionDialog.view.open(id)} />
      </td>
      <td className="cd-change-cell">
        <RoundButton
          letter="P"
          label={`Place session ${id} again`}
          intent={Intent.SUCCESS}
          onClick={() => stocks.placeAgain(session)}
        />
        <RoundButton
          letter="R"
          label={`Replace session ${id}`}
          intent={Intent.PRIMARY}
          disabled={stocks.replaceableRows(session).length === 0}
          onClick={() => stocks.replaceSession(session)}
        />
        <RoundButton
          letter="C"
          label={`Cancel session ${id}`}
          intent={Intent.DANGER}
          disabled={stocks.cancellableRows(session).length === 0}
          onClick={() => stocks.cancelSession(session)}
        />
      </td>
      <td>{first.stockSymbol}</td>
      <td>{first.stockSession}</td>
      <td>{first.stockDuration}</td>
      <td className="cd-number">
        <div>{`#${id}`}</div>
        {first.replacedSessionID !== null && <div className="cd-muted">{`replaces #${first.replacedSessionID}`}</div>}
      </td>
      <td>
        <SuccessRateTag rate={first.successRate} />
      </td>
      <td className="cd-number">{summary.accounts}</td>
      <td className="cd-number">
        <FilledOfTotal summary={summary} unit="shares" />
      </td>
      <td className="cd-number">{first.stockFilledQuantity}</td>
      <td className="cd-number">{formatPrice(first.stockPrice)}</td>
      <td className="cd-number">{first.stockQuantity}</td>
      <td>{first.stockInstruction}</td>
      <td>
        <OrderStatusText
          status={first.stockStatus}
          open={first.stockOwnStatusColor === "yellow"}
          reason={first.stockStatusDescription}
        />
      </td>
      <td title={stopDetails(first)}>{first.stockOrderType}</td>
      <td className="cd-number">{formatTime(first.stockEnteredTime, env.timeZone)}</td>
      <td>
        <StatusDot color={first.stockStatusColor} />
      </td>
      <td>{first.accountName}</td>
    </tr>
  );
});
