// Rounds a price (an average price, say) to what an order may carry, for a form's default.

/**
 * `price` rounded to the nearest tick an order may carry, as form text: cents (`229.83`), or four decimals
 * below $1 where `subDollar` (stock prices: `0.1235`). An average price of 229.8312 becomes a LIMIT the
 * brokerage takes.
 */
export function priceOnTick(price: number, subDollar: boolean): string {
  const decimals = subDollar && Math.abs(price) < 1 ? 4 : 2;
  const factor = 10 ** decimals;
  const rounded = Math.round((price + Math.sign(price) * Number.EPSILON) * factor) / factor;
  return rounded.toFixed(decimals);
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
