// One account's holding of a stock, how the positions answer is read, and the default closing order.
import { Fields } from "../../shared/api/fields";
import { isRecord } from "../../shared/api/json";
import { compareText } from "../../shared/stores/compareText";
import type { StockFormValues } from "../form/StockOrderForm";
import { priceOnTick } from "../../shared/format/priceOnTick";

/** An entry of `GET /stock_copy_trading_position/database`. */
export interface StockPosition {
  readonly stockSymbol: string;
  readonly stockAveragePrice: number;
  /** Shares held; negative means short. */
  readonly stockSettledQuantity: number;
  readonly accountId: number;
  readonly accountName: string;
  readonly accountUsername: string;
}

/** The key of one account's holding of one stock. */
export function stockPositionKey(position: StockPosition): string {
  return `${position.stockSymbol}|${position.accountId}`;
}

/**
 * Reads the positions answer (symbol → one entry per account) into one list ordered by symbol, then account.
 * @throws {Error} when the answer is not such an object or an entry is malformed.
 */
export function parseStockPositions(value: unknown): StockPosition[] {
  if (!isRecord(value)) {
    throw new Error("the stock positions answer is not an object");
  }
  const positions: StockPosition[] = [];
  for (const [symbol, entries] of Object.entries(value)) {
    if (!Array.isArray(entries)) {
      throw new Error(`the positions of ${symbol} are not a list`);
    }
    entries.forEach((entry, index) => {
      const fields = new Fields(entry, `position ${index} of ${symbol}`);
      positions.push({
        stockSymbol: fields.string("stockSymbol"),
        stockAveragePrice: fields.number("stockAveragePrice"),
        stockSettledQuantity: fields.number("stockSettledQuantity"),
        accountId: fields.wholeNumber("accountId"),
        accountName: fields.string("accountName"),
        accountUsername: fields.string("accountUsername"),
      });
    });
  }
  return positions.sort((a, b) => compareText(a.stockSymbol, b.stockSymbol) || a.accountId - b.accountId);
}

/**
 * The default closing order (spec 02 §4): SELL the settled quantity, or BUY_TO_COVER a short one with the
 * quantity made positive; DAY, LIMIT at the average price on a tick the order may carry, stop price 0, VALUE, offset 0.1.
 * Orders trade whole shares: of 61.5854 shares held (a reinvested dividend) the exit sells 61, and the fraction stays
 * in the positions table.
 */
export function stockExitDefaults(position: StockPosition): StockFormValues {
  const settled = position.stockSettledQuantity;
  return {
    symbol: position.stockSymbol,
    instruction: settled < 0 ? "BUY_TO_COVER" : "SELL",
    choice: "DAY",
    orderType: "LIMIT",
    quantity: String(Math.trunc(Math.abs(settled))),
    price: priceOnTick(position.stockAveragePrice, true),
    stopPrice: "0",
    linkType: "VALUE",
    offset: "0.1",
  };
}

/** The `allTradingAccountsOrderList` entry of a position's account. */
export function stockPositionAccount(position: StockPosition) {
  return {
    accountId: position.accountId,
    accountName: position.accountName,
    accountUsername: position.accountUsername,
  };
}
