// A session's orders by status in its group row: the status alone when all agree, else each with its count.
import { observer } from "mobx-react-lite";
import type { StatusCount } from "../orders/groupSummary";
import { statusLook } from "./OrderStatusText";
import { Words } from "./Words";

/** Props of {@link StatusCounts}. */
export interface StatusCountsProps {
  /** The statuses and their counts, most first. */
  readonly statuses: readonly StatusCount[];
}

/** `WORKING` when every order is working; `3 WORKING` over `1 REPLACED` when they differ (open ones yellow,
 * failed ones red). A count never wraps away from its status. */
export const StatusCounts = observer(function StatusCounts({ statuses }: StatusCountsProps) {
  const single = statuses.length === 1;
  return (
    <span className="cd-status-counts">
      {statuses.map((entry) => {
        const look = statusLook(entry.status, entry.open);
        return (
          <span
            key={entry.status}
            className={look.className ? `cd-status-count ${look.className}` : "cd-status-count"}
            style={look.color ? { color: look.color } : undefined}
          >
            {single ? <Words text={entry.status} /> : <Words lead={`${entry.count} `} text={entry.status} />}
          </span>
        );
      })}
    </span>
  );
});
