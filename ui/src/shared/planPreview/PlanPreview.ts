// What each account would be sent by a place or a replace, as the plan preview call answers it, and in words.
import { isRecord } from "../api/json";
import { formatCount, formatQuantity } from "../format/formatQuantity";
import type { QuantityUnit } from "../accounts/TierPreview";

/** What the plan does with an account's order. */
export type PlanOutcome = "SEND" | "CUT" | "REFUSE";

/** One targeted account's planned order. */
export interface PlannedAccount {
  /** The account's id. */
  readonly accountId: number;
  /** The account's name. */
  readonly accountName: string;
  /** The method that sized it (TIER, FIXED, RATIO, NET_LIQUIDATION) or EQUAL_SPLIT. */
  readonly sizing: string;
  /** What sizing gave. */
  readonly sizedQuantity: number;
  /** What would be sent (0 when refused). */
  readonly plannedQuantity: number;
  /** Sent as sized, cut by a guard, or refused. */
  readonly outcome: PlanOutcome;
  /** The guard that cut or refused it (e.g. `CLOSE_ONLY`), or null. */
  readonly guard: string | null;
  /** Why it was cut or refused, in the server's words, or null. */
  readonly reason: string | null;
}

/** The plan preview's answer: the split asked for, if any, and every targeted account in the command's order. */
export interface PlanAnswer {
  /** The total split equally, or null when the quantity is sized per account. */
  readonly splitTotal: number | null;
  /** Every targeted account. */
  readonly accounts: readonly PlannedAccount[];
}

const OUTCOMES: readonly PlanOutcome[] = ["SEND", "CUT", "REFUSE"];

/** The guards in short words, as the preview and Check accounts name them. */
const GUARD_WORDS: Readonly<Record<string, string>> = {
  SIZING: "sized to 0",
  MAX_QUANTITY_PER_ORDER: "max quantity per order",
  MAX_POSITION_PER_SYMBOL: "max position per symbol",
  MAX_NOTIONAL_PER_ORDER: "max notional per order",
  ALLOW_SYMBOLS: "not on the allow list",
  DENY_SYMBOLS: "on the deny list",
  OPEN_ONLY: "open-only",
  CLOSE_ONLY: "close-only",
  MAX_ORDERS_PER_DAY: "max orders per day",
};

/** The guard `guard` in short words (`CLOSE_ONLY` → `close-only`); an unknown word is shown as it is. */
export function guardWords(guard: string): string {
  return GUARD_WORDS[guard] ?? guard;
}

/** What cut or refused an account, in short words: its guard, else the server's reason, else `not sent`. */
function whyWords(guard: string | null, reason: string | null): string {
  if (guard !== null) {
    return guardWords(guard);
  }
  return reason ?? "not sent";
}

function num(value: unknown, field: string): number {
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

function textOrNull(value: unknown, field: string): string | null {
  return value === null || value === undefined ? null : text(value, field);
}

/**
 * Reads a plan preview answer `{"splitTotal", "accounts": [...]}`.
 * @throws {Error} naming the first field that is missing or of the wrong kind.
 */
export function parsePlanAnswer(value: unknown): PlanAnswer {
  if (!isRecord(value) || !Array.isArray(value.accounts)) {
    throw new Error("the plan answer has no accounts");
  }
  const accounts = value.accounts.map((row: unknown, index): PlannedAccount => {
    const at = `accounts[${index}]`;
    if (!isRecord(row)) {
      throw new Error(`${at} is not an object`);
    }
    const outcome = OUTCOMES.find((word) => word === row.outcome);
    if (outcome === undefined) {
      throw new Error(`${at}.outcome is not SEND, CUT or REFUSE`);
    }
    return {
      accountId: num(row.accountId, `${at}.accountId`),
      accountName: text(row.accountName, `${at}.accountName`),
      sizing: text(row.sizing, `${at}.sizing`),
      sizedQuantity: num(row.sizedQuantity, `${at}.sizedQuantity`),
      plannedQuantity: num(row.plannedQuantity, `${at}.plannedQuantity`),
      outcome,
      guard: textOrNull(row.guard, `${at}.guard`),
      reason: textOrNull(row.reason, `${at}.reason`),
    };
  });
  const splitTotal = value.splitTotal === null || value.splitTotal === undefined ? null : num(value.splitTotal, "splitTotal");
  return { splitTotal, accounts };
}

/**
 * The plan in one line, counted in `unit`: `Total 27 contracts on 11 accounts; 1 refused` (cut accounts counted
 * too), a split first named (`Split of 30 shares: ...`), or `No active trading account`.
 */
export function planSummaryText(plan: PlanAnswer, unit: QuantityUnit): string {
  if (plan.accounts.length === 0) {
    return "No active trading account";
  }
  const sent = plan.accounts.filter((account) => account.outcome !== "REFUSE");
  const total = sent.reduce((sum, account) => sum + account.plannedQuantity, 0);
  const parts = [`Total ${formatCount(total, unit)} on ${formatCount(sent.length, "account")}`];
  const cut = countOf(plan, "CUT");
  if (cut > 0) {
    parts.push(`${formatQuantity(cut)} cut`);
  }
  const refused = plan.accounts.length - sent.length;
  if (refused > 0) {
    parts.push(`${formatQuantity(refused)} refused`);
  }
  const line = parts.join("; ");
  return plan.splitTotal === null ? line : `Split of ${formatCount(plan.splitTotal, unit)}: ${line}`;
}

function countOf(plan: PlanAnswer, outcome: PlanOutcome): number {
  return plan.accounts.filter((account) => account.outcome === outcome).length;
}

/**
 * One account's planned quantity in words: `Atlas Big 3`, `Atlas Big 3 (cut from 6: max quantity per order)`,
 * or `Birch Small refused: close-only`.
 */
export function plannedAccountText(account: PlannedAccount): string {
  switch (account.outcome) {
    case "SEND":
      return `${account.accountName} ${formatQuantity(account.plannedQuantity)}`;
    case "CUT":
      return `${account.accountName} ${formatQuantity(account.plannedQuantity)} (cut from ${formatQuantity(account.sizedQuantity)}: ${whyWords(account.guard, account.reason)})`;
    case "REFUSE":
      return `${account.accountName} refused: ${whyWords(account.guard, account.reason)}`;
  }
}

/**
 * The plan preview call of the command call at `commandPath` (relative to the API base path), or null when the
 * command has none: `/copy_trading_account/place_order/COMMON` → `/plan_preview/COMMON/place_order`,
 * `/stock_copy_trading/replace_order/` → `/plan_preview/STOCK/replace_order`.
 */
export function planPathOf(commandPath: string): string | null {
  const [area, command, kind] = commandPath.split("/").filter((part) => part !== "");
  if (command === undefined) {
    return null;
  }
  if (area === "copy_trading_account" && kind === "COMMON" && PLANNED_COMMON.has(command)) {
    return `/plan_preview/COMMON/${command}`;
  }
  if (area === "copy_trading_account" && kind === "VERTICAL" && command === "place_order") {
    return "/plan_preview/VERTICAL/place_order";
  }
  if (area === "stock_copy_trading" && kind === undefined && PLANNED_COMMON.has(command)) {
    return `/plan_preview/STOCK/${command}`;
  }
  return null;
}

/** The COMMON and STOCK commands with a plan preview. */
const PLANNED_COMMON: ReadonlySet<string> = new Set(["place_order", "replace_order"]);
