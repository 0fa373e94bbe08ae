// The editable cells of one leg in a table: instruction, order type, quantity and price (price only for LIMIT).
import { HTMLSelect, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { ORDER_TYPES, type OptionOrderForm } from "../../shared/orderForm/OptionOrderForm";

/** Props of {@link LegFieldCells}. */
export interface LegFieldCellsProps {
  /** The leg's fields. */
  readonly form: OptionOrderForm;
  /** What the cells belong to, for their accessible names (e.g. `AAPL … C of Alpha`). */
  readonly of: string;
}

/** Four table cells editing `form`; the selects keep room for their longest choice however narrow the table. */
export const LegFieldCells = observer(function LegFieldCells({ form, of }: LegFieldCellsProps) {
  return (
    <>
      <td>
        <HTMLSelect
          className="cd-instruction-select"
          aria-label={`Instruction for ${of}`}
          value={form.instruction}
          options={[...form.instructions]}
          onChange={(event) => form.setInstruction(event.currentTarget.value)}
        />
      </td>
      <td>
        <HTMLSelect
          className="cd-order-type-select"
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
            type="number"
            step={0.01}
            min={0}
            aria-label={`Price for ${of}`}
            value={form.price}
            onValueChange={form.setPrice}
            onFocus={() => form.setPriceFocused(true)}
            onBlur={() => form.setPriceFocused(false)}
          />
        )}
      </td>
    </>
  );
});
