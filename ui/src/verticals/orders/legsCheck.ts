// What stops the legs chosen in a leg dialog from being sent: a field that cannot be sent, or a spread that is not one order.
import { problemSentence } from "../../shared/orderForm/fieldChecks";
import { legsProblem } from "../OrderLeg";
import type { LegDraft } from "./LegDraft";
import { byOrder } from "./VerticalOrderRow";

/**
 * The first reason `drafts` cannot be sent, or null: a leg's quantity or price that cannot be sent (marked on
 * its field, e.g. `Price of AAPL 10/18/2024 235.00 C of Small A must be a number of at least 0`), then an
 * account's order whose legs differ in order type or quantity (`Order of Small A: Leg 2 Order Type must be …`).
 */
export function legsCheck(drafts: readonly LegDraft[]): string | null {
  let first: string | null = null;
  for (const draft of drafts) {
    draft.form.check();
    const problem = draft.form.problems[0];
    if (first === null && problem !== undefined) {
      const of = `${draft.row.optionChainDescription} of ${draft.row.accountName}`;
      first = problemSentence({ label: `${problem.label} of ${of}`, helper: problem.helper });
    }
  }
  if (first !== null) {
    return first;
  }
  for (const legs of byOrder(drafts, (draft) => draft.row).values()) {
    const problem = legsProblem(legs.map((draft) => draft.leg));
    if (problem !== null) {
      return `Order of ${legs[0]?.row.accountName ?? ""}: ${problem}`;
    }
  }
  return null;
}
