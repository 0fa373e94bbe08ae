// A saved stock order, and how the `{success, list}` answers are read.
import { Fields } from "../../shared/api/fields";
import { isRecord } from "../../shared/api/json";
import { compareText } from "../../shared/stores/compareText";
import { choiceOf, type StockFormValues } from "../form/StockOrderForm";

/** One saved stock order: every field of the form. */
export interface SavedStockOrder {
  readonly stockSymbol: string;
  readonly stockSession: string;
  readonly stockDuration: string;
  readonly stockInstruction: string;
  readonly stockOrderType: string;
  readonly stockQuantity: string;
  readonly stockPrice: string;
  readonly stockStopPrice: string;
  readonly stockStopPriceLinkType: string;
  readonly stockStopPriceOffset: string;
  /** BID, ASK, LAST or MARK. */
  readonly stockStopPriceLinkBasis: string;
}

/**
 * Reads `{success, list}` into the saved orders sorted by symbol.
 * @throws {Error} when the answer is not such an object or an entry is malformed.
 */
export function parseSavedStockOrders(value: unknown): SavedStockOrder[] {
  if (!isRecord(value) || !Array.isArray(value.list)) {
    throw new Error("the saved stock orders answer has no list");
  }
  return value.list
    .map((entry, index) => {
      const fields = new Fields(entry, `saved stock order ${index}`);
      const raw = isRecord(entry) ? entry : {};
      const text = (key: string, fallback: string) =>
        raw[key] === undefined || raw[key] === null ? fallback : fields.numericText(key);
      return {
        stockSymbol: fields.string("stockSymbol"),
        stockSession: typeof raw.stockSession === "string" ? raw.stockSession : "NORMAL",
        stockDuration: typeof raw.stockDuration === "string" ? raw.stockDuration : "DAY",
        stockInstruction: fields.string("stockInstruction"),
        stockOrderType: fields.string("stockOrderType"),
        stockQuantity: fields.numericText("stockQuantity"),
        stockPrice: text("stockPrice", "0"),
        stockStopPrice: text("stockStopPrice", "0"),
        stockStopPriceLinkType:
          typeof raw.stockStopPriceLinkType === "string" ? raw.stockStopPriceLinkType : "VALUE",
        stockStopPriceOffset: text("stockStopPriceOffset", "0.1"),
        stockStopPriceLinkBasis:
          typeof raw.stockStopPriceLinkBasis === "string" ? raw.stockStopPriceLinkBasis : "BID",
      };
    })
    .sort((a, b) => compareText(a.stockSymbol, b.stockSymbol));
}

/** The saved order as values of the place form. */
export function savedOrderValues(order: SavedStockOrder): StockFormValues {
  return {
    symbol: order.stockSymbol,
    instruction: order.stockInstruction,
    choice: choiceOf(order.stockSession, order.stockDuration),
    orderType: order.stockOrderType,
    quantity: order.stockQuantity,
    price: order.stockPrice,
    stopPrice: order.stockStopPrice,
    linkType: order.stockStopPriceLinkType,
    offset: order.stockStopPriceOffset,
    linkBasis: order.stockStopPriceLinkBasis,
  };
}
