// A session's success rate as a small coloured tag: green at 100 %, amber below, red at 0 %.
import { Tag } from "@blueprintjs/core";
import { successRateIntent, successRateText } from "../orders/sessionSummary";

/** Props of {@link SuccessRateTag}. */
export interface SuccessRateTagProps {
  /** Percentage (0-100) of the session's accounts whose order the brokerage accepted. */
  readonly rate: number;
}

/** The rate, e.g. `67%`, in the colour {@link successRateIntent} gives it. */
export function SuccessRateTag({ rate }: SuccessRateTagProps) {
  return (
    <Tag minimal round className="cd-success-rate" intent={successRateIntent(rate)}>
      {successRateText(rate)}
    </Tag>
  );
}
