// A session's quantity filled out of its quantity ordered, added up across its accounts.
import type { SessionSummary } from "../orders/sessionSummary";

/** Props of {@link FilledOfTotal}. */
export interface FilledOfTotalProps {
  /** The session across its accounts. */
  readonly summary: SessionSummary;
  /** What is counted, e.g. `contracts` or `shares`. */
  readonly unit: string;
}

/** `filled / ordered`, e.g. `3 / 5`, spelled out on hover. */
export function FilledOfTotal({ summary, unit }: FilledOfTotalProps) {
  const accounts = summary.accounts === 1 ? "1 account" : `${summary.accounts} accounts`;
  const words = `${summary.totalFilled} of ${summary.totalQuantity} ${unit} filled on ${accounts}`;
  return (
    <span title={words}>
      {`${summary.totalFilled} / ${summary.totalQuantity}`}
    </span>
  );
}
