// A replace that would send every order its own terms again: refused before sending, and marked on the form.
import { ApiError } from "../api/ApiError";

/** Why such a replace is refused, after the dialog's failure text. */
export const NOTHING_TO_CHANGE = "nothing to change: every order already has these terms";

/** Whether the server refused a replace because it changes nothing (its 400 says "nothing to change"). */
export function saysNothingToChange(reason: unknown): boolean {
  const text = reason instanceof ApiError ? (reason.status === 400 ? reason.message : "") : reason;
  return typeof text === "string" && text.toLowerCase().includes("nothing to change");
}

/** Two prices as equal as the brokerage takes them (to the hundred-thousandth). */
export function samePrice(a: number, b: number): boolean {
  return Math.abs(a - b) < 0.000005;
}

/** The number a form field sends (a number, or text that is one), or NaN. */
export function sentNumber(value: number | string): number {
  return typeof value === "number" ? value : Number(value);
}
