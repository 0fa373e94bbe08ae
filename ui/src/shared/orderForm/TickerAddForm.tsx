// The one-line form that adds a ticker to a watch list: a symbol input and an Add button.
import { Button, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId, type FormEvent } from "react";
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
  /** What is wrong with the typed symbol (the input is marked and says so), or null. */
  readonly problem: string | null;
}

/** Submitting (Add or Enter) adds the typed ticker; a malformed one is marked under the input. */
export const TickerAddForm = observer(function TickerAddForm({
  label,
  value,
  onValueChange,
  onAdd,
  disabled,
  problem,
}: TickerAddFormProps) {
  const problemId = useId();
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showOutcomeIfAny(await onAdd());
  };

  return (
    <form className="cd-ticker-form" onSubmit={(event) => void add(event)}>
      <div className="cd-inline-form">
        <InputGroup
          size="small"
          aria-label={label}
          placeholder="Ticker"
          value={value}
          intent={problem === null ? Intent.NONE : Intent.DANGER}
          aria-invalid={problem !== null}
          aria-describedby={problem === null ? undefined : problemId}
          onValueChange={onValueChange}
        />
        <Button size="small" type="submit" text="Add" disabled={disabled} />
      </div>
      {problem !== null && (
        <div id={problemId} className="bp6-form-helper-text cd-field-problem">
          {problem}
        </div>
      )}
    </form>
  );
});
