// The view-all-orders dialog of one session: every account's order, with R and C per row and for the checked.
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, HTMLTable, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { DASH } from "../format/dash";
import { formatPrice } from "../format/formatPrice";
import { formatTime } from "../format/formatTime";
import { canCancel, canReplace, orderRowKey, type OptionOrderRow } from "../stores/OptionOrderRow";
import { useStores } from "../stores/StoreContext";
import { OrderStatusText } from "./OrderStatusText";
import { RoundButton } from "./RoundButton";
import { StatusDot } from "./StatusDot";

/** The columns after the selection checkbox and the Change order column. */
const COLUMNS = [
  "Account",
  "Symbol description",
  "Filled Qty",
  "Price",
  "Qty",
  "Side Pos Effect",
  "Status",
  "Order type",
  "Time",
  "Reason",
] as const;

/** The session's orders, following the polled table while open. */
export const SessionOrdersDialog = observer(function SessionOrdersDialog() {
  const { options, env } = useStores();
  const dialog = options.sessionDialog;
  const rows = dialog.rows;
  const first = rows[0];

  const row = (order: OptionOrderRow) => (
    <tr key={orderRowKey(order)} data-account-id={order.accountId}>
      <td>
        <Checkbox
          className="cd-table-check"
          aria-label={`Select the order of ${order.accountName}`}
          disabled={order.optionChainOrderId === null}
          checked={dialog.isSelected(order)}
          onChange={(event) => dialog.setSelected(order, event.currentTarget.checked)}
        />
      </td>
      <td className="cd-change-cell">
        {canReplace(order) && (
          <RoundButton
            letter="R"
            label={`Replace the order of ${order.accountName}`}
            intent={Intent.PRIMARY}
            onClick={() => dialog.replaceRow(order)}
          />
        )}
        {canCancel(order) && (
          <RoundButton
            letter="C"
            label={`Cancel the order of ${order.accountName}`}
            intent={Intent.DANGER}
            onClick={() => dialog.cancelRow(order)}
          />
        )}
      </td>
      <td>{`${order.accountName} (${order.accountUsername})`}</td>
      <td>{order.optionChainDescription}</td>
      <td className="cd-number">{order.optionChainFilledQuantity}</td>
      <td className="cd-number">{formatPrice(order.optionChainPrice)}</td>
      <td className="cd-number">{order.optionChainQuantity}</td>
      <td>{order.optionChainInstruction}</td>
      <td>
        <OrderStatusText row={order} />
      </td>
      <td>{order.optionChainOrderType}</td>
      <td className="cd-number">{formatTime(order.optionChainEnteredTime, env.timeZone)}</td>
      <td>{order.optionChainStatusDescription ?? DASH}</td>
    </tr>
  );

  return (
    <Dialog
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      title={`Orders of Session ${dialog.sessionId ?? ""}`}
      className="cd-session-dialog"
    >
      <DialogBody>
        {first !== undefined && (
          <p className="cd-session-summary">
            <StatusDot color={first.optionChainStatusColor} />
            <span>{`Success rate ${Math.round(first.successRate)}%`}</span>
          </p>
        )}
        <div className="cd-table-scroll">
          <HTMLTable className="cd-option-table" compact striped aria-label="Orders of the session">
            <thead>
              <tr>
                <th scope="col">Select</th>
                <th scope="col" className="cd-change-cell">
                  <RoundButton
                    letter="R"
                    label="Replace selected orders"
                    intent={Intent.PRIMARY}
                    onClick={dialog.replaceSelected}
                  />
                  <RoundButton
                    letter="C"
                    label="Cancel selected orders"
                    intent={Intent.DANGER}
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
              {rows.map(row)}
              {rows.length === 0 && (
                <tr>
                  <td className="cd-empty-row" colSpan={COLUMNS.length + 2}>
                    This session has no orders
                  </td>
                </tr>
              )}
            </tbody>
          </HTMLTable>
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={dialog.close} />} />
    </Dialog>
  );
});
