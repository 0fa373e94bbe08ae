// The line above a session's orders in its view dialog: colour, success rate and what the session adds up to.
import type { SessionStatusColor } from "../orders/orderStatus";
import type { SessionSummary } from "../orders/sessionSummary";
import { StatusDot } from "./StatusDot";
import { SuccessRateTag } from "./SuccessRateTag";

/** Props of {@link SessionSummaryLine}. */
export interface SessionSummaryLineProps {
  /** The session's colour. */
  readonly color: SessionStatusColor;
  /** The session's success rate (0-100). */
  readonly rate: number;
  /** The session across its accounts. */
  readonly summary: SessionSummary;
  /** What is counted, e.g. `contracts` or `shares`. */
  readonly unit: string;
}

/** E.g. `● Success rate 67% · 3 accounts · 2 of 5 contracts filled`. */
export function SessionSummaryLine({ color, rate, summary, unit }: SessionSummaryLineProps) {
  return (
    <p className="cd-session-summary">
      <StatusDot color={color} />
      <span className="cd-summary-part">
        Success rate <SuccessRateTag rate={rate} />
      </span>
      <span className="cd-summary-part">{summary.accounts === 1 ? "1 account" : `${summary.accounts} accounts`}</span>
      <span className="cd-summary-part">{`${summary.totalFilled} of ${summary.totalQuantity} ${unit} filled`}</span>
    </p>
  );
}
