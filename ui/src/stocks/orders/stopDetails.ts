// The stop fields of a stock order in words, for the hover text of its order type.
import type { StockOrderRow } from "./StockOrderRow";

/**
 * E.g. `Stop Price 0 · Stop Price Link Type VALUE · Stop Price Offset 0.1`, and for a trailing stop the price it
 * follows (`· Stop Price Link Basis BID`).
 */
export function stopDetails(row: StockOrderRow): string {
  const details = [
    `Stop Price ${row.stockStopPrice}`,
    `Stop Price Link Type ${row.stockStopPriceLinkType}`,
    `Stop Price Offset ${row.stockStopPriceOffset}`,
  ];
  if (row.stockOrderType === "TRAILING_STOP") {
    details.push(`Stop Price Link Basis ${row.stockStopPriceLinkBasis}`);
  }
  return details.join(" · ");
}
