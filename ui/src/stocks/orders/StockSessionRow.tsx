// One row of the stock orders table: a copy-trade session, summed up across its accounts' orders.
import { Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { DASH } from "../../shared/format/dash";
import { formatPrice } from "../../shared/format/formatPrice";
import { rangeText } from "../../shared/orders/groupSummary";
import { useStores } from "../../shared/shell/StoreContext";
import { EnteredTime } from "../../shared/tables/EnteredTime";
import { FilledOfTotal } from "../../shared/tables/FilledOfTotal";
import { NumberCell } from "../../shared/tables/NumberCell";
import { RoundButton } from "../../shared/tables/RoundButton";
import { SessionStatusMark } from "../../shared/tables/SessionStatusMark";
import { StatusCounts } from "../../shared/tables/StatusCounts";
import { SuccessRateTag } from "../../shared/tables/SuccessRateTag";
import { Words } from "../../shared/tables/Words";
import {
  stockGroupSummary,
  stockRefusals,
  stockSessionSummary,
  stockDurationWord,
  stockSessionWord,
  stockStopText,
  stockStopWords,
  type StockSession,
} from "./StockOrderRow";

/** Props of {@link StockSessionRow}. */
export interface StockSessionRowProps {
  /** The session shown. */
  readonly session: StockSession;
}

/** Distinct texts of the session's rows, joined. */
function distinctText(values: readonly (string | null)[]): string {
  const texts = Array.from(new Set(values.filter((value): value is string => value !== null)));
  return texts.length === 0 ? DASH : texts.join(" / ");
}

/** V opens the session's orders; P places it again; R replaces and C deletes its open orders. */
export const StockSessionRow = observer(function StockSessionRow({ session }: StockSessionRowProps) {
  const { stocks } = useStores();
  const first = session.rows[0];
  if (first === undefined) {
    return null;
  }
  const id = session.id;
  const summary = stockSessionSummary(session);
  const group = stockGroupSummary(session);
  const priced = session.rows.filter((row) => row.stockPrice > 0).map((row) => row.stockPrice);
  const price =
    priced.length === 0 ? DASH : rangeText({ min: Math.min(...priced), max: Math.max(...priced) }, formatPrice);
  const stops = session.rows.map(stockStopText);
  const final = stocks.finalReason(session);
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
          why={final}
          onClick={() => stocks.replaceSession(session)}
        />
        <RoundButton
          letter="C"
          label={`Cancel session ${id}`}
          intent={Intent.DANGER}
          disabled={stocks.cancellableRows(session).length === 0}
          why={final}
          onClick={() => stocks.cancelSession(session)}
        />
      </td>
      <td>{distinctText(session.rows.map((row) => row.stockSymbol))}</td>
      <td className="cd-words">
        <Words text={distinctText(session.rows.map(stockSessionWord))} />
      </td>
      <td>{distinctText(session.rows.map(stockDurationWord))}</td>
      <td className="cd-number">
        <div>{`#${id}`}</div>
        {first.replacedSessionID !== null && <div className="cd-muted">{`replaces #${first.replacedSessionID}`}</div>}
      </td>
      <td>
        <SuccessRateTag rate={first.successRate} />
      </td>
      <td className="cd-number">{summary.accounts}</td>
      <FilledOfTotal summary={summary} unit="shares" />
      <NumberCell text={rangeText(group.filled)} />
      <NumberCell text={price} />
      <td className="cd-stop" title={distinctText(session.rows.map(stockStopWords))}>
        {distinctText(stops)}
      </td>
      <NumberCell text={rangeText(group.quantity)} />
      <td className="cd-words">
        <Words text={group.instructions.join(" / ")} />
      </td>
      <td className="cd-words">
        <StatusCounts statuses={group.statuses} />
      </td>
      <td className="cd-words">
        <Words text={group.orderTypes.join(" / ")} />
      </td>
      <EnteredTime time={first.stockEnteredTime} today={stocks.orderTable.today} />
      <td>
        <SessionStatusMark color={first.stockStatusColor} refusals={stockRefusals(session)} />
      </td>
      <td>
        <span className="cd-truncate cd-name" title={first.accountName}>
          {session.rows.length === 1 ? first.accountName : `${first.accountName} +${session.rows.length - 1}`}
        </span>
      </td>
    </tr>
  );
});
