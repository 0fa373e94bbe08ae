// Formats a quantity of contracts, spreads or shares for the tables.

const QUANTITY = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });

/** `5`, `25,000`, `-1,200`, `0.5`: thousands grouped, as many decimals as a fractional share has (up to four). */
export function formatQuantity(quantity: number): string {
  return QUANTITY.format(quantity);
}
