// The fairness record of a session as `GET /api/sessions/{id}/fairness` answers it.
import { ApiError, INVALID_ANSWER_CODE } from "../api/ApiError";

/** One account's fills in a session. */
export interface FairnessAccount {
  readonly accountId: number;
  readonly accountName: string;
  readonly accountUsername: string;
  readonly orderId: number | null;
  readonly status: string;
  readonly quantity: number;
  readonly filledQuantity: number;
  readonly averagePrice: number | null;
  /** Dollars worse than the VWAP (negative: better). */
  readonly againstVwap: number | null;
  readonly acceptedTime: string | null;
  readonly firstFillTime: string | null;
  readonly lastFillTime: string | null;
}

/** The fairness figures of one session. */
export interface FairnessRecord {
  readonly agentTradingSessionID: number;
  readonly kind: string;
  readonly createdTime: string;
  readonly betterPrice: "LOWER" | "HIGHER";
  readonly multiplier: number;
  readonly filledQuantity: number;
  readonly vwap: number | null;
  readonly bestPrice: number | null;
  readonly worstPrice: number | null;
  readonly spread: number | null;
  readonly costAgainstVwap: number;
  readonly sendSkewMs: number | null;
  readonly firstFillMs: number | null;
  readonly lastFillMs: number | null;
  readonly accounts: readonly FairnessAccount[];
}

/**
 * Whether an account's figures are still to come: its order reached the brokerage (it has an order id and was not
 * refused before sending) but its listing has not yet said when the brokerage accepted it, or it has filled but the
 * listing has not yet given its fill times and average price.
 */
export function isSettling(account: FairnessAccount): boolean {
  if (account.orderId === null || account.status === "FAILED_TO_PLACE") {
    return false;
  }
  if (account.acceptedTime === null) {
    return true;
  }
  return (
    account.filledQuantity > 0 &&
    (account.firstFillTime === null || account.lastFillTime === null || account.averagePrice === null)
  );
}

/** How many of the record's accounts are still settling ({@link isSettling}). */
export function settlingCount(record: FairnessRecord): number {
  return record.accounts.filter(isSettling).length;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks the answer's shape (the fields the dialog reads).
 * @throws {ApiError} when the answer is not a fairness record.
 */
export function parseFairness(answer: unknown): FairnessRecord {
  if (
    !isRecord(answer) ||
    typeof answer.agentTradingSessionID !== "number" ||
    typeof answer.costAgainstVwap !== "number" ||
    !Array.isArray(answer.accounts) ||
    !answer.accounts.every((a) => isRecord(a) && typeof a.accountName === "string")
  ) {
    throw new ApiError(200, "The server sent an unreadable fairness record", INVALID_ANSWER_CODE);
  }
  return answer as unknown as FairnessRecord;
}
