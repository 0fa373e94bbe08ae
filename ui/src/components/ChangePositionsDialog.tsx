// The "Change Multiple Positions" dialog: a closing order per selected position, submitted together.
import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, HTMLTable, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { PositionChange } from "../stores/ChangePositionsDialogStore";
import { ORDER_TYPES } from "../stores/OptionOrderForm";
import { useStores } from "../stores/StoreContext";
import { showOutcome } from "../toaster";
import { SettledQuantity } from "./SettledQuantity";

/** The dialog's columns. */
export const CHANGE_COLUMNS = ["Symbol Description", "Settled Qty", "Instruction", "Order Type", "Quantity", "Price"];

const ChangeRow = observer(function ChangeRow({ change }: { readonly change: PositionChange }) {
  const { position, form } = change;
  const of = `${position.optionChainDescription} of ${position.accountName}`;
  return (
    <tr>
      <td>
        <div>{position.optionChainDescription}</div>
        <div className="cd-muted">{position.accountName}</div>
      </td>
      <td className="cd-number">
        <SettledQuantity quantity={position.optionChainSettledQuantity} />
      </td>
      <td>
        <HTMLSelect
          aria-label={`Instruction for ${of}`}
          value={form.instruction}
          options={[...form.instructions]}
          onChange={(event) => form.setInstruction(event.currentTarget.value)}
        />
      </td>
      <td>
        <HTMLSelect
          aria-label={`Order Type for ${of}`}
          value={form.orderType}
          options={[...ORDER_TYPES]}
          onChange={(event) => form.setOrderType(event.currentTarget.value)}
        />
      </td>
      <td>
        <InputGroup
          className="cd-number-input"
          aria-label={`Quantity for ${of}`}
          value={form.quantity}
          onValueChange={form.setQuantity}
        />
      </td>
      <td>
        {form.priceShown && (
          <InputGroup
            className="cd-number-input"
            aria-label={`Price for ${of}`}
            value={form.price}
            onValueChange={form.setPrice}
          />
        )}
      </td>
    </tr>
  );
});

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
              <ChangeRow key={change.key} change={change} />
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
