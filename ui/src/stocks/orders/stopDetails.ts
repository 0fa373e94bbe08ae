// The stop fields of a stock order in words, for the hover text of its order type.
import type { StockOrderRow } from "./StockOrderRow";

/** E.g. `Stop Price 0 · Stop Price Link Type VALUE · Stop Price Offset 0.1`. */
export function stopDetails(row: StockOrderRow): string {
  return [
    `Stop Price ${row.stockStopPrice}`,
    `Stop Price Link Type ${row.stockStopPriceLinkType}`,
    `Stop Price Offset ${row.stockStopPriceOffset}`,
  ].join(" · ");
}
