// The operator's default fan-out mode: how place, exit and replace go out when their dialog names no mode.
import { FormGroup, HTMLSelect } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { FAN_OUT_MODES, FAN_OUT_MODE_HINTS, FAN_OUT_MODE_LABELS, parseFanOutMode } from "../../shared/preflight/FanOutMode";
import { useStores } from "../../shared/shell/StoreContext";
import { showOutcome } from "../../shared/shell/toaster";

/** A select saved as soon as it changes; every order dialog starts at the mode chosen here. */
export const DefaultFanOutMode = observer(function DefaultFanOutMode() {
  const { operator } = useStores();
  const id = useId();
  const mode = operator.settings?.defaultFanOutMode ?? null;
  return (
    <FormGroup
      className="cd-default-fan-out"
      inline
      label="Default fan-out mode"
      labelFor={id}
      helperText={mode === null ? undefined : FAN_OUT_MODE_HINTS[mode]}
    >
      <HTMLSelect
        id={id}
        value={mode ?? ""}
        disabled={mode === null || operator.fanOutModeSaving}
        onChange={(event) => {
          const chosen = parseFanOutMode(event.currentTarget.value);
          if (chosen !== null) {
            void operator.saveDefaultFanOutMode(chosen).then(showOutcome);
          }
        }}
      >
        {mode === null && <option value="">Loading</option>}
        {FAN_OUT_MODES.map((entry) => (
          <option key={entry} value={entry}>
            {FAN_OUT_MODE_LABELS[entry]}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
});
