// One account's order of a stock copy-trade, how the orders answer is read, and which rows R and C act on.
import { Fields } from "../../shared/api/fields";
import { isRecord } from "../../shared/api/json";
import { summarizeGroup, type GroupSummary } from "../../shared/orders/groupSummary";
import { refusalsOf, type Refusals, type RowOutcome } from "../../shared/orders/rejections";
import { liveRowOf } from "../../shared/orders/replaceChain";
import { summarizeSession, type SessionSummary } from "../../shared/orders/sessionSummary";
import { stopText, stopWords } from "../../shared/format/stopText";
import { choiceOf } from "../form/StockOrderForm";
import {
  CANCELED_STATUS,
  isCancellableStatus,
  OWN_STATUS_COLORS,
  REPLACEABLE_STATUSES,
  SESSION_STATUS_COLORS,
  type OwnStatusColor,
  type SessionStatusColor,
} from "../../shared/orders/orderStatus";

/** An entry of `GET /stock_copy_trading/database`: one account's order in one copy-trade session. */
export interface StockOrderRow {
  readonly agentTradingSessionID: number;
  readonly accountId: number;
  readonly accountName: string;
  readonly accountUsername: string;
  /** The brokerage's order id, or null when the order was never placed. */
  readonly stockOrderId: number | null;
  readonly stockSymbol: string;
  /** The order in words (symbol when the server sends none). */
  readonly stockDescription: string;
  /** NORMAL or SEAMLESS. */
  readonly stockSession: string;
  /** DAY or GOOD_TILL_CANCEL. */
  readonly stockDuration: string;
  readonly stockOrderType: string;
  readonly stockInstruction: string;
  readonly stockQuantity: number;
  readonly stockFilledQuantity: number;
  readonly stockPrice: number;
  readonly stockStopPrice: number;
  /** VALUE or PERCENT. */
  readonly stockStopPriceLinkType: string;
  readonly stockStopPriceOffset: number;
  /** BID, ASK, LAST or MARK: what a trailing stop follows. */
  readonly stockStopPriceLinkBasis: string;
  readonly stockStatus: string;
  /** Why the row failed or is unsettled, or null. */
  readonly stockStatusDescription: string | null;
  /** When the order was entered (RFC 3339). */
  readonly stockEnteredTime: string;
  readonly stockStatusColor: SessionStatusColor;
  readonly successRate: number;
  readonly stockOwnStatusColor: OwnStatusColor;
  /** The session this one replaced, or null. */
  readonly replacedSessionID: number | null;
}

/** One session: its id and its rows, one per account; the first represents it. */
export interface StockSession {
  readonly id: number;
  readonly rows: readonly StockOrderRow[];
}

/** The session across its accounts: how many, and the shares ordered and filled. */
export function stockSessionSummary(session: StockSession): SessionSummary {
  return summarizeSession(
    session.rows.map((row) => ({
      accountId: row.accountId,
      quantity: row.stockQuantity,
      filledQuantity: row.stockFilledQuantity,
      status: row.stockStatus,
    })),
  );
}

/** True when the row's order can be replaced. */
export function canReplaceStock(row: StockOrderRow): boolean {
  return row.stockOrderId !== null && REPLACEABLE_STATUSES.includes(row.stockStatus);
}

/** True when the row's order can be cancelled: placed, and open or REPLACED (followed to its live order). */
export function canCancelStock(row: StockOrderRow): boolean {
  return row.stockOrderId !== null && isCancellableStatus(row.stockStatus);
}

/** True when the row's order is already cancelled (C disabled, "(Already Canceled)", struck through). */
export function isCanceledStock(row: StockOrderRow): boolean {
  return row.stockStatus === CANCELED_STATUS;
}

/** The account, status and reason of a row, for the rejection rules. */
export function stockOutcome(row: StockOrderRow): RowOutcome {
  return { accountId: row.accountId, status: row.stockStatus, reason: row.stockStatusDescription };
}

/** The session's refused accounts and why. */
export function stockRefusals(session: StockSession): Refusals {
  return refusalsOf(session.rows.map(stockOutcome));
}

/** The session's orders at a glance: statuses by count, kinds, quantity ranges. */
export function stockGroupSummary(session: StockSession): GroupSummary {
  return summarizeGroup(
    session.rows.map((row) => ({
      accountId: row.accountId,
      status: row.stockStatus,
      orderType: row.stockOrderType,
      instructions: [row.stockInstruction],
      quantity: row.stockQuantity,
      filled: row.stockFilledQuantity,
      price: row.stockPrice,
      legs: 1,
    })),
    "shares",
  );
}

/** The row's stop level in words (`STOP 240.00`, `ACT 240.00`, `TRAIL 1 %`), or null without a stop. */
export function stockStopText(row: StockOrderRow): string | null {
  return stopText({
    orderType: row.stockOrderType,
    stopPrice: row.stockStopPrice,
    linkType: row.stockStopPriceLinkType,
    offset: row.stockStopPriceOffset,
  });
}

/** The same in whole words, for hover. */
export function stockStopWords(row: StockOrderRow): string | null {
  return stopWords({
    orderType: row.stockOrderType,
    stopPrice: row.stockStopPrice,
    linkType: row.stockStopPriceLinkType,
    offset: row.stockStopPriceOffset,
    basis: row.stockStopPriceLinkBasis,
  });
}

