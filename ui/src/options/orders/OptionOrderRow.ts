// One account's order of a single-leg option copy-trade, how the orders answer is read, and which rows R and C act on.
import { Fields } from "../../shared/api/fields";
import { isRecord } from "../../shared/api/json";
import { summarizeGroup, type GroupSummary } from "../../shared/orders/groupSummary";
import { refusalsOf, type Refusals, type RowOutcome } from "../../shared/orders/rejections";
import { liveRowOf } from "../../shared/orders/replaceChain";
import { summarizeSession, type SessionSummary } from "../../shared/orders/sessionSummary";
import {
  CANCELED_STATUS,
  isCancellableStatus,
  OWN_STATUS_COLORS,
  REPLACEABLE_STATUSES,
  SESSION_STATUS_COLORS,
  type OwnStatusColor,
  type SessionStatusColor,
} from "../../shared/orders/orderStatus";

/** An entry of `GET /copy_trading_account/database/COMMON`: one account's order in one copy-trade session. */
export interface OptionOrderRow {
  /** The copy-trade session the order belongs to. */
  readonly agentTradingSessionID: number;
  /** The trading account. */
  readonly accountId: number;
  /** The agent's name for the account. */
  readonly accountName: string;
  /** The brokerage login name of the account. */
  readonly accountUsername: string;
  /** The brokerage's order id, or null when the order was never placed. */
  readonly optionChainOrderId: number | null;
  /** The option symbol (hidden column). */
  readonly optionChainSymbol: string;
  /** The option in words, e.g. `AAPL 10/18/2024 230.00 C`. */
  readonly optionChainDescription: string;
  /** BUY_TO_OPEN, SELL_TO_OPEN, SELL_TO_CLOSE or BUY_TO_CLOSE. */
  readonly optionChainInstruction: string;
  /** LIMIT or MARKET. */
  readonly optionChainOrderType: string;
  /** Contracts ordered on this account. */
  readonly optionChainQuantity: number;
  /** Contracts filled so far. */
  readonly optionChainFilledQuantity: number;
  /** Limit price, or the fill price of a market order. */
  readonly optionChainPrice: number;
  /** A brokerage status, FAILED_TO_PLACE or UNSETTLED. */
  readonly optionChainStatus: string;
  /** Why the row failed or is unsettled, or null. */
  readonly optionChainStatusDescription: string | null;
  /** When the order was entered (RFC 3339). */
  readonly optionChainEnteredTime: string;
  /** Percentage (0-100) of the session's accounts whose order the brokerage accepted. */
  readonly successRate: number;
  /** The row's own colour. */
  readonly optionChainOwnStatusColor: OwnStatusColor;
  /** The session's colour. */
  readonly optionChainStatusColor: SessionStatusColor;
  /** The session this session's replace replaced (the same on every row of the session), or null. */
  readonly replacedSessionID: number | null;
}

/** One session of the orders answer: its id and its rows, one per account. */
export interface OptionSession {
  /** The session id. */
  readonly id: number;
  /** The rows; the first represents the session in the main table. */
  readonly rows: readonly OptionOrderRow[];
}

/** The session that `session`'s replace replaced, or null when it was not made by a replace. */
export function replacedSessionOf(session: OptionSession): number | null {
  return session.rows[0]?.replacedSessionID ?? null;
}

/** The session across its accounts: how many, and the contracts ordered and filled on all of them. */
export function optionSessionSummary(session: OptionSession): SessionSummary {
  return summarizeSession(
    session.rows.map((row) => ({
      accountId: row.accountId,
      quantity: row.optionChainQuantity,
      filledQuantity: row.optionChainFilledQuantity,
      status: row.optionChainStatus,
    })),
  );
}

/** True when the row's order can be replaced: it has an order id and a replaceable status. */
export function canReplace(row: OptionOrderRow): boolean {
  return row.optionChainOrderId !== null && REPLACEABLE_STATUSES.includes(row.optionChainStatus);
}

/** True when the row's order can be cancelled: placed, and open or REPLACED (followed to its live order). */
export function canCancel(row: OptionOrderRow): boolean {
  return row.optionChainOrderId !== null && isCancellableStatus(row.optionChainStatus);
}

/** True when the row's order is already cancelled (C disabled, "(Already Canceled)", struck through). */
export function isCanceledOption(row: OptionOrderRow): boolean {
  return row.optionChainStatus === CANCELED_STATUS;
}

