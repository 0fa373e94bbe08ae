// The "Sizing and limits" dialog: one account's sizing method, value and below-one choice, and every guard.
import { Button, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useId, useRef, type FormEvent } from "react";
import {
  BELOW_ONE_CHOICES,
  OPEN_CLOSE_CHOICES,
  SIZING_METHODS,
  type BelowOne,
  type OpenClose,
  type SizingMethod,
} from "../../shared/accounts/AccountLimits";
import { ACCOUNT_TYPES } from "../../shared/accounts/AccountType";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { useStores } from "../../shared/shell/StoreContext";
import { showOutcome } from "../../shared/shell/toaster";
import type { LimitsDialogStore } from "./LimitsDialogStore";
import { LIMITS_LABELS, type GuardTextField, type LimitsField } from "./limitsForm";
import { balancesText, countText } from "./limitsText";

/** What the dialog says once, under its title. */
export const ORDERS_SENT_NOTE = "Changing limits never touches orders already sent: they apply to the next command.";

/** What the dialog says of the TIER method. */
export const TIER_NOTE = "Tier uses the Account Type column's multiplier";

const METHOD_OPTIONS: readonly { value: SizingMethod; label: string }[] = [
  { value: "TIER", label: "Tier" },
  { value: "FIXED", label: "Fixed" },
  { value: "RATIO", label: "Ratio" },
  { value: "NET_LIQUIDATION", label: "Net liquidation" },
];

const VALUE_UNITS: Readonly<Record<SizingMethod, string>> = {
  TIER: "",
  FIXED: "(units)",
  RATIO: "(factor)",
  NET_LIQUIDATION: "(dollars per unit)",
};

const BELOW_ONE_OPTIONS: readonly { value: BelowOne; label: string }[] = [
  { value: "REFUSE", label: "Refuse (send nothing)" },
  { value: "ONE", label: "Send 1" },
];

const OPEN_CLOSE_OPTIONS: readonly { value: OpenClose; label: string }[] = [
  { value: "ANY", label: "Any order" },
  { value: "OPEN_ONLY", label: "Opening orders only" },
  { value: "CLOSE_ONLY", label: "Closing orders and exits only" },
];

function isOneOf<T extends string>(choices: readonly T[], value: string): value is T {
  return choices.some((choice) => choice === value);
}

/** The danger intent and message under a field with a problem; the help text otherwise. */
function marked(problem: string | undefined, help?: string): { intent: Intent; helperText?: string } {
  if (problem !== undefined) {
    return { intent: Intent.DANGER, helperText: problem };
  }
  return help === undefined ? { intent: Intent.NONE } : { intent: Intent.NONE, helperText: help };
}

/** Props of {@link GuardInput}. */
interface GuardInputProps {
  readonly dialog: LimitsDialogStore;
  readonly field: GuardTextField;
  readonly placeholder: string;
  readonly wide?: boolean;
}

/** A guard typed as text; empty is none. */
const GuardInput = observer(function GuardInput({ dialog, field, placeholder, wide = false }: GuardInputProps) {
  const id = useId();
  const problem = dialog.problemOf(field);
  return (
    <FormGroup
      className={wide ? "cd-limits-wide" : undefined}
      label={LIMITS_LABELS[field]}
      labelFor={id}
      {...marked(problem)}
    >
      <InputGroup
        id={id}
        autoComplete="off"
        placeholder={placeholder}
        intent={problem === undefined ? Intent.NONE : Intent.DANGER}
        aria-invalid={problem !== undefined}
        value={dialog.draft?.[field] ?? ""}
        onValueChange={(value) => dialog.setGuardText(field, value)}
      />
    </FormGroup>
  );
});

