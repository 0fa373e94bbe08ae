// The "Change Multiple Positions" dialog: a closing order per selected position, submitted together.
import { DialogBody, HTMLTable, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../../shared/shell/StoreContext";
import { ColumnHeads } from "../../shared/tables/ColumnHeads";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { PositionChangeRow } from "./PositionChangeRow";
import { PreflightPanel } from "../../shared/preflight/PreflightPanel";

/** The dialog's columns. */
export const CHANGE_COLUMNS = [
  "Symbol Description",
  "Settled Qty",
  "Bid / Ask / Last",
  "Instruction",
  "Order Type",
  "Quantity",
  "Price",
];

/** One row per selected position; Submit Changes sends every closing order at once. */
export const ChangePositionsDialog = observer(function ChangePositionsDialog() {
  const { options } = useStores();
  const dialog = options.changeDialog;
  return (
    <PendingDialog dialog={dialog} title="Change Multiple Positions" className="cd-change-dialog">
      <DialogBody>
        <HTMLTable className="cd-option-table" compact aria-label="Positions to change">
          <ColumnHeads columns={CHANGE_COLUMNS} />
          <tbody>
            {dialog.changes.map((change) => (
              <PositionChangeRow key={change.key} change={change} />
            ))}
          </tbody>
        </HTMLTable>
        <PreflightPanel preflight={dialog.preflight} onCheck={dialog.checkAccounts} />
      </DialogBody>
      <ConfirmFooter
        orders={options.orderTable}
        dialog={dialog}
        cancelText="Cancel"
        actionText="Submit Changes"
        intent={Intent.PRIMARY}
        onAction={dialog.submit}
      />
    </PendingDialog>
  );
});
