// One linked brokerage account as the account list shows it, and how it is read from the server's answer.
import { isRecord } from "../api/json";
import { isAccountType, type AccountType } from "./AccountType";

/** The connection states the server reports for an account. */
export const ACCOUNT_STATUSES = [
  "connected",
  "authorization_needed",
  "reauthorization_needed",
  "throttled",
  "error",
] as const;

/** One connection state of an account. */
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** An account row of `GET /trading_account/database`. The list never carries passwords. */
export interface TradingAccount {
  /** The server's id of the account. */
  readonly accountId: number;
  /** The agent's name for the account. */
  accountName: string;
  /** The brokerage login name. */
  accountUsername: string;
  /** The size tier. */
  accountType: AccountType;
  /** Minutes the brokerage connection has left, or null when there is none. */
  accountConnectionTime: number | null;
  /** Whether copy trades are applied to this account. */
  accountTradingActive: boolean;
  /** Connection state. */
  accountStatus: AccountStatus;
  /** Connection state in words, e.g. `Connected`. */
  accountStatusText: string;
  /**
   * The other brokerage accounts of this account's login that no trading account holds, free to link, by their
   * last four digits (`…5678`); empty when there are none.
   */
  otherLoginAccounts: readonly string[];
}

/** True when `value` names one of the connection states. */
export function isAccountStatus(value: unknown): value is AccountStatus {
  return ACCOUNT_STATUSES.some((status) => status === value);
}

/**
 * Reads one account from the list answer.
 * @throws {Error} naming the first field that is missing or of the wrong type.
 */
export function parseTradingAccount(value: unknown): TradingAccount {
  if (!isRecord(value)) {
    throw new Error("an account entry is not an object");
  }
  const {
    accountId,
    accountName,
    accountUsername,
    accountType,
    accountConnectionTime,
    accountTradingActive,
    accountStatus,
    accountStatusText,
    otherLoginAccounts,
  } = value;
  if (typeof accountId !== "number" || !Number.isInteger(accountId)) {
    throw new Error("accountId is not a whole number");
  }
  if (typeof accountName !== "string") {
    throw new Error(`accountName of account ${accountId} is not a string`);
  }
  if (typeof accountUsername !== "string") {
    throw new Error(`accountUsername of account ${accountId} is not a string`);
  }
  if (!isAccountType(accountType)) {
    throw new Error(`accountType of account ${accountId} is not an account type`);
  }
  if (accountConnectionTime !== null && typeof accountConnectionTime !== "number") {
    throw new Error(`accountConnectionTime of account ${accountId} is neither a number nor null`);
  }
  if (typeof accountTradingActive !== "boolean") {
    throw new Error(`accountTradingActive of account ${accountId} is not a boolean`);
  }
  if (!isAccountStatus(accountStatus)) {
    throw new Error(`accountStatus of account ${accountId} is not a known status`);
  }
  if (typeof accountStatusText !== "string") {
    throw new Error(`accountStatusText of account ${accountId} is not a string`);
  }
  const others: unknown = otherLoginAccounts ?? [];
  if (!Array.isArray(others) || !others.every((entry): entry is string => typeof entry === "string")) {
    throw new Error(`otherLoginAccounts of account ${accountId} is not a list of texts`);
  }
  return {
    accountId,
    accountName,
    accountUsername,
    accountType,
    accountConnectionTime,
    accountTradingActive,
    accountStatus,
    accountStatusText,
    otherLoginAccounts: others,
  };
}

/**
 * Reads the whole account list answer.
 * @throws {Error} when the answer is not a list or an entry is malformed.
 */
export function parseTradingAccounts(value: unknown): TradingAccount[] {
  if (!Array.isArray(value)) {
    throw new Error("the account list answer is not a list");
  }
  return value.map(parseTradingAccount);
}
