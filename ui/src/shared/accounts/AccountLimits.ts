// One account's sizing profile and guards as `GET /trading_account/limits` answers them, and how they are read.
import { Fields } from "../api/fields";

/** How an account's quantity is worked out from the agent's. */
export const SIZING_METHODS = ["TIER", "FIXED", "RATIO", "NET_LIQUIDATION"] as const;

/** One sizing method as the API names it. */
export type SizingMethod = (typeof SIZING_METHODS)[number];

/** What an account does with a quantity sized below one unit. */
export const BELOW_ONE_CHOICES = ["REFUSE", "ONE"] as const;

/** One below-one choice as the API names it. */
export type BelowOne = (typeof BELOW_ONE_CHOICES)[number];

/** Which orders an account takes: any, opening orders only, or closing orders only. */
export const OPEN_CLOSE_CHOICES = ["ANY", "OPEN_ONLY", "CLOSE_ONLY"] as const;

/** One open/close choice as the API names it. */
export type OpenClose = (typeof OPEN_CLOSE_CHOICES)[number];

/** An account's sizing profile. */
export interface Sizing {
  /** The method. */
  readonly method: SizingMethod;
  /** Units (FIXED), a factor (RATIO) or dollars per unit (NET_LIQUIDATION); null for TIER. */
  readonly value: number | null;
  /** What a quantity below one unit does. */
  readonly belowOne: BelowOne;
}

/** An account's guards; null or an empty list is a guard that is not set. */
export interface Guards {
  /** The most units one order may carry. */
  readonly maxQuantityPerOrder: number | null;
  /** The most units held per symbol after an order. */
  readonly maxPositionPerSymbol: number | null;
  /** The most dollars one order may be worth. */
  readonly maxNotionalPerOrder: number | null;
  /** The only symbols the account opens (empty: any). */
  readonly allowSymbols: readonly string[];
  /** Symbols the account never opens. */
  readonly denySymbols: readonly string[];
  /** Which orders the account takes. */
  readonly openClose: OpenClose;
  /** The most orders copydesk sends the account per day. */
  readonly maxOrdersPerDay: number | null;
}

/** The last balances read of an account, which NET_LIQUIDATION sizes from. */
export interface BalancesRead {
  /** The net liquidation value read, in dollars; null when the brokerage gave none. */
  readonly netLiquidationValue: number | null;
  /** When they were read (RFC 3339). */
  readonly readAt: string;
  /** Seconds between that read and the answer. */
  readonly ageSeconds: number;
}

/** An entry of `GET /trading_account/limits`, also the answer of a `PUT`. */
export interface AccountLimits {
  /** The server's id of the account. */
  readonly accountId: number;
  /** The agent's name for the account. */
  readonly accountName: string;
  /** The brokerage login name, which the `PUT` names the account by. */
  readonly accountUsername: string;
  /** How the account is sized. */
  readonly sizing: Sizing;
  /** What the account is held to. */
  readonly guards: Guards;
  /** The last balances read; null before any were read. */
  readonly balances: BalancesRead | null;
}

function symbolList(fields: Record<string, unknown>, key: string, entry: string): string[] {
  const value = fields[key];
  if (value === null || value === undefined) {
    return [];
  }
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    throw new Error(`${key} of ${entry} is not a list of symbols`);
  }
  return value as string[];
}

function nullableNumber(fields: Record<string, unknown>, key: string, entry: string): number | null {
  const value = fields[key];
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new Error(`${key} of ${entry} is not a number or null`);
  }
  return value;
}

/**
 * Reads one entry of the limits answer.
 * @throws {Error} naming the first field that is missing or of the wrong type.
 */
export function parseAccountLimits(value: unknown): AccountLimits {
  const row = new Fields(value, "a limits entry");
  const accountId = row.wholeNumber("accountId");
  const record = value as Record<string, unknown>;
  const sizingEntry = `the sizing of account ${accountId}`;
  const guardsEntry = `the guards of account ${accountId}`;
  const balancesEntry = `the balances of account ${accountId}`;
  const sizing = new Fields(record.sizing, sizingEntry);
  const guards = new Fields(record.guards, guardsEntry);
  const guardValues = record.guards as Record<string, unknown>;
  let balances: BalancesRead | null = null;
  if (record.balances !== null && record.balances !== undefined) {
    const read = new Fields(record.balances, balancesEntry);
    balances = {
      netLiquidationValue: nullableNumber(
        record.balances as Record<string, unknown>,
        "netLiquidationValue",
        balancesEntry,
      ),
      readAt: read.string("readAt"),
      ageSeconds: read.number("ageSeconds"),
    };
  }
  const method = sizing.oneOf("method", SIZING_METHODS);
  return {
    accountId,
    accountName: row.string("accountName"),
    accountUsername: row.string("accountUsername"),
    sizing: {
      method,
      value: method === "TIER" ? null : sizing.number("value"),
      belowOne: sizing.oneOf("belowOne", BELOW_ONE_CHOICES),
    },
    guards: {
      maxQuantityPerOrder: guards.nullableWholeNumber("maxQuantityPerOrder"),
      maxPositionPerSymbol: guards.nullableWholeNumber("maxPositionPerSymbol"),
      maxNotionalPerOrder: nullableNumber(guardValues, "maxNotionalPerOrder", guardsEntry),
      allowSymbols: symbolList(guardValues, "allowSymbols", guardsEntry),
      denySymbols: symbolList(guardValues, "denySymbols", guardsEntry),
      openClose: guards.oneOf("openClose", OPEN_CLOSE_CHOICES),
      maxOrdersPerDay: guards.nullableWholeNumber("maxOrdersPerDay"),
    },
    balances,
  };
}

/**
 * Reads the whole limits answer.
 * @throws {Error} when the answer is not a list or an entry is malformed.
 */
export function parseAccountLimitsList(value: unknown): AccountLimits[] {
  if (!Array.isArray(value)) {
    throw new Error("the limits answer is not a list");
  }
  return value.map(parseAccountLimits);
}
