// The line above a session's orders in its view dialog: colour, success rate and what the session adds up to.
import type { SessionStatusColor } from "../orders/orderStatus";
import { refusalWord, type Refusals } from "../orders/rejections";
import { accountsText, filledText, type SessionSummary } from "../orders/sessionSummary";
import { SessionStatusMark } from "./SessionStatusMark";
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
  /** The accounts refused and why. */
  readonly refusals: Refusals;
}

/**
 * E.g. `● Success rate 67% · 3 accounts · 2 of 5 contracts filled`, then, when accounts were refused, a line
 * `1 of 3 accounts rejected: insufficient buying power (1)` that needs no hovering ("not sent" for accounts never
 * sent the order, "refused" for some of each).
 */
export function SessionSummaryLine({ color, rate, summary, unit, refusals }: SessionSummaryLineProps) {
  return (
    <>
      <p className="cd-session-summary">
        <SessionStatusMark color={color} refusals={refusals} />
        <span className="cd-summary-part">
          Success rate <SuccessRateTag rate={rate} />
        </span>
        <span className="cd-summary-part">{accountsText(summary.accounts)}</span>
        <span className="cd-summary-part">{filledText(summary, unit)}</span>
      </p>
      {refusals.refused > 0 && (
        <p className="cd-session-refusals" data-testid="session-refusals">
          {`${refusals.refused} of ${refusals.accounts} ${refusals.accounts === 1 ? "account" : "accounts"} ${refusalWord(refusals)}: `}
          {refusals.byReason.map((entry) => `${entry.reason} (${entry.accounts})`).join("; ")}
        </p>
      )}
    </>
  );
}
