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

/** The day of `now` in `timeZone` as {@link formatTime} writes dates: `2025-01-02`. */
export function dayOf(now: number, timeZone?: string): string {
  return formatTime(new Date(now).toISOString(), timeZone).slice(0, DATE_LENGTH);
}

/**
 * The orders tables' short form: `03:04:05` for a time on `today` (a {@link dayOf} text, in the same
 * `timeZone`), the whole {@link formatTime} text for any other day or a text that is not a time.
 */
export function formatTimeOfDay(time: string, today: string, timeZone?: string): string {
  const whole = formatTime(time, timeZone);
  return whole.length > DATE_LENGTH && whole.startsWith(`${today} `) ? whole.slice(DATE_LENGTH + 1) : whole;
}

/** `2025-01-02`: the date part of {@link formatTime}'s text. */
const DATE_LENGTH = 10;
