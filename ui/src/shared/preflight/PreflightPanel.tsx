// The pre-flight part of an order dialog: the fan-out mode, Check accounts, each account's result, a refusal.
import { Button, Callout, FormGroup, HTMLSelect, HTMLTable, Intent, Tag } from "@blueprintjs/core";
import { SearchIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { useEffect, useId, useRef } from "react";
import { formatMoney } from "../format/formatMoney";
import { showOutcome } from "../shell/toaster";
import type { Outcome } from "../stores/Outcome";
import type { CheckResult } from "./AccountCheck";
import { FAN_OUT_MODES, FAN_OUT_MODE_HINTS, FAN_OUT_MODE_LABELS, parseFanOutMode } from "./FanOutMode";
import type { PreflightStore } from "./PreflightStore";
import { plannedCheck } from "./plannedCheck";
import type { PlanOutcome } from "../planPreview/PlanPreview";

/** Props of {@link PreflightPanel}. */
export interface PreflightPanelProps {
  /** The dialog's pre-flight state. */
  readonly preflight: PreflightStore;
  /** Checks the dialog's command (its form checked first); resolves to what to toast, or null. */
  readonly onCheck: () => Promise<Outcome | null>;
}

const RESULT_INTENTS: Readonly<Record<CheckResult, Intent>> = {
  PASS: Intent.SUCCESS,
  WARNING: Intent.WARNING,
  REJECT: Intent.DANGER,
};

/** The planned quantity's colour: none when sent as sized, warning when cut, danger when refused. */
const PLANNED_CLASSES: Readonly<Record<PlanOutcome, string>> = {
  SEND: "cd-preflight-planned",
  CUT: "cd-preflight-planned cd-plan-cut",
  REFUSE: "cd-preflight-planned cd-plan-refuse",
};

const RESULT_LABELS: Readonly<Record<CheckResult, string>> = {
  PASS: "Pass",
  WARNING: "Warning",
  REJECT: "Reject",
};

/**
 * The fan-out mode select (starting at the operator's default), the Check accounts button, the table of each
 * targeted account's planned quantity (and the guard that cut or refused it) beside its result with the
 * brokerage's texts, costs and projected buying power, and, after a
 * refused all or none, the accounts that would refuse and why.
 */
export const PreflightPanel = observer(function PreflightPanel({ preflight, onCheck }: PreflightPanelProps) {
  const modeId = useId();
  const mode = preflight.shownMode;
  const results = useRef<HTMLDivElement>(null);
  const checks = preflight.checks;
  // Fresh results come into view (the dialog's body scrolls; they open below the form).
  useEffect(() => {
    if (checks !== null) {
      results.current?.scrollIntoView?.({ block: "nearest" });
    }
  }, [checks]);
  return (
    <div className="cd-preflight">
      <div className="cd-preflight-controls">
        <FormGroup label="Fan-out mode" labelFor={modeId} inline>
          <HTMLSelect
            id={modeId}
            value={mode ?? ""}
            title={mode === null ? undefined : FAN_OUT_MODE_HINTS[mode]}
            onChange={(event) => {
              const chosen = parseFanOutMode(event.currentTarget.value);
              if (chosen !== null) {
                preflight.setMode(chosen);
              }
            }}
          >
            {mode === null && <option value="">Operator default</option>}
            {FAN_OUT_MODES.map((entry) => (
              <option key={entry} value={entry}>
                {entry === preflight.defaultMode
                  ? `${FAN_OUT_MODE_LABELS[entry]} (default)`
                  : FAN_OUT_MODE_LABELS[entry]}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Button
          icon={<SearchIcon />}
          text="Check accounts"
          loading={preflight.checking}
          onClick={() => {
            void onCheck().then((outcome) => {
              if (outcome !== null) {
                showOutcome(outcome);
              }
            });
          }}
        />
      </div>
      {preflight.problem !== null && <Callout intent={Intent.DANGER}>{preflight.problem}</Callout>}
      {preflight.refusal !== null && (
        <Callout intent={Intent.DANGER} title={`${preflight.refusal.message}; nothing was sent`} role="alert">
          <ul className="cd-preflight-refusal" aria-label="Accounts that would refuse">
            {preflight.refusal.rejects.map((entry) => (
              <li key={entry.accountId}>
                <strong>{entry.accountName}</strong>: {entry.reason}
              </li>
            ))}
          </ul>
        </Callout>
      )}
      {preflight.checks !== null && (
        <div ref={results}>
          <p
            className={
              preflight.rejecting > 0 ? "cd-preflight-summary cd-preflight-summary-refused" : "cd-preflight-summary"
            }
            role="status"
          >
            {preflight.checkSummary}
          </p>
          <HTMLTable compact striped className="cd-preflight-checks" aria-label="Account checks">
            <thead>
              <tr>
                <th scope="col">Account · planned</th>
                <th scope="col">Result</th>
                <th scope="col">Brokerage says</th>
                <th scope="col">Commission + fees</th>
                <th scope="col">Buying power after</th>
              </tr>
            </thead>
            <tbody>
              {preflight.checks.map((check, index) => {
                const planned = plannedCheck(check);
                return (
                  // An account sent two orders (an exit of two positions) has two checks.
                  <tr key={`${check.accountId}-${index}`}>
                    <td className="cd-preflight-account">
                      {check.accountName}
                      {planned !== null && (
                        <div className={PLANNED_CLASSES[planned.outcome]} title={check.guardReason ?? undefined}>
                          {planned.outcome === "REFUSE" ? planned.text : `Planned ${planned.text}`}
                        </div>
                      )}
                    </td>
                    <td>
                      <Tag intent={RESULT_INTENTS[check.result]} minimal>
                        {RESULT_LABELS[check.result]}
                      </Tag>
                    </td>
                    <td className="cd-preflight-says">
                      {check.messages.length === 0 ? "OK" : check.messages.join("; ")}
                    </td>
                    <td className="cd-number">{formatMoney(check.commission + check.fees)}</td>
                    <td className="cd-number">{formatMoney(check.projectedBuyingPower)}</td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </div>
  );
});
