// The Time cell of an orders table: the time alone for an order of today, the date too for an older one.
import { observer } from "mobx-react-lite";
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
 * One line, so a session's row is as short as its other cells allow: `03:04:05` for today (in the screen's
 * time zone), `2025-01-01 22:04:05` for another day; the whole date and time is its title either way.
 */
export const EnteredTime = observer(function EnteredTime({ time, today }: EnteredTimeProps) {
  const { env } = useStores();
  return (
    <td className="cd-number cd-time" title={formatTime(time, env.timeZone)}>
      {formatTimeOfDay(time, today, env.timeZone)}
    </td>
  );
});
