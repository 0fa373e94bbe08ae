// The balances the Account Info dialog shows, read from the account_fetch answer.
import { isRecord } from "../shared/api/json";

/** `securitiesAccount.currentBalances` of an account; null where the brokerage gave no figure. */
export interface AccountBalances {
  /** Cash Balance. */
  readonly cashBalance: number | null;
  /** Cash available for trading. */
  readonly cashAvailableForTrading: number | null;
  /** Buying power. */
  readonly buyingPower: number | null;
}

function amount(balances: Record<string, unknown>, field: keyof AccountBalances): number | null {
  const value = balances[field];
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new Error(`securitiesAccount.currentBalances.${field} is not a number`);
  }
  return value;
}

/**
 * Reads the balances from an account_fetch answer.
 * @throws {Error} naming the part of the answer that is missing or not a number.
 */
export function parseAccountBalances(answer: unknown): AccountBalances {
  const securitiesAccount = isRecord(answer) ? answer.securitiesAccount : undefined;
  if (!isRecord(securitiesAccount)) {
    throw new Error("the answer has no securitiesAccount");
  }
  const balances = securitiesAccount.currentBalances;
  if (!isRecord(balances)) {
    throw new Error("the answer has no securitiesAccount.currentBalances");
  }
  return {
    cashBalance: amount(balances, "cashBalance"),
    cashAvailableForTrading: amount(balances, "cashAvailableForTrading"),
    buyingPower: amount(balances, "buyingPower"),
  };
}