/** Whether the order has a limit price to show (LIMIT, STOP_LIMIT) or a fill price (any order that filled). */
export function stockHasPrice(row: StockOrderRow): boolean {
  return row.stockPrice > 0;
}

/** The live row of `row`: a REPLACED row followed to the order that replaced it, within `sessions`. */
export function liveStockRow(row: StockOrderRow, sessions: readonly StockSession[]): StockOrderRow {
  return liveRowOf(row, row.agentTradingSessionID, sessions, {
    accountOf: (entry) => entry.accountId,
    statusOf: (entry) => entry.stockStatus,
    placedOf: (entry) => entry.stockOrderId !== null,
    replacedSessionOf: (rows) => rows[0]?.replacedSessionID ?? null,
  });
}

/** A key that tells the rows of one session apart. */
export function stockRowKey(row: StockOrderRow): string {
  return `${row.accountId}:${row.stockOrderId ?? "none"}`;
}

/** The `allTradingAccountsOrderList` entry of `row`. */
export function stockOrderTarget(row: StockOrderRow) {
  return {
    accountId: row.accountId,
    accountName: row.accountName,
    accountUsername: row.accountUsername,
    stockOrderId: row.stockOrderId,
  };
}

/**
 * Reads one row; stop fields, description, reason and replaced session may be absent (their defaults).
 * @throws {Error} naming the first field that is missing or of the wrong type.
 */
export function parseStockOrderRow(value: unknown, entry: string): StockOrderRow {
  const fields = new Fields(value, entry);
  const raw = isRecord(value) ? value : {};
  const symbol = fields.string("stockSymbol");
  return {
    agentTradingSessionID: fields.wholeNumber("agentTradingSessionID"),
    accountId: fields.wholeNumber("accountId"),
    accountName: fields.string("accountName"),
    accountUsername: fields.string("accountUsername"),
    stockOrderId: fields.nullableWholeNumber("stockOrderId"),
    stockSymbol: symbol,
    stockDescription: typeof raw.stockDescription === "string" ? raw.stockDescription : symbol,
    stockSession: fields.string("stockSession"),
    stockDuration: fields.string("stockDuration"),
    stockOrderType: fields.string("stockOrderType"),
    stockInstruction: fields.string("stockInstruction"),
    stockQuantity: fields.wholeNumber("stockQuantity"),
    stockFilledQuantity: fields.wholeNumber("stockFilledQuantity"),
    stockPrice: optionalNumber(raw.stockPrice, 0),
    stockStopPrice: optionalNumber(raw.stockStopPrice, 0),
    stockStopPriceLinkType: typeof raw.stockStopPriceLinkType === "string" ? raw.stockStopPriceLinkType : "VALUE",
    stockStopPriceOffset: optionalNumber(raw.stockStopPriceOffset, 0.1),
    stockStopPriceLinkBasis: typeof raw.stockStopPriceLinkBasis === "string" ? raw.stockStopPriceLinkBasis : "BID",
    stockStatus: fields.string("stockStatus"),
    stockStatusDescription: fields.nullableString("stockStatusDescription"),
    stockEnteredTime: fields.string("stockEnteredTime"),
    stockStatusColor: fields.oneOf("stockStatusColor", SESSION_STATUS_COLORS),
    successRate: fields.number("successRate"),
    stockOwnStatusColor: fields.oneOf("stockOwnStatusColor", OWN_STATUS_COLORS),
    replacedSessionID: fields.nullableWholeNumber("replacedSessionID"),
  };
}

/**
 * Reads the orders answer (session id → rows), newest (highest id) first.
 * @throws {Error} when the answer is not such an object or a row is malformed.
 */
export function parseStockSessions(value: unknown): StockSession[] {
  if (!isRecord(value)) {
    throw new Error("the stock orders answer is not an object");
  }
  const sessions: StockSession[] = [];
  for (const [key, rows] of Object.entries(value)) {
    if (!/^\d+$/.test(key)) {
      throw new Error(`session id ${key} is not a whole number`);
    }
    if (!Array.isArray(rows)) {
      throw new Error(`the rows of session ${key} are not a list`);
    }
    sessions.push({
      id: Number(key),
      rows: rows.map((row, index) => parseStockOrderRow(row, `stock order row ${index} of session ${key}`)),
    });
  }
  return sessions.sort((a, b) => b.id - a.id);
}

function optionalNumber(value: unknown, fallback: number): number {
  if (typeof value === "number" && Number.isFinite(value)) {
    return value;
  }
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return fallback;
}

/** The row's session and duration in the form's words: `DAY`, `GTC`, `EXT` or `GTC_EXT`. */
export function stockSessionWord(row: StockOrderRow): string {
  return choiceOf(row.stockSession, row.stockDuration);
}

/** The row's duration in the form's words: `DAY` or `GTC` (another duration as the brokerage names it). */
export function stockDurationWord(row: StockOrderRow): string {
  return row.stockDuration === "GOOD_TILL_CANCEL" ? "GTC" : row.stockDuration;
}
