// Formats a quantity of contracts, spreads or shares for the tables, previews and summaries.

const QUANTITY = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });

/** `5`, `25,000`, `-1,200`, `0.5`: thousands grouped, as many decimals as a fractional share has (up to four). */
export function formatQuantity(quantity: number): string {
  return QUANTITY.format(quantity);
}

/** `1 spread`, `2,700 shares`, `0 contracts`: the quantity grouped, then `noun` (singular), plural unless it is 1. */
export function formatCount(quantity: number, noun: string): string {
  return `${formatQuantity(quantity)} ${noun}${quantity === 1 ? "" : "s"}`;
}
