// Formats an option price or average price for the tables.

/** `1.25`, `135.50`, `0.0525`: at least two decimals, at most four, no thousands separators. */
export function formatPrice(price: number): string {
  return price.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: false });
}
