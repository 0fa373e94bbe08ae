// Formats the time an order was entered.

/**
 * `2025-01-02 03:04:00` for an RFC 3339 time, in `timeZone` (the browser's own when omitted); the text itself
 * when it is not a time.
 */
export function formatTime(time: string, timeZone?: string): string {
  const at = Date.parse(time);
  if (Number.isNaN(at)) {
    return time;
  }
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}:${part("second")}`;
}
