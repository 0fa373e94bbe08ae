// One account's order in the view-all-orders dialog: checkbox, R and C where they apply, and its fields.
import { Checkbox, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { DASH } from "../../shared/format/dash";
import { formatPrice } from "../../shared/format/formatPrice";
import { formatTime } from "../../shared/format/formatTime";
import { orderPriceText } from "../../shared/orders/groupSummary";
import { canCancel, canReplace, isCanceledOption, type OptionOrderRow } from "./OptionOrderRow";
import { ALREADY_CANCELED } from "../../shared/orders/orderStatus";
import { CancelButton } from "../../shared/tables/CancelButton";
import { useStores } from "../../shared/shell/StoreContext";
import { OrderStatusText } from "../../shared/tables/OrderStatusText";
import { RoundButton } from "../../shared/tables/RoundButton";
import { formatQuantity } from "../../shared/format/formatQuantity";
import { NumberCell } from "../../shared/tables/NumberCell";
import { orderRowLook } from "../../shared/tables/orderRowLook";

/** Props of {@link SessionOrderRow}. */
export interface SessionOrderRowProps {
  /** The order shown. */
  readonly order: OptionOrderRow;
}

/** R only for replaceable orders, C only for open ones; a row never placed cannot be checked. */
export const SessionOrderRow = observer(function SessionOrderRow({ order }: SessionOrderRowProps) {
  const { options, env } = useStores();
  const dialog = options.sessionDialog;
  const canceled = isCanceledOption(order);
  const open = order.optionChainOwnStatusColor === "yellow";
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
          disabled={order.optionChainOrderId === null}
          checked={dialog.view.isSelected(order)}
          onChange={(event) => dialog.view.setSelected(order, event.currentTarget.checked)}
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
        <CancelButton
          what={`the order of ${order.accountName}`}
          cancellable={canCancel(order)}
          canceled={canceled}
          onClick={() => dialog.cancelRow(order)}
        />
      </td>
      <td className="cd-account-cell">{`${order.accountName} (${order.accountUsername})`}</td>
      <td>{order.optionChainDescription}</td>
      <NumberCell text={formatQuantity(order.optionChainFilledQuantity)} />
      <NumberCell text={orderPriceText(order.optionChainPrice, order.optionChainOrderType, formatPrice)} />
      <NumberCell text={formatQuantity(order.optionChainQuantity)} />
      <td>{order.optionChainInstruction}</td>
      <td>
        <OrderStatusText
          status={order.optionChainStatus}
          open={open}
          reason={order.optionChainStatusDescription}
        />
        {canceled && <span className="cd-muted"> {ALREADY_CANCELED}</span>}
      </td>
      <td>{order.optionChainOrderType}</td>
      <td className="cd-number cd-time">{formatTime(order.optionChainEnteredTime, env.timeZone)}</td>
      <td className="cd-reason">{order.optionChainStatusDescription === null ? DASH : <span className="cd-reason-text">{order.optionChainStatusDescription}</span>}</td>
    </tr>
  );
});
