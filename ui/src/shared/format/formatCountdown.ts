// Formats the time a token has left.
import { DASH } from "./dash";
import { formatDuration } from "./formatDuration";

/** Shown for a token whose time is up. */
export const EXPIRED = "expired";

/** `29m 59s` for 1799 seconds left, `expired` at or below zero, a dash when there is no token. */
export function formatCountdown(secondsLeft: number | null): string {
  if (secondsLeft === null) {
    return DASH;
  }
  return secondsLeft <= 0 ? EXPIRED : formatDuration(secondsLeft);
}
