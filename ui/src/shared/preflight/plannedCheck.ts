// What the plan does with a checked account, in the words the plan preview uses.
import { formatQuantity } from "../format/formatQuantity";
import { guardWords, type PlanOutcome } from "../planPreview/PlanPreview";
import type { AccountCheck } from "./AccountCheck";

/** A checked account's planned quantity in words, and whether it is sent as sized, cut or refused. */
export interface PlannedCheck {
  /** `3`, `3 (cut from 6: max quantity per order)` or `Refused: close-only`. */
  readonly text: string;
  /** Sent as sized, cut by a guard, or refused. */
  readonly outcome: PlanOutcome;
}

/** The planned quantity of `check` in words, or null when the answer does not carry one. */
export function plannedCheck(check: AccountCheck): PlannedCheck | null {
  const planned = check.plannedQuantity;
  if (planned === null) {
    return null;
  }
  const why = check.guard === null ? check.guardReason : guardWords(check.guard);
  if (planned === 0 && why !== null) {
    return { text: `Refused: ${why}`, outcome: "REFUSE" };
  }
  if (why !== null && check.sizedQuantity !== null && check.sizedQuantity !== planned) {
    return {
      text: `${formatQuantity(planned)} (cut from ${formatQuantity(check.sizedQuantity)}: ${why})`,
      outcome: "CUT",
    };
  }
  return { text: formatQuantity(planned), outcome: "SEND" };
}
