// One row of the Change Multiple Positions dialog: a position and the closing order typed for it.
import { HTMLSelect, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { PositionChange } from "./ChangePositionsDialogStore";
import { ORDER_TYPES } from "../../shared/orderForm/OptionOrderForm";
import { SettledQuantity } from "../../shared/tables/SettledQuantity";
import { QuoteCell } from "../../shared/quotes/QuoteLine";
import { useStores } from "../../shared/shell/StoreContext";

/** Props of {@link PositionChangeRow}. */
export interface PositionChangeRowProps {
  /** The position and its closing order. */
  readonly change: PositionChange;
}

/** The position (with its account), its settled quantity, and the closing order's fields. */
export const PositionChangeRow = observer(function PositionChangeRow({ change }: PositionChangeRowProps) {
  const { options } = useStores();
  const { position, form } = change;
  const of = `${position.optionChainDescription} of ${position.accountName}`;
  const quote = options.changeDialog.quotes.quoteOf(position.optionChainSymbol);
  return (
    <tr>
      <td>
        <div>{position.optionChainDescription}</div>
        <div className="cd-muted">{position.accountName}</div>
      </td>
      <td className="cd-number">
        <SettledQuantity quantity={position.optionChainSettledQuantity} />
      </td>
      <QuoteCell of={of} quote={quote} />
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
          intent={form.shownQuantityProblem === null ? Intent.NONE : Intent.DANGER}
          aria-invalid={form.shownQuantityProblem !== null}
          onValueChange={form.setQuantity}
        />
        {form.shownQuantityProblem !== null && <div className="cd-field-problem">{form.shownQuantityProblem}</div>}
      </td>
      <td>
        {form.priceShown && (
          <InputGroup
            className="cd-number-input"
            aria-label={`Price for ${of}`}
            value={form.price}
            intent={form.shownPriceProblem === null ? Intent.NONE : Intent.DANGER}
            aria-invalid={form.shownPriceProblem !== null}
            onValueChange={form.setPrice}
          />
        )}
        {form.priceShown && form.shownPriceProblem !== null && (
          <div className="cd-field-problem">{form.shownPriceProblem}</div>
        )}
      </td>
    </tr>
  );
});
