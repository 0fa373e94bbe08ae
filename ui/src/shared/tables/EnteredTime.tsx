// The Time cell of an orders table: the time alone for an order of today, the date too for an older one.
import { observer } from "mobx-react-lite";
import { Fragment } from "react";
import { formatTime, formatTimeOfDay } from "../format/formatTime";
import { useStores } from "../shell/StoreContext";

/** Props of {@link EnteredTime}. */
export interface EnteredTimeProps {
  /** When the order was entered (RFC 3339). */
  readonly time: string;
  /** Today in the screen's time zone (`2025-01-02`): the orders table's `today`. */
  readonly today: string;
}

/**
 * `03:04:05` for today (in the screen's time zone), `2025-01-01 22:04:05` for another day; the whole date
 * and time is its title either way. The date and the time of day each stay whole: an older time may wrap
 * only at the space between them, so the column is never wider than a date.
 */
export const EnteredTime = observer(function EnteredTime({ time, today }: EnteredTimeProps) {
  const { env } = useStores();
  const parts = formatTimeOfDay(time, today, env.timeZone).split(" ");
  return (
    <td className="cd-number cd-time" title={formatTime(time, env.timeZone)}>
      {parts.map((part, index) => (
        // The parts of one time never change order, so their position is their identity.
        <Fragment key={index}>
          {index > 0 && " "}
          <span className="cd-keep">{part}</span>
        </Fragment>
      ))}
    </td>
  );
});