/** Modal form setting one account's sizing and guards; CANCEL closes it, Save sends what changed. */
export const LimitsDialog = observer(function LimitsDialog() {
  const { limits, accounts } = useStores();
  const dialog = limits.editDialog;
  const methodId = useId();
  const valueId = useId();
  const belowOneId = useId();
  const openCloseId = useId();
  const noteId = useId();
  const methodHelpId = useId();
  const form = useRef<HTMLFormElement>(null);
  const account = dialog.account;
  const draft = dialog.draft;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dialog.pending) {
      showOutcome(await dialog.save());
    }
  };

  // A save refused marks fields, the first of which may be scrolled out of view: take the agent to it.
  const refusals = dialog.refusals;
  useEffect(() => {
    if (refusals > 0) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [refusals]);

  const problem = (field: LimitsField) => dialog.problemOf(field);
  const methodHelp = (): string => {
    if (draft === null || account === null) {
      return "";
    }
    switch (draft.method) {
      case "TIER": {
        const listed = accounts.byId.get(account.accountId);
        const multiplier = limits.tierMultiplierOf(account.accountId);
        const type = listed === undefined ? undefined : ACCOUNT_TYPES.find((t) => t.value === accounts.typeOf(listed));
        return type === undefined || multiplier === null
          ? TIER_NOTE
          : `${TIER_NOTE} (${type.label}: ×${countText(multiplier)})`;
      }
      case "FIXED":
        return "Always this many units, whatever the agent's quantity";
      case "RATIO":
        return "The agent's quantity × this factor, rounded down";
      case "NET_LIQUIDATION":
        return `The agent's quantity for every this many dollars of net liquidation value (${balancesText(
          account.balances,
        )})`;
    }
  };

  return (
    <PendingDialog
      dialog={dialog}
      title={account === null ? "Sizing and limits" : `Sizing and limits of ${account.accountName}`}
      className="cd-limits-dialog"
      describedBy={noteId}
    >
      {draft !== null && (
        <form ref={form} onSubmit={(event) => void submit(event)} aria-label="Sizing and limits">
          <DialogBody>
            <p id={noteId} className="cd-limits-note">
              {ORDERS_SENT_NOTE}
            </p>
            <div className="cd-limits-grid cd-limits-three">
              <FormGroup label={LIMITS_LABELS.method} labelFor={methodId} {...marked(problem("method"))}>
                <HTMLSelect
                  id={methodId}
                  fill
                  value={draft.method}
                  options={METHOD_OPTIONS}
                  aria-describedby={methodHelpId}
                  onChange={(event) => {
                    const method = event.currentTarget.value;
                    if (isOneOf(SIZING_METHODS, method)) {
                      dialog.setMethod(method);
                    }
                  }}
                />
              </FormGroup>
              <FormGroup
                label={LIMITS_LABELS.value}
                labelFor={valueId}
                labelInfo={VALUE_UNITS[draft.method]}
                {...marked(problem("value"))}
              >
                <InputGroup
                  id={valueId}
                  autoComplete="off"
                  disabled={draft.method === "TIER"}
                  placeholder={draft.method === "TIER" ? "set by the tier" : ""}
                  intent={problem("value") === undefined ? Intent.NONE : Intent.DANGER}
                  aria-invalid={problem("value") !== undefined}
                  value={draft.value}
                  onValueChange={dialog.setValue}
                />
              </FormGroup>
              <FormGroup label={LIMITS_LABELS.belowOne} labelFor={belowOneId} {...marked(problem("belowOne"))}>
                <HTMLSelect
                  id={belowOneId}
                  fill
                  value={draft.belowOne}
                  options={BELOW_ONE_OPTIONS}
                  onChange={(event) => {
                    const choice = event.currentTarget.value;
                    if (isOneOf(BELOW_ONE_CHOICES, choice)) {
                      dialog.setBelowOne(choice);
                    }
                  }}
                />
              </FormGroup>
              <p id={methodHelpId} className="cd-limits-wide cd-limits-method-help">
                {methodHelp()}
              </p>
            </div>
            <h3 className="cd-limits-guards-title">
              Guards <span className="cd-limits-hint">(empty means none)</span>
            </h3>
            <div className="cd-limits-grid cd-limits-three">
              <GuardInput dialog={dialog} field="maxQuantityPerOrder" placeholder="none" />
              <GuardInput dialog={dialog} field="maxPositionPerSymbol" placeholder="none" />
              <GuardInput dialog={dialog} field="maxNotionalPerOrder" placeholder="none (dollars)" />
              <GuardInput dialog={dialog} field="maxOrdersPerDay" placeholder="none" />
              <FormGroup
                className="cd-limits-two"
                label={LIMITS_LABELS.openClose}
                labelFor={openCloseId}
                {...marked(problem("openClose"))}
              >
                <HTMLSelect
                  id={openCloseId}
                  fill
                  value={draft.openClose}
                  options={OPEN_CLOSE_OPTIONS}
                  onChange={(event) => {
                    const choice = event.currentTarget.value;
                    if (isOneOf(OPEN_CLOSE_CHOICES, choice)) {
                      dialog.setOpenClose(choice);
                    }
                  }}
                />
              </FormGroup>
              <GuardInput dialog={dialog} field="allowSymbols" placeholder="any symbol, e.g. SPY, QQQ" wide />
              <GuardInput dialog={dialog} field="denySymbols" placeholder="none, e.g. TSLA" wide />
            </div>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="CANCEL" disabled={dialog.pending} onClick={dialog.close} />
                <Button
                  type="submit"
                  intent={Intent.PRIMARY}
                  text="Save"
                  loading={dialog.pending}
                  disabled={dialog.pending || !dialog.canSave}
                />
              </>
            }
          />
        </form>
      )}
    </PendingDialog>
  );
});
