// The one-line form that adds a ticker to a watch list: a symbol input and an Add button.
import { Button, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { FormEvent } from "react";
import type { Outcome } from "../stores/Outcome";
import { showOutcomeIfAny } from "../shell/showOutcomeIfAny";

/** The input's label and value, and what Add does. */
export interface TickerAddFormProps {
  /** The input's accessible name. */
  readonly label: string;
  /** The typed symbol. */
  readonly value: string;
  /** Stores the typed symbol. */
  readonly onValueChange: (value: string) => void;
  /** Adds the typed symbol; a message, if any, is toasted. */
  readonly onAdd: () => Promise<Outcome | null>;
  /** True while the list is being changed (Add is disabled). */
  readonly disabled: boolean;
}

/** Submitting (Add or Enter) adds the typed ticker. */
export const TickerAddForm = observer(function TickerAddForm({
  label,
  value,
  onValueChange,
  onAdd,
  disabled,
}: TickerAddFormProps) {
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showOutcomeIfAny(await onAdd());
  };

  return (
    <form className="cd-inline-form" onSubmit={(event) => void add(event)}>
      <InputGroup size="small" aria-label={label} placeholder="Ticker" value={value} onValueChange={onValueChange} />
      <Button size="small" type="submit" text="Add" disabled={disabled} />
    </form>
  );
});
