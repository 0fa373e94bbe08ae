// Rounds a price (an average price, say) to what an order may carry, for a form's default.

/**
 * `price` rounded to the nearest tick an order may carry, as form text: cents (`229.83`, `1.00`), or up to four
 * decimals below $1 where `subDollar` (stock prices: `0.1235`, `0.50`). An average price of 229.8312 becomes a LIMIT the
 * brokerage takes.
 */
export function priceOnTick(price: number, subDollar: boolean): string {
  const decimals = subDollar && Math.abs(price) < 1 ? 4 : 2;
  const factor = 10 ** decimals;
  const rounded = Math.round((price + Math.sign(price) * Number.EPSILON) * factor) / factor;
  // Cents always show; the sub-dollar digits only as far as they say something (0.50, not 0.5000).
  return rounded.toFixed(decimals).replace(/(\.\d\d\d*?)0+$/, "$1");
}

/**
 * Whether price text has no more decimals than an order may carry: two, or four below $1 where `subDollar`
 * (trailing zeros do not count). Text that is not a number is left to the other checks.
 */
export function onTick(text: string, subDollar: boolean): boolean {
  const trimmed = text.trim();
  const decimals = /\.(\d+)$/.exec(trimmed)?.[1]?.replace(/0+$/, "").length ?? 0;
  return decimals <= (subDollar && Number(trimmed) < 1 ? 4 : 2);
}

/**
 * Price text a form is filled with, as {@link priceOnTick} writes it: `1` → `1.00`, `0.5` → `0.50`. Text that
 * is not a plain number (an empty price, say) is left as it is.
 */
export function priceTextOnTick(text: string, subDollar: boolean): string {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? priceOnTick(Number(trimmed), subDollar) : text;
}
