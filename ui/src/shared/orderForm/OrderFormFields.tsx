// The order fields of the place, replace and exit forms: instruction, order type, quantity and price.
import { FormGroup, HTMLSelect, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { ORDER_TYPES, type OptionOrderForm } from "./OptionOrderForm";

/** Props of {@link OrderFormFields}. */
export interface OrderFormFieldsProps {
  /** The form edited; its quantity label names the quantity field. */
  readonly form: OptionOrderForm;
  /**
   * Number inputs (the exit dialog: quantity whole, price with step 0.01; the arrow keys step them) instead of
   * free text (the place and replace forms).
   */
  readonly numeric?: boolean;
  /** What is wrong with the order type, shown under it (a leg whose type differs from the staged legs'), or null. */
  readonly orderTypeProblem?: string | null;
}

/**
 * Instruction and Order Type selects, the quantity, and the price (shown only for LIMIT). An order type, quantity
 * or price that cannot be sent is marked in red with what is wrong under it.
 */
export const OrderFormFields = observer(function OrderFormFields(props: OrderFormFieldsProps) {
  const { form, numeric = false, orderTypeProblem = null } = props;
  const instructionId = useId();
  const orderTypeId = useId();
  const quantityId = useId();
  const priceId = useId();
  const quantityProblem = form.shownQuantityProblem;
  const priceProblem = form.shownPriceProblem;
  const quantityIntent = quantityProblem === null ? Intent.NONE : Intent.DANGER;
  const priceIntent = priceProblem === null ? Intent.NONE : Intent.DANGER;
  const orderTypeIntent = orderTypeProblem === null ? Intent.NONE : Intent.DANGER;
  const quantityInput = {
    id: quantityId,
    intent: quantityIntent,
    "aria-invalid": quantityProblem !== null,
    "aria-describedby": quantityProblem === null ? undefined : `${quantityId}-problem`,
  };
  const priceInput = {
    id: priceId,
    intent: priceIntent,
    "aria-invalid": priceProblem !== null,
    "aria-describedby": priceProblem === null ? undefined : `${priceId}-problem`,
    onFocus: () => form.setPriceFocused(true),
    onBlur: () => form.setPriceFocused(false),
  };

  return (
    <>
      <FormGroup label="Instruction" labelFor={instructionId}>
        <HTMLSelect
          id={instructionId}
          fill
          value={form.instruction}
          options={[...form.instructions]}
          onChange={(event) => form.setInstruction(event.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup
        label="Order Type"
        labelFor={orderTypeId}
        intent={orderTypeIntent}
        helperText={
          orderTypeProblem === null ? undefined : <span id={`${orderTypeId}-problem`}>{orderTypeProblem}</span>
        }
      >
        <HTMLSelect
          id={orderTypeId}
          fill
          aria-invalid={orderTypeProblem !== null}
          aria-describedby={orderTypeProblem === null ? undefined : `${orderTypeId}-problem`}
          value={form.orderType}
          options={[...ORDER_TYPES]}
          onChange={(event) => form.setOrderType(event.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup
        label={form.quantityLabel}
        labelFor={quantityId}
        intent={quantityIntent}
        helperText={quantityProblem === null ? undefined : <span id={`${quantityId}-problem`}>{quantityProblem}</span>}
      >
        {numeric ? (
          <InputGroup
            {...quantityInput}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={form.quantity}
            onValueChange={form.setQuantity}
          />
        ) : (
          <InputGroup {...quantityInput} value={form.quantity} onValueChange={form.setQuantity} />
        )}
      </FormGroup>
      {form.priceShown && (
        <FormGroup
          label="Price"
          labelFor={priceId}
          intent={priceIntent}
          helperText={priceProblem === null ? undefined : <span id={`${priceId}-problem`}>{priceProblem}</span>}
        >
          {numeric ? (
            <InputGroup
              {...priceInput}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={form.price}
              onValueChange={form.setPrice}
            />
          ) : (
            <InputGroup {...priceInput} value={form.price} onValueChange={form.setPrice} />
          )}
        </FormGroup>
      )}
    </>
  );
});