/** The account, status and reason of a row, for the rejection rules. */
export function optionOutcome(row: OptionOrderRow): RowOutcome {
  return { accountId: row.accountId, status: row.optionChainStatus, reason: row.optionChainStatusDescription };
}

/** The session's refused accounts and why. */
export function optionRefusals(session: OptionSession): Refusals {
  return refusalsOf(session.rows.map(optionOutcome));
}

/** The session's orders at a glance: statuses by count, kinds, quantity ranges. */
export function optionGroupSummary(session: OptionSession): GroupSummary {
  return summarizeGroup(
    session.rows.map((row) => ({
      accountId: row.accountId,
      status: row.optionChainStatus,
      orderType: row.optionChainOrderType,
      instructions: [row.optionChainInstruction],
      quantity: row.optionChainQuantity,
      filled: row.optionChainFilledQuantity,
      price: row.optionChainPrice,
      legs: 1,
    })),
    "contracts",
  );
}

/** The live row of `row`: a REPLACED row followed to the order that replaced it, within `sessions`. */
export function liveOptionRow(row: OptionOrderRow, sessions: readonly OptionSession[]): OptionOrderRow {
  return liveRowOf(row, row.agentTradingSessionID, sessions, {
    accountOf: (entry) => entry.accountId,
    statusOf: (entry) => entry.optionChainStatus,
    placedOf: (entry) => entry.optionChainOrderId !== null,
    replacedSessionOf: (rows) => rows[0]?.replacedSessionID ?? null,
  });
}

/** A key that tells the rows of one session apart: the account and its order. */
export function orderRowKey(row: OptionOrderRow): string {
  return `${row.accountId}:${row.optionChainOrderId ?? "none"}`;
}

/**
 * Reads one row.
 * @throws {Error} naming the first field that is missing or of the wrong type.
 */
export function parseOptionOrderRow(value: unknown, entry: string): OptionOrderRow {
  const fields = new Fields(value, entry);
  return {
    agentTradingSessionID: fields.wholeNumber("agentTradingSessionID"),
    accountId: fields.wholeNumber("accountId"),
    accountName: fields.string("accountName"),
    accountUsername: fields.string("accountUsername"),
    optionChainOrderId: fields.nullableWholeNumber("optionChainOrderId"),
    optionChainSymbol: fields.string("optionChainSymbol"),
    optionChainDescription: fields.string("optionChainDescription"),
    optionChainInstruction: fields.string("optionChainInstruction"),
    optionChainOrderType: fields.string("optionChainOrderType"),
    optionChainQuantity: fields.wholeNumber("optionChainQuantity"),
    optionChainFilledQuantity: fields.wholeNumber("optionChainFilledQuantity"),
    optionChainPrice: fields.number("optionChainPrice"),
    optionChainStatus: fields.string("optionChainStatus"),
    optionChainStatusDescription: fields.nullableString("optionChainStatusDescription"),
    optionChainEnteredTime: fields.string("optionChainEnteredTime"),
    successRate: fields.number("successRate"),
    optionChainOwnStatusColor: fields.oneOf("optionChainOwnStatusColor", OWN_STATUS_COLORS),
    optionChainStatusColor: fields.oneOf("optionChainStatusColor", SESSION_STATUS_COLORS),
    replacedSessionID: fields.nullableWholeNumber("replacedSessionID"),
  };
}

/**
 * Reads the orders answer, a JSON object from session id to that session's rows. JSON objects do not keep
 * numeric keys in the order sent, so the sessions come back sorted by id, newest (highest) first.
 * @throws {Error} when the answer is not such an object or a row is malformed.
 */
export function parseOptionSessions(value: unknown): OptionSession[] {
  if (!isRecord(value)) {
    throw new Error("the option orders answer is not an object");
  }
  const sessions: OptionSession[] = [];
  for (const [key, rows] of Object.entries(value)) {
    if (!/^\d+$/.test(key)) {
      throw new Error(`session id ${key} is not a whole number`);
    }
    if (!Array.isArray(rows)) {
      throw new Error(`the rows of session ${key} are not a list`);
    }
    sessions.push({
      id: Number(key),
      rows: rows.map((row, index) => parseOptionOrderRow(row, `order row ${index} of session ${key}`)),
    });
  }
  return sessions.sort((a, b) => b.id - a.id);
}
