// A session's quantity filled out of its quantity ordered, added up across its accounts.
import { accountsText, filledText, notSentText, type SessionSummary } from "../orders/sessionSummary";
import { formatQuantity } from "../format/formatQuantity";
import { NumberCell } from "./NumberCell";

/** Props of {@link FilledOfTotal}. */
export interface FilledOfTotalProps {
  /** The session across its accounts. */
  readonly summary: SessionSummary;
  /** What is counted, e.g. `contracts` or `shares`. */
  readonly unit: string;
}

/** The cell `filled / sent`, e.g. `3 / 5`, spelled out on hover (with the accounts never sent to). */
export function FilledOfTotal({ summary, unit }: FilledOfTotalProps) {
  return (
    <NumberCell
      text={`${formatQuantity(summary.totalFilled)} / ${formatQuantity(summary.totalQuantity)}`}
      title={`${filledText(summary, unit)} on ${accountsText(summary.accounts)}${notSentText(summary)}`}
    />
  );
}
