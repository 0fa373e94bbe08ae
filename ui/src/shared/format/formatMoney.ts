// Formats an amount of US dollars for display.
import { DASH } from "./dash";

const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** `$100,000.00` for 100000, a dash for null. */
export function formatMoney(amount: number | null): string {
  return amount === null ? DASH : USD.format(amount);
}
