// The box under an order form saying what each account would be sent, as the plan preview answered.
import { Callout, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { plannedAccountText, planSummaryText, type PlannedAccount } from "./PlanPreview";
import type { PlanPreviewStore } from "./PlanPreviewStore";

/** Props of {@link PlanPreviewNote}. */
export interface PlanPreviewNoteProps {
  /** The dialog's plan preview. */
  readonly preview: PlanPreviewStore;
  /** The per-tier text, shown when the plan could not be asked. */
  readonly fallback: string;
}

/** The neutral line while the form is not complete and valid. */
export const PLAN_INCOMPLETE_TEXT = "Each account's quantity shows once the order is complete";
/** The neutral line while a replace form holds every order's own terms. */
export const PLAN_UNCHANGED_TEXT = "Nothing would change: every order already has these terms";
/** The neutral line while the plan is being asked. */
export const PLAN_LOADING_TEXT = "Planning each account's quantity…";

const NEUTRAL_TEXTS: Partial<Record<PlanPreviewStore["state"], string>> = {
  incomplete: PLAN_INCOMPLETE_TEXT,
  unchanged: PLAN_UNCHANGED_TEXT,
};

const ROW_CLASSES: Readonly<Record<PlannedAccount["outcome"], string>> = {
  SEND: "cd-plan-send",
  CUT: "cd-plan-cut",
  REFUSE: "cd-plan-refuse",
};

/**
 * The plan of the dialog's order: the total on one line, then each account's planned quantity in a bounded,
 * scrolling list, cut rows in the warning colour and refused rows in the danger colour (the server's full reason
 * as the row's title). A neutral line while the form is incomplete, holds every order's own terms, or the plan
 * is being asked; when asking failed, the failure and the per-tier text.
 */
export const PlanPreviewNote = observer(function PlanPreviewNote({ preview, fallback }: PlanPreviewNoteProps) {
  const plan = preview.currentPlan;
  if (preview.state === "failed") {
    return (
      <Callout compact intent={Intent.WARNING} className="cd-plan-preview" aria-live="polite" data-testid="plan-preview">
        Could not plan each account&apos;s quantity: {preview.error}. By tier: {fallback}
      </Callout>
    );
  }
  if (plan === null) {
    return (
      <Callout compact className="cd-plan-preview" aria-live="polite" data-testid="plan-preview">
        {NEUTRAL_TEXTS[preview.state] ?? PLAN_LOADING_TEXT}
      </Callout>
    );
  }
  // Only the summary and the cut or refused rows take a colour: the rows sent as sized stay plain.
  const refused = plan.accounts.some((account) => account.outcome === "REFUSE");
  const cut = plan.accounts.some((account) => account.outcome === "CUT");
  const summaryClass = refused ? " cd-plan-refuse" : cut ? " cd-plan-cut" : "";
  return (
    <Callout compact className="cd-plan-preview" data-testid="plan-preview">
      <p className={`cd-plan-summary${summaryClass}`} aria-live="polite" data-testid="plan-summary">
        {planSummaryText(plan, preview.unit)}
      </p>
      {plan.accounts.length > 0 && (
        <ul className="cd-plan-list" aria-label={`Planned ${preview.unit}s per account`}>
          {plan.accounts.map((account) => (
            <li
              key={account.accountId}
              className={ROW_CLASSES[account.outcome]}
              title={account.reason ?? undefined}
              data-account-id={account.accountId}
            >
              {plannedAccountText(account)}
            </li>
          ))}
        </ul>
      )}
    </Callout>
  );
});
