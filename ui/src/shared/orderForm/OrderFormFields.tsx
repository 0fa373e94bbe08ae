// The order fields of the place, replace and exit forms: instruction, order type, quantity and price.
import { FormGroup, HTMLSelect, InputGroup, NumericInput } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { ORDER_TYPES, type OptionOrderForm } from "./OptionOrderForm";

/** Props of {@link OrderFormFields}. */
export interface OrderFormFieldsProps {
  /** The form edited. */
  readonly form: OptionOrderForm;
  /** The quantity's label, e.g. `Option Contract Total`. */
  readonly quantityLabel: string;
  /**
   * Numeric inputs (the exit dialog: quantity numeric, price numeric with step 0.01) instead of free text
   * (the place and replace forms).
   */
  readonly numeric?: boolean;
}

/** Instruction and Order Type selects, the quantity, and the price (shown only for LIMIT). */
export const OrderFormFields = observer(function OrderFormFields(props: OrderFormFieldsProps) {
  const { form, quantityLabel, numeric = false } = props;
  const instructionId = useId();
  const orderTypeId = useId();
  const quantityId = useId();
  const priceId = useId();

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
      <FormGroup label="Order Type" labelFor={orderTypeId}>
        <HTMLSelect
          id={orderTypeId}
          fill
          value={form.orderType}
          options={[...ORDER_TYPES]}
          onChange={(event) => form.setOrderType(event.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup label={quantityLabel} labelFor={quantityId}>
        {numeric ? (
          <NumericInput
            id={quantityId}
            fill
            min={1}
            stepSize={1}
            minorStepSize={null}
            value={form.quantity}
            onValueChange={(_value, text) => form.setQuantity(text)}
          />
        ) : (
          <InputGroup id={quantityId} value={form.quantity} onValueChange={form.setQuantity} />
        )}
      </FormGroup>
      {form.priceShown && (
        <FormGroup label="Price" labelFor={priceId}>
          {numeric ? (
            <NumericInput
              id={priceId}
              fill
              min={0}
              stepSize={0.01}
              minorStepSize={0.01}
              majorStepSize={1}
              value={form.price}
              onValueChange={(_value, text) => form.setPrice(text)}
            />
          ) : (
            <InputGroup id={priceId} value={form.price} onValueChange={form.setPrice} />
          )}
        </FormGroup>
      )}
    </>
  );
});
