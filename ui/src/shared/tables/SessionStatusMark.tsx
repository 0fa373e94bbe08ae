// A session's status dot, and beside it how many accounts were refused; never green when all were.
import { Colors } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { SessionStatusColor } from "../orders/orderStatus";
import { allRefused, refusalCountText, refusalWord, type Refusals } from "../orders/rejections";
import { StatusDot } from "./StatusDot";

/** Props of {@link SessionStatusMark}. */
export interface SessionStatusMarkProps {
  /** The server's colour of the session. */
  readonly color: SessionStatusColor;
  /** The session's refused accounts. */
  readonly refusals: Refusals;
}

/**
 * The server's colour says whether the session's rows are final; a final session whose orders were all
 * refused is not a success, so it shows a red cross and the count instead of the green dot. Some refused
 * accounts add the count beside the dot: "N rejected" for the accounts the brokerage rejected, "N not sent"
 * for those never sent the order, both when there are both ("2 rejected · 3 not sent"). The count stands on one
 * line beside the mark, so a refused session's row is no taller than the others.
 */
export const SessionStatusMark = observer(function SessionStatusMark({ color, refusals }: SessionStatusMarkProps) {
  const reasons = refusals.byReason.map((entry) => `${entry.reason} (${entry.accounts})`).join("; ");
  const count = refusalCountText(refusals);
  if (allRefused(refusals)) {
    const accounts = refusals.accounts === 1 ? "account" : "accounts";
    return (
      <span className="cd-status-mark" title={reasons}>
        <span
          role="img"
          aria-label={`All ${refusals.accounts} ${accounts} ${refusalWord(refusals)}`}
          className="cd-status-rejected"
          data-color="rejected"
          style={{ backgroundColor: Colors.RED3 }}
        >
          ✕
        </span>
        <span className="cd-rejected-count">{count}</span>
      </span>
    );
  }
  return (
    <span className="cd-status-mark" title={refusals.refused > 0 ? reasons : undefined}>
      <StatusDot color={color} />
      {refusals.refused > 0 && <span className="cd-rejected-count">{count}</span>}
    </span>
  );
});
