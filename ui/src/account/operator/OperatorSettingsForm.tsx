// The operator settings: the app-level read limit per minute and the quantity multiplier of each size tier.
import { Button, FormGroup, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId, type FormEvent } from "react";
import { ACCOUNT_TYPES } from "../../shared/accounts/AccountType";
import type { OperatorSettingsField } from "../../shared/accounts/OperatorSettings";
import { useStores } from "../../shared/shell/StoreContext";
import { showOutcome } from "../../shared/shell/toaster";
import { SETTINGS_LABELS } from "./OperatorStore";

const FIELDS: readonly { field: OperatorSettingsField; label: string }[] = (
  ["readLimitPerMinute", ...ACCOUNT_TYPES.map(({ value }) => value)] as const
).map((field) => ({ field, label: SETTINGS_LABELS[field] }));

/** Inline form of the four settings with one Save button. */
export const OperatorSettingsForm = observer(function OperatorSettingsForm() {
  const { operator } = useStores();
  const baseId = useId();

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showOutcome(await operator.saveSettings());
  };

  return (
    <form className="cd-operator-settings" aria-label="Operator settings" onSubmit={(event) => void save(event)}>
      {FIELDS.map(({ field, label }) => {
        // The read limit is shared by every agent: only the operator changes it.
        const locked = field === "readLimitPerMinute" && operator.settings?.readLimitEditable === false;
        return (
          <FormGroup
            key={field}
            inline
            label={label}
            labelFor={`${baseId}-${field}`}
            helperText={locked ? "Shared by every agent; set by the operator" : undefined}
          >
            <InputGroup
              id={`${baseId}-${field}`}
              className="cd-number-input"
              type="number"
              min={1}
              step={1}
              size="small"
              readOnly={locked}
              value={operator.settingsInput(field)}
              onValueChange={(value) => operator.setSettingsDraft(field, value)}
            />
          </FormGroup>
        );
      })}
      <Button type="submit" size="small" text="Save" disabled={operator.settingsSaving || operator.settings === null} />
    </form>
  );
});
