// The "Split a total" field of the place dialogs.
import { FormGroup, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { SPLIT_TOTAL_LABEL, type SplitTotal } from "./SplitTotal";

/** Props of {@link SplitTotalField}. */
export interface SplitTotalFieldProps {
  /** The field's state. */
  readonly split: SplitTotal;
  /** What the quantity counts, plural (`contracts`, `spreads`, `shares`). */
  readonly units: string;
  /** The quantity field's label, named in the hint. */
  readonly quantityLabel: string;
}

/**
 * An optional total split equally over the accounts. Empty: each account is sized by its own profile. Set: the
 * hint says the quantity field is not used.
 */
export const SplitTotalField = observer(function SplitTotalField({ split, units, quantityLabel }: SplitTotalFieldProps) {
  const id = useId();
  const problem = split.problem;
  const hint =
    problem ??
    (split.active
      ? `${split.text.trim()} ${units} split equally over the accounts; ${quantityLabel} is not used`
      : `Optional: ${units} split equally over the accounts instead of sizing each one`);
  return (
    <FormGroup
      label={SPLIT_TOTAL_LABEL}
      labelFor={id}
      intent={problem === null ? Intent.NONE : Intent.DANGER}
      helperText={<span id={`${id}-hint`}>{hint}</span>}
    >
      <InputGroup
        id={id}
        value={split.text}
        inputMode="numeric"
        placeholder="Sized per account"
        intent={problem === null ? Intent.NONE : Intent.DANGER}
        aria-invalid={problem !== null}
        aria-describedby={`${id}-hint`}
        onValueChange={split.setText}
      />
    </FormGroup>
  );
});
