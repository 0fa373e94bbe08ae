// The Change Multiple Positions dialog of the Vertical Trading screen: a closing order per selected position.
import { DialogBody, HTMLTable, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { useStores } from "../../shared/shell/StoreContext";
import { ColumnHeads } from "../../shared/tables/ColumnHeads";
import { QUOTE_COLUMN, QuoteCell } from "../../shared/quotes/QuoteLine";
import { SettledQuantity } from "../../shared/tables/SettledQuantity";
import { LegFieldCells } from "../orders/LegFieldCells";
import { positionKey } from "./VerticalPosition";
import { PreflightPanel } from "../../shared/preflight/PreflightPanel";

/** One row per selected position; Submit Changes sends every closing order at once. */
export const ChangePositionsDialog = observer(function ChangePositionsDialog() {
  const { verticals } = useStores();
  const dialog = verticals.changeDialog;
  return (
    <PendingDialog dialog={dialog} title="Change Multiple Positions (Vertical)" className="cd-change-dialog">
      <DialogBody>
        <HTMLTable className="cd-option-table" compact aria-label="Positions to change">
          <ColumnHeads
            columns={["Symbol Description", "Settled Qty", QUOTE_COLUMN, "Instruction", "Order Type", "Quantity", "Price"]}
          />
          <tbody>
            {dialog.changes.map(({ position, form }) => (
              <tr key={positionKey(position)}>
                <td>
                  <div>{position.optionChainDescription}</div>
                  <div className="cd-muted">{position.accountName}</div>
                </td>
                <td className="cd-number">
                  <SettledQuantity quantity={position.optionChainSettledQuantity} />
                </td>
                <QuoteCell
                  of={`${position.optionChainDescription} of ${position.accountName}`}
                  quote={dialog.quotes.quoteOf(position.optionChainSymbol)}
                />
                <LegFieldCells form={form} of={`${position.optionChainDescription} of ${position.accountName}`} />
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <PreflightPanel preflight={dialog.preflight} onCheck={dialog.checkAccounts} />
      </DialogBody>
      <ConfirmFooter
        orders={verticals.orderTable}
        dialog={dialog}
        cancelText="Cancel"
        actionText="Submit Changes"
        intent={Intent.PRIMARY}
        onAction={dialog.submit}
      />
    </PendingDialog>
  );
});
