// The "Change Multiple Positions" dialog: a closing order per selected position, submitted together.
import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../stores/StoreContext";
import { showOutcome } from "../toaster";
import { PositionChangeRow } from "./PositionChangeRow";

/** The dialog's columns. */
export const CHANGE_COLUMNS = ["Symbol Description", "Settled Qty", "Instruction", "Order Type", "Quantity", "Price"];

/** One row per selected position; Submit Changes sends every closing order at once. */
export const ChangePositionsDialog = observer(function ChangePositionsDialog() {
  const { options } = useStores();
  const dialog = options.changeDialog;
  return (
    <Dialog
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      title="Change Multiple Positions"
      canOutsideClickClose={!dialog.pending}
      canEscapeKeyClose={!dialog.pending}
      isCloseButtonShown={!dialog.pending}
      className="cd-change-dialog"
    >
      <DialogBody>
        <HTMLTable className="cd-option-table" compact aria-label="Positions to change">
          <thead>
            <tr>
              {CHANGE_COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dialog.changes.map((change) => (
              <PositionChangeRow key={change.key} change={change} />
            ))}
          </tbody>
        </HTMLTable>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" disabled={dialog.pending} onClick={dialog.close} />
            <Button
              intent={Intent.PRIMARY}
              text="Submit Changes"
              disabled={dialog.pending}
              onClick={() => void dialog.submit().then(showOutcome)}
            />
          </>
        }
      />
    </Dialog>
  );
});
