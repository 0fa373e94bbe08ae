// One account's holding of an option on the Vertical Trading screen, its default exit, and how the answer is read.
import { Fields } from "../../shared/api/fields";
import { isRecord } from "../../shared/api/json";
import { compareText } from "../../shared/stores/compareText";
import type { OrderFieldValues } from "../../shared/orderForm/OptionOrderForm";
import { priceOnTick } from "../../shared/format/priceOnTick";

/** An entry of `GET /copy_trading_position_account/database/VERTICAL`. */
export interface VerticalPosition {
  /** The option symbol. */
  readonly optionChainSymbol: string;
  /** The option in words; the answer is keyed by it. */
  readonly optionChainDescription: string;
  /** Contracts held; negative means short. */
  readonly optionChainSettledQuantity: number;
  /** Average price per contract. */
  readonly optionChainAveragePrice: number;
  /** The trading account. */
  readonly accountId: number;
  /** The agent's name for the account. */
  readonly accountName: string;
  /** The brokerage login name of the account. */
  readonly accountUsername: string;
}

/** The key of one account's holding of one option. */
export function positionKey(position: VerticalPosition): string {
  return `${position.optionChainDescription}|${position.accountId}`;
}

/**
 * The default closing order: SELL_TO_CLOSE the settled quantity, or BUY_TO_CLOSE a short one with the
 * quantity made positive; LIMIT at the average price rounded to the cent (spec 02 §4).
 */
export function exitDefaults(position: VerticalPosition): OrderFieldValues {
  const settled = position.optionChainSettledQuantity;
  return {
    instruction: settled < 0 ? "BUY_TO_CLOSE" : "SELL_TO_CLOSE",
    orderType: "LIMIT",
    quantity: String(Math.abs(settled)),
    price: priceOnTick(position.optionChainAveragePrice, false),
  };
}

/** The `allTradingAccountsOrderList` entry of a position's account. */
export function positionAccount(position: VerticalPosition) {
  return {
    accountId: position.accountId,
    accountName: position.accountName,
    accountUsername: position.accountUsername,
  };
}

/**
 * Reads the positions answer (description → one entry per account) into one list ordered by description,
 * then account id.
 * @throws {Error} when the answer is not such an object or an entry is malformed.
 */
export function parseVerticalPositions(value: unknown): VerticalPosition[] {
  if (!isRecord(value)) {
    throw new Error("the vertical positions answer is not an object");
  }
  const positions: VerticalPosition[] = [];
  for (const [description, entries] of Object.entries(value)) {
    if (!Array.isArray(entries)) {
      throw new Error(`the positions of ${description} are not a list`);
    }
    entries.forEach((entry, index) => {
      const fields = new Fields(entry, `position ${index} of ${description}`);
      positions.push({
        optionChainSymbol: fields.string("optionChainSymbol"),
        optionChainDescription: fields.string("optionChainDescription"),
        optionChainSettledQuantity: fields.wholeNumber("optionChainSettledQuantity"),
        optionChainAveragePrice: fields.number("optionChainAveragePrice"),
        accountId: fields.wholeNumber("accountId"),
        accountName: fields.string("accountName"),
        accountUsername: fields.string("accountUsername"),
      });
    });
  }
  return positions.sort(
    (a, b) => compareText(a.optionChainDescription, b.optionChainDescription) || a.accountId - b.accountId,
  );
}
