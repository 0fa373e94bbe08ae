// One account's leg of a vertical copy-trade, how the orders answer is read, and which legs R and C act on.
import { Fields } from "../../shared/api/fields";
import { isRecord } from "../../shared/api/json";
import { summarizeGroup, type GroupSummary } from "../../shared/orders/groupSummary";
import { refusalsOf, type Refusals, type RowOutcome } from "../../shared/orders/rejections";
import { summarizeSession, type SessionSummary } from "../../shared/orders/sessionSummary";
import {
  isCancellableStatus,
  OWN_STATUS_COLORS,
  REPLACEABLE_STATUSES,
  SESSION_STATUS_COLORS,
  type OwnStatusColor,
  type SessionStatusColor,
} from "../../shared/orders/orderStatus";

/** An entry of `GET /copy_trading_account/database/VERTICAL`: one leg of one account's vertical order. */
export interface VerticalOrderRow {
  /** The copy-trade session. */
  readonly agentTradingSessionID: number;
  /** The trading account. */
  readonly accountId: number;
  /** The agent's name for the account. */
  readonly accountName: string;
  /** The brokerage login name of the account. */
  readonly accountUsername: string;
  /** The brokerage's order id (shared by the legs of one account's order), or null when never placed. */
  readonly optionChainOrderId: number | null;
  /** This leg's option symbol. */
  readonly optionChainSymbol: string;
  /** This leg's option in words. */
  readonly optionChainDescription: string;
  /** The primary leg's symbol. */
  readonly optionChainPrimarySymbol: string;
  /** The primary leg's option in words. */
  readonly optionChainPrimaryDescription: string;
  /** The primary leg's instruction. */
  readonly optionChainPrimaryInstruction: string;
  /** This leg's instruction. */
  readonly optionChainInstruction: string;
  /** NET_DEBIT, NET_CREDIT, NET_ZERO or MARKET. */
  readonly optionChainOrderType: string;
  /** Spreads ordered on this account. */
  readonly optionChainQuantity: number;
  /** Spreads filled so far. */
  readonly optionChainFilledQuantity: number;
  /** Net price per spread. */
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
  /** The session this one replaced, or null. */
  readonly replacedSessionID: number | null;
  /** 0 for the primary leg, 1 for the second (2 and 3 in an iron condor). */
  readonly optionChainLegIndex: number;
}

/** One session of the orders answer: its id and its rows, one per account and leg. */
export interface VerticalSession {
  /** The session id. */
  readonly id: number;
  /** The rows; the first represents the session in the main table. */
  readonly rows: readonly VerticalOrderRow[];
}

/** The key of one account's order: its legs share it. */
export function orderKey(row: VerticalOrderRow): string {
  return `${row.accountId}:${row.optionChainOrderId ?? "none"}`;
}

/** `items` grouped by the account order of each one's row ({@link orderKey}), each group in the order of `items`. */
export function byOrder<T>(items: readonly T[], rowOf: (item: T) => VerticalOrderRow): Map<string, T[]> {
  const orders = new Map<string, T[]>();
  for (const item of items) {
    const key = orderKey(rowOf(item));
    orders.set(key, [...(orders.get(key) ?? []), item]);
  }
  return orders;
}

/** The key of one leg of one account's order. */
export function legKey(row: VerticalOrderRow): string {
  return `${orderKey(row)}:${row.optionChainLegIndex}`;
}

/**
 * The net the account's order is at now, from its row, as the new net is shown: `NET_DEBIT 0.60`,
 * `NET_ZERO 0.00`, `MARKET`, or a single-leg order's `LIMIT 1.25`.
 */
export function orderNetText(row: VerticalOrderRow): string {
  if (row.optionChainOrderType === "MARKET") {
    return row.optionChainOrderType;
  }
  return `${row.optionChainOrderType} ${row.optionChainPrice.toFixed(2)}`;
}

/** True when the leg may be replaced: it has an order id and is WORKING, QUEUED, PENDING_ACTIVATION or REPLACED. */
export function canReplaceLeg(row: VerticalOrderRow): boolean {
  return row.optionChainOrderId !== null && REPLACEABLE_STATUSES.includes(row.optionChainStatus);
}

/** True when the leg is already cancelled (cancel is disabled and says so). */
export function isCanceled(row: VerticalOrderRow): boolean {
  return row.optionChainStatus === "CANCELED";
}

/** True when the leg's order can be cancelled: placed, and open or REPLACED (followed to its live order). */
export function canCancelLeg(row: VerticalOrderRow): boolean {
  return row.optionChainOrderId !== null && isCancellableStatus(row.optionChainStatus);
}

