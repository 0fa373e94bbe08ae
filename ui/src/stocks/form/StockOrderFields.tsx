// The fields of the stock order form, shown as the order type asks, each marked when its value would be refused.
import { FormGroup, HTMLSelect, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { LINK_BASES, LINK_TYPES, SESSION_CHOICES, type StockField, type StockOrderForm } from "./StockOrderForm";

/** Props of {@link StockOrderFields}. */
export interface StockOrderFieldsProps {
  /** The form edited. */
  readonly form: StockOrderForm;
  /** True when the symbol is fixed (exit: the position's symbol). */
  readonly symbolReadOnly?: boolean;
}

/** One labelled text field with its mark. */
const TextField = observer(function TextField(props: {
  readonly form: StockOrderForm;
  readonly field: StockField;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly readOnly?: boolean;
  /** Told when the field takes (true) or loses (false) the focus. */
  readonly onFocusChange?: (focused: boolean) => void;
}) {
  const id = useId();
  const error = props.form.errorOf(props.field);
  return (
    <FormGroup
      label={props.label}
      labelFor={id}
      intent={error === undefined ? Intent.NONE : Intent.DANGER}
      helperText={error}
    >
      <InputGroup
        id={id}
        value={props.value}
        readOnly={props.readOnly}
        intent={error === undefined ? Intent.NONE : Intent.DANGER}
        aria-invalid={error !== undefined}
        onValueChange={props.onChange}
        onFocus={() => props.onFocusChange?.(true)}
        onBlur={() => props.onFocusChange?.(false)}
      />
    </FormGroup>
  );
});

/**
 * Symbol, Instruction, Session, Order Type (the types the session allows: LIMIT alone in extended hours) and
 * Quantity; Price unless MARKET, TRAILING_STOP or STOP; Stop Price (STOP) or Activation Price (STOP_LIMIT); Stop
 * Price Link Type, Stop Price Offset and Stop Price Link Basis for TRAILING_STOP.
 */
export const StockOrderFields = observer(function StockOrderFields({ form, symbolReadOnly }: StockOrderFieldsProps) {
  const instructionId = useId();
  const choiceId = useId();
  const orderTypeId = useId();
  const linkId = useId();
  const basisId = useId();
  return (
    <>
      <TextField
        form={form}
        field="symbol"
        label="Symbol"
        value={form.symbol}
        onChange={form.setSymbol}
        readOnly={symbolReadOnly}
      />
      <FormGroup
        label="Instruction"
        labelFor={instructionId}
        intent={form.errorOf("instruction") === undefined ? Intent.NONE : Intent.DANGER}
        helperText={form.errorOf("instruction")}
      >
        <HTMLSelect
          id={instructionId}
          fill
          value={form.instruction}
          options={
            form.instruction === ""
              ? [{ value: "", label: "Choose an instruction" }, ...form.instructions]
              : [...form.instructions]
          }
          onChange={(event) => form.setInstruction(event.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup label="Session" labelFor={choiceId}>
        <HTMLSelect
          id={choiceId}
          fill
          value={form.choice}
          options={[...SESSION_CHOICES]}
          onChange={(event) => form.setChoice(event.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup label="Order Type" labelFor={orderTypeId}>
        <HTMLSelect
          id={orderTypeId}
          fill
          value={form.orderType}
          options={[...form.orderTypes]}
          onChange={(event) => form.setOrderType(event.currentTarget.value)}
        />
      </FormGroup>
      <TextField form={form} field="quantity" label="Quantity" value={form.quantity} onChange={form.setQuantity} />
      {form.priceShown && (
        <TextField
          form={form}
          field="price"
          label="Price"
          value={form.price}
          onChange={form.setPrice}
          onFocusChange={form.setPriceFocused}
        />
      )}
      {form.stopPriceShown && (
        <TextField
          form={form}
          field="stopPrice"
          label={form.stopPriceLabel}
          value={form.stopPrice}
          onChange={form.setStopPrice}
        />
      )}
      {form.trailingShown && (
        <>
          <FormGroup label="Stop Price Link Type" labelFor={linkId}>
            <HTMLSelect
              id={linkId}
              fill
              value={form.linkType}
              options={LINK_TYPES.map((type) => ({ value: type.value, label: type.label }))}
              onChange={(event) => form.setLinkType(event.currentTarget.value)}
            />
          </FormGroup>
          <TextField
            form={form}
            field="offset"
            label="Stop Price Offset"
            value={form.offset}
            onChange={form.setOffset}
          />
          <FormGroup label="Stop Price Link Basis" labelFor={basisId}>
            <HTMLSelect
              id={basisId}
              fill
              value={form.linkBasis}
              options={LINK_BASES.map((basis) => ({ value: basis.value, label: basis.label }))}
              onChange={(event) => form.setLinkBasis(event.currentTarget.value)}
            />
          </FormGroup>
        </>
      )}
    </>
  );
});
