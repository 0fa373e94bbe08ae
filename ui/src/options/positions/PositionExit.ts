// The default closing order of a position (spec 01 §4 "Position exit").
import type { OptionPosition } from "./OptionPosition";
import type { OrderFieldValues } from "../../shared/orderForm/OptionOrderForm";
import { priceOnTick } from "../../shared/format/priceOnTick";

/**
 * SELL_TO_CLOSE the settled quantity at LIMIT, priced at the average price rounded to the cent; a short (negative) position is
 * closed with BUY_TO_CLOSE and a positive quantity.
 */
export function exitDefaults(position: OptionPosition): OrderFieldValues {
  const settled = position.optionChainSettledQuantity;
  return {
    instruction: settled < 0 ? "BUY_TO_CLOSE" : "SELL_TO_CLOSE",
    orderType: "LIMIT",
    quantity: String(Math.abs(settled)),
    price: priceOnTick(position.optionChainAveragePrice, false),
  };
}

/** The `allTradingAccountsOrderList` entry of a position's account. */
export function positionAccount(position: OptionPosition) {
  return {
    accountId: position.accountId,
    accountName: position.accountName,
    accountUsername: position.accountUsername,
  };
}
