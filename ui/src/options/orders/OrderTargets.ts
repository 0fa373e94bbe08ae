// How the order dialogs name the orders they act on, in request bodies.
import type { OptionOrderRow } from "./OptionOrderRow";

/** An order named in `allTradingAccountsOrderList`. */
export interface OrderTarget {
  /** The account. */
  readonly accountId: number;
  /** The account's name. */
  readonly accountName: string;
  /** The account's brokerage login name. */
  readonly accountUsername: string;
  /** The brokerage's order id. */
  readonly optionChainOrderId: number | null;
}

/** The `allTradingAccountsOrderList` entry of `row`. */
export function orderTarget(row: OptionOrderRow): OrderTarget {
  return {
    accountId: row.accountId,
    accountName: row.accountName,
    accountUsername: row.accountUsername,
    optionChainOrderId: row.optionChainOrderId,
  };
}

/** Which orders an order dialog acts on: one row, rows checked in the session view, or a whole session. */
export type OrderScope = "individual" | "selected" | "session";