/** The account, status and reason of a leg, for the rejection rules. */
export function verticalOutcome(row: VerticalOrderRow): RowOutcome {
  return { accountId: row.accountId, status: row.optionChainStatus, reason: row.optionChainStatusDescription };
}

/** The session's refused accounts and why. */
export function verticalRefusals(session: VerticalSession): Refusals {
  return refusalsOf(session.rows.map(verticalOutcome));
}

/** The session's account orders, each with its legs in leg order (a spread's, or an exit's single leg). */
export function sessionOrders(session: VerticalSession): VerticalOrderRow[][] {
  const orders = byOrder(session.rows, (row) => row);
  return Array.from(orders.values(), (legs) => legs.sort((a, b) => a.optionChainLegIndex - b.optionChainLegIndex));
}

/**
 * The session's orders at a glance: statuses by count, kinds, quantity ranges; what an order counts is
 * spreads for spreads and contracts for single-leg orders (the exits of one position).
 */
export function verticalGroupSummary(session: VerticalSession): GroupSummary {
  return summarizeGroup(
    sessionOrders(session).flatMap((legs) => {
      const first = legs[0];
      if (first === undefined) {
        return [];
      }
      return [
        {
          accountId: first.accountId,
          status: first.optionChainStatus,
          orderType: first.optionChainOrderType,
          instructions: legs.map((leg) => leg.optionChainInstruction),
          quantity: first.optionChainQuantity,
          filled: first.optionChainFilledQuantity,
          price: first.optionChainPrice,
          legs: legs.length,
        },
      ];
    }),
    "contracts",
  );
}

/** The legs of the session's first account order, primary first: what the session is made of. */
export function sessionLegs(session: VerticalSession): VerticalOrderRow[] {
  const first = session.rows[0];
  if (first === undefined) {
    return [];
  }
  return session.rows
    .filter((row) => orderKey(row) === orderKey(first))
    .sort((a, b) => a.optionChainLegIndex - b.optionChainLegIndex);
}

/** The session across its accounts, counting each account's spreads once (its primary legs). */
export function verticalSessionSummary(session: VerticalSession): SessionSummary {
  return summarizeSession(
    session.rows
      .filter((row) => row.optionChainLegIndex === 0)
      .map((row) => ({
        accountId: row.accountId,
        quantity: row.optionChainQuantity,
        filledQuantity: row.optionChainFilledQuantity,
        status: row.optionChainStatus,
      })),
  );
}

/** The accounts of a session's rows, by name, each once. */
export function sessionAccountNames(session: VerticalSession): string[] {
  return Array.from(new Set(session.rows.map((row) => row.accountName)));
}

/**
 * Reads one row.
 * @throws {Error} naming the first field that is missing or of the wrong type.
 */
export function parseVerticalOrderRow(value: unknown, entry: string): VerticalOrderRow {
  const fields = new Fields(value, entry);
  return {
    agentTradingSessionID: fields.wholeNumber("agentTradingSessionID"),
    accountId: fields.wholeNumber("accountId"),
    accountName: fields.string("accountName"),
    accountUsername: fields.string("accountUsername"),
    optionChainOrderId: fields.nullableWholeNumber("optionChainOrderId"),
    optionChainSymbol: fields.string("optionChainSymbol"),
    optionChainDescription: fields.string("optionChainDescription"),
    optionChainPrimarySymbol: fields.string("optionChainPrimarySymbol"),
    optionChainPrimaryDescription: fields.string("optionChainPrimaryDescription"),
    optionChainPrimaryInstruction: fields.string("optionChainPrimaryInstruction"),
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
    optionChainLegIndex: fields.wholeNumber("optionChainLegIndex"),
  };
}

/**
 * Reads the orders answer (session id → rows). Sessions come back newest (highest id) first, since JSON
 * objects do not keep numeric keys in the order sent; each session's rows keep the server's order.
 * @throws {Error} when the answer is not such an object or a row is malformed.
 */
export function parseVerticalSessions(value: unknown): VerticalSession[] {
  if (!isRecord(value)) {
    throw new Error("the vertical orders answer is not an object");
  }
  const sessions: VerticalSession[] = [];
  for (const [key, rows] of Object.entries(value)) {
    if (!/^\d+$/.test(key)) {
      throw new Error(`session id ${key} is not a whole number`);
    }
    if (!Array.isArray(rows)) {
      throw new Error(`the rows of session ${key} are not a list`);
    }
    sessions.push({
      id: Number(key),
      rows: rows.map((row, index) => parseVerticalOrderRow(row, `order row ${index} of session ${key}`)),
    });
  }
  return sessions.sort((a, b) => b.id - a.id);
}
