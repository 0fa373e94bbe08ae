// Formats how long ago something happened, from an RFC 3339 time.
import { DASH } from "./dash";
import { formatDuration } from "./formatDuration";

/**
 * `12s ago` for a time 12 seconds before `nowMs`; a dash for null; the text itself when it is not a time.
 * A time slightly ahead of `nowMs` (clock skew) counts as `0s ago`.
 */
export function formatAge(time: string | null, nowMs: number): string {
  if (time === null) {
    return DASH;
  }
  const at = Date.parse(time);
  if (Number.isNaN(at)) {
    return time;
  }
  return `${formatDuration((nowMs - at) / 1000)} ago`;
}
