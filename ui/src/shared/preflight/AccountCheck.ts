// What a check call answers for each targeted account, and what a refused all or none names.
import { isRecord } from "../api/json";
import { groupedRefusalText } from "../orders/CopyAnswer";

/** The result words of a check. */
export type CheckResult = "PASS" | "WARNING" | "REJECT";

/** One targeted account's check (`POST /preflight/...`). */
export interface AccountCheck {
  /** The account. */
  readonly accountId: number;
  /** Its name. */
  readonly accountName: string;
  /** Whether the brokerage would take the order. */
  readonly result: CheckResult;
  /** The brokerage's texts: rejects first, then warnings. */
  readonly messages: readonly string[];
  /** Commission in dollars. */
  readonly commission: number;
  /** Regulatory and venue fees in dollars. */
  readonly fees: number;
  /** Buying power left once the order is counted; null when the brokerage does not say. */
  readonly projectedBuyingPower: number | null;
  /** What the account's sizing gave, or null when the answer does not say. */
  readonly sizedQuantity: number | null;
  /** What the account would be sent (0 when refused), or null when the answer does not say. */
  readonly plannedQuantity: number | null;
  /** The guard that cut or refused it (e.g. `MAX_QUANTITY_PER_ORDER`), or null when sent as sized. */
  readonly guard: string | null;
  /** Why the guard cut or refused it, or null. */
  readonly guardReason: string | null;
}

/** One account that would refuse, in a refused all or none. */
export interface RejectingAccount {
  /** The account. */
  readonly accountId: number;
  /** Its name. */
  readonly accountName: string;
  /** Why. */
  readonly reason: string;
}

/** A refused all or none: the server's message and every account that would refuse. */
export interface PreviewRefusal {
  /** The server's message, e.g. `Not sent: 1 account(s) would refuse the order`. */
  readonly message: string;
  /** The accounts and their reasons. */
  readonly rejects: readonly RejectingAccount[];
}

/** The code of a refused all or none. */
export const PREVIEW_REFUSED = "preview_refused";

const RESULTS: readonly CheckResult[] = ["PASS", "WARNING", "REJECT"];

function number(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new Error(`${field} is not a number`);
  }
  return value;
}

function text(value: unknown, field: string): string {
  if (typeof value !== "string") {
    throw new Error(`${field} is not text`);
  }
  return value;
}

/** `value` read by `read`, or null when it is null or absent. */
function optional<T>(value: unknown, read: (value: unknown) => T): T | null {
  return value === null || value === undefined ? null : read(value);
}

/**
 * Reads a check call's answer `{"accounts": [...]}`.
 * @throws {Error} naming the first field that is missing or of the wrong kind.
 */
export function parseAccountChecks(value: unknown): AccountCheck[] {
  if (!isRecord(value) || !Array.isArray(value.accounts)) {
    throw new Error("the check answer has no accounts");
  }
  return value.accounts.map((row: unknown, index) => {
    const at = `accounts[${index}]`;
    if (!isRecord(row)) {
      throw new Error(`${at} is not an object`);
    }
    const result = RESULTS.find((word) => word === row.result);
    if (result === undefined) {
      throw new Error(`${at}.result is not PASS, WARNING or REJECT`);
    }
    if (!Array.isArray(row.messages)) {
      throw new Error(`${at}.messages is not a list`);
    }
    return {
      accountId: number(row.accountId, `${at}.accountId`),
      accountName: text(row.accountName, `${at}.accountName`),
      result,
      messages: row.messages.map((message: unknown, i) => text(message, `${at}.messages[${i}]`)),
      commission: number(row.commission, `${at}.commission`),
      fees: number(row.fees, `${at}.fees`),
      projectedBuyingPower:
        row.projectedBuyingPower === null ? null : number(row.projectedBuyingPower, `${at}.projectedBuyingPower`),
      sizedQuantity: optional(row.sizedQuantity, (value) => number(value, `${at}.sizedQuantity`)),
      plannedQuantity: optional(row.plannedQuantity, (value) => number(value, `${at}.plannedQuantity`)),
      guard: optional(row.guard, (value) => text(value, `${at}.guard`)),
      guardReason: optional(row.guardReason, (value) => text(value, `${at}.guardReason`)),
    };
  });
}

/** The refusal a `preview_refused` error answer carries, or null when `details` is not one. */
export function parsePreviewRefusal(details: unknown): PreviewRefusal | null {
  if (!isRecord(details) || details.code !== PREVIEW_REFUSED || !Array.isArray(details.rejects)) {
    return null;
  }
  const rejects: RejectingAccount[] = [];
  for (const entry of details.rejects as unknown[]) {
    if (
      isRecord(entry) &&
      typeof entry.accountId === "number" &&
      typeof entry.accountName === "string" &&
      typeof entry.reason === "string"
    ) {
      rejects.push({ accountId: entry.accountId, accountName: entry.accountName, reason: entry.reason });
    }
  }
  return { message: typeof details.error === "string" ? details.error : "Not sent", rejects };
}

/**
 * The refusal in one sentence: its message, then the accounts grouped by reason, named or counted past three
 * (`4 accounts: insufficient buying power; Atlas Small: throttled past the deadline`).
 */
export function refusalText(refusal: PreviewRefusal): string {
  const accounts = groupedRefusalText(
    refusal.rejects.map((entry) => ({ name: entry.accountName, reason: entry.reason })),
  );
  return accounts === "" ? refusal.message : `${refusal.message}. ${accounts}`;
}
