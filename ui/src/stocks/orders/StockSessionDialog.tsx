// The view-all-orders dialog of one stock session: every account's order, SELECTED ORDER checks, R and C.
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, HTMLTable, Intent } from "@blueprintjs/core";
import { FairnessButton } from "../../shared/records/FairnessButton";
import { observer } from "mobx-react-lite";
import { DASH } from "../../shared/format/dash";
import { formatPrice } from "../../shared/format/formatPrice";
import { formatTime } from "../../shared/format/formatTime";
import { useStores } from "../../shared/shell/StoreContext";
import { ALREADY_CANCELED } from "../../shared/orders/orderStatus";
import { CancelButton } from "../../shared/tables/CancelButton";
import { OrderStatusText } from "../../shared/tables/OrderStatusText";
import { RoundButton } from "../../shared/tables/RoundButton";
import { ScrollRegion } from "../../shared/tables/ScrollRegion";
import { SessionSummaryLine } from "../../shared/tables/SessionSummaryLine";
import {
  canCancelStock,
  canReplaceStock,
  isCanceledStock,
  stockRefusals,
  stockRowKey,
  stockSessionSummary,
  stockSessionWord,
  stockStopText,
  stockStopWords,
  type StockOrderRow,
} from "./StockOrderRow";
import { formatQuantity } from "../../shared/format/formatQuantity";
import { NumberCell } from "../../shared/tables/NumberCell";
import { orderRowLook } from "../../shared/tables/orderRowLook";

/** The columns after SELECTED ORDER and Change order. */
const COLUMNS = [
  "Symbol",
  "Session",
  "Filled Qty",
  "Price",
  "Stop",
  "Qty",
  "Side Pos Effect",
  "Status",
  "Order type",
  "Time",
  "Name",
  "Reason",
];

/** One account's order: its check, R and C where they apply, and its fields (open rows in yellow). */
const StockSessionOrderRow = observer(function StockSessionOrderRow({ order }: { readonly order: StockOrderRow }) {
  const { stocks, env } = useStores();
  const dialog = stocks.sessionDialog;
  const canceled = isCanceledStock(order);
  const open = order.stockOwnStatusColor === "yellow";
  const look = orderRowLook(open, canceled);
  return (
    <tr
      data-account-id={order.accountId}
      className={look.className}
      style={look.style}
      data-canceled={canceled || undefined}
    >
      <td>
        <Checkbox
          className="cd-table-check"
          aria-label={`Select the order of ${order.accountName}`}
          disabled={order.stockOrderId === null}
          checked={dialog.view.isSelected(order)}
          onChange={(event) => dialog.view.setSelected(order, event.currentTarget.checked)}
        />
      </td>
      <td className="cd-change-cell">
        {canReplaceStock(order) && (
          <RoundButton
            letter="R"
            label={`Replace the order of ${order.accountName}`}
            intent={Intent.PRIMARY}
            onClick={() => dialog.replaceRow(order)}
          />
        )}
        <CancelButton
          what={`the order of ${order.accountName}`}
          cancellable={canCancelStock(order)}
          canceled={canceled}
          onClick={() => dialog.cancelRow(order)}
        />
      </td>
      <td>{order.stockSymbol}</td>
      <td>{stockSessionWord(order)}</td>
      <NumberCell text={formatQuantity(order.stockFilledQuantity)} />
      <NumberCell text={order.stockPrice > 0 ? formatPrice(order.stockPrice) : DASH} />
      <td className="cd-stop" title={stockStopWords(order) ?? undefined}>
        {stockStopText(order) ?? DASH}
      </td>
      <NumberCell text={formatQuantity(order.stockQuantity)} />
      <td>{order.stockInstruction}</td>
      <td>
        <OrderStatusText
          status={order.stockStatus}
          open={open}
          reason={order.stockStatusDescription}
        />
        {canceled && <span className="cd-muted"> {ALREADY_CANCELED}</span>}
      </td>
      <td>{order.stockOrderType}</td>
      <td className="cd-number cd-time">{formatTime(order.stockEnteredTime, env.timeZone)}</td>
      <td className="cd-account-cell">{order.accountName}</td>
      <td className="cd-reason">{order.stockStatusDescription === null ? DASH : <span className="cd-reason-text">{order.stockStatusDescription}</span>}</td>
    </tr>
  );
});

/** The session's orders, following the polled table while open. */
export const StockSessionDialog = observer(function StockSessionDialog() {
  const { stocks } = useStores();
  const dialog = stocks.sessionDialog;
  const rows = dialog.view.rows;
  const first = rows[0];
  return (
    <Dialog
      isOpen={dialog.view.isOpen}
      onClose={dialog.view.close}
      title={`Stock Orders of Session ${dialog.view.sessionId ?? ""}`}
      className="cd-session-dialog"
    >
      <DialogBody>
        {first !== undefined && dialog.view.sessionId !== null && (
          <SessionSummaryLine
            color={first.stockStatusColor}
            rate={first.successRate}
            summary={stockSessionSummary({ id: dialog.view.sessionId, rows })}
            unit="shares"
            refusals={stockRefusals({ id: dialog.view.sessionId, rows })}
          />
        )}
        <ScrollRegion className="cd-table-scroll" label="Orders of the session table">
          <HTMLTable className="cd-option-table" compact striped aria-label="Orders of the session">
            <thead>
              <tr>
                <th scope="col">SELECTED ORDER</th>
                <th scope="col" className="cd-change-cell">
                  <RoundButton
                    letter="R"
                    label="Replace selected orders"
                    intent={Intent.PRIMARY}
                    disabled={!rows.some(canReplaceStock)}
                    onClick={dialog.replaceSelected}
                  />
                  <RoundButton
                    letter="C"
                    label="Cancel selected orders"
                    intent={Intent.DANGER}
                    disabled={!rows.some(canCancelStock)}
                    onClick={dialog.cancelSelected}
                  />
                </th>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((order) => (
                <StockSessionOrderRow key={stockRowKey(order)} order={order} />
              ))}
              {rows.length === 0 && (
                <tr>
                  <td className="cd-empty-row" colSpan={COLUMNS.length + 2}>
                    This session has no orders
                  </td>
                </tr>
              )}
            </tbody>
          </HTMLTable>
        </ScrollRegion>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <FairnessButton sessionId={dialog.view.sessionId} />
            <Button text="Close" onClick={dialog.view.close} />
          </>
        }
      />
    </Dialog>
  );
});
