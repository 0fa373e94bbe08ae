// The "Sizing and limits" form as typed: its fields, their labels, the server's bounds checked before sending,
// and the `PUT /trading_account/limits` body of what changed.
import type {
  AccountLimits,
  BelowOne,
  Guards,
  OpenClose,
  Sizing,
  SizingMethod,
} from "../../shared/accounts/AccountLimits";

/** The form's fields. */
export type LimitsField =
  | "method"
  | "value"
  | "belowOne"
  | "maxQuantityPerOrder"
  | "maxPositionPerSymbol"
  | "maxNotionalPerOrder"
  | "allowSymbols"
  | "denySymbols"
  | "openClose"
  | "maxOrdersPerDay";

/** The guards typed as text (empty: none). */
export type GuardTextField =
  | "maxQuantityPerOrder"
  | "maxPositionPerSymbol"
  | "maxNotionalPerOrder"
  | "allowSymbols"
  | "denySymbols"
  | "maxOrdersPerDay";

/** Each field's form label: the words the server's 400 names it by. */
export const LIMITS_LABELS: Readonly<Record<LimitsField, string>> = {
  method: "Sizing Method",
  value: "Sizing Value",
  belowOne: "Below One Unit",
  maxQuantityPerOrder: "Max Quantity Per Order",
  maxPositionPerSymbol: "Max Position Per Symbol",
  maxNotionalPerOrder: "Max Notional Per Order",
  allowSymbols: "Allow Symbols",
  denySymbols: "Deny Symbols",
  openClose: "Open/Close",
  maxOrdersPerDay: "Max Orders Per Day",
};

/** What the form holds: the choices, and the numbers and lists as typed. */
export interface LimitsDraft {
  readonly method: SizingMethod;
  readonly value: string;
  readonly belowOne: BelowOne;
  readonly maxQuantityPerOrder: string;
  readonly maxPositionPerSymbol: string;
  readonly maxNotionalPerOrder: string;
  readonly allowSymbols: string;
  readonly denySymbols: string;
  readonly openClose: OpenClose;
  readonly maxOrdersPerDay: string;
}

/** The most symbols in each list, and the longest symbol (as the server holds them). */
export const MAX_SYMBOLS = 500;
const MAX_SYMBOL_LENGTH = 12;
const SYMBOL = /^[A-Z0-9./$-]+$/;

/** A number as the form shows it: no exponent, no thousands separator (`25000`, `0.5`). */
export function numberInput(value: number | null): string {
  return value === null ? "" : String(value);
}

/** The form filled with `limits` as stored. */
export function draftOf(limits: AccountLimits): LimitsDraft {
  const { sizing, guards } = limits;
  return {
    method: sizing.method,
    value: numberInput(sizing.value),
    belowOne: sizing.belowOne,
    maxQuantityPerOrder: numberInput(guards.maxQuantityPerOrder),
    maxPositionPerSymbol: numberInput(guards.maxPositionPerSymbol),
    maxNotionalPerOrder: numberInput(guards.maxNotionalPerOrder),
    allowSymbols: guards.allowSymbols.join(", "),
    denySymbols: guards.denySymbols.join(", "),
    openClose: guards.openClose,
    maxOrdersPerDay: numberInput(guards.maxOrdersPerDay),
  };
}

/** A typed number without its thousands separators (and a leading `$` for dollars); null when not a number. */
function decimal(text: string): number | null {
  const plain = text.trim().replace(/^\$/, "").replace(/,/g, "");
  return /^(\d+(\.\d*)?|\.\d+)$/.test(plain) ? Number(plain) : null;
}

/** A typed whole number (thousands separators allowed); null when not one. */
function whole(text: string): number | null {
  const plain = text.trim().replace(/,/g, "");
  return /^\d+$/.test(plain) ? Number(plain) : null;
}

/** A guard's value, or null for an empty field; a problem naming the field when out of bounds. */
type Checked<T> = { readonly value: T } | { readonly problem: string };

function wholeGuard(text: string, field: GuardTextField, max: number, maxText: string): Checked<number | null> {
  if (text.trim() === "") {
    return { value: null };
  }
  const value = whole(text);
  if (value === null || value < 1 || value > max) {
    return {
      problem: `${LIMITS_LABELS[field]} must be a whole number between 1 and ${maxText}, or empty for none`,
    };
  }
  return { value };
}

function notionalGuard(text: string): Checked<number | null> {
  if (text.trim() === "") {
    return { value: null };
  }
  const value = decimal(text);
  if (value === null || value <= 0 || value > 10_000_000_000) {
    return {
      problem:
        `${LIMITS_LABELS.maxNotionalPerOrder} must be a number of dollars above 0 and at most 10,000,000,000, ` +
        "or empty for none",
    };
  }
  return { value };
}

/** The symbols typed, split at commas and spaces, upper-cased, each once. */
export function symbolsOf(text: string): string[] {
  const symbols: string[] = [];
  for (const part of text.split(/[\s,]+/)) {
    const symbol = part.trim().toUpperCase();
    if (symbol !== "" && !symbols.includes(symbol)) {
      symbols.push(symbol);
    }
  }
  return symbols;
}

function symbolGuard(text: string, field: "allowSymbols" | "denySymbols"): Checked<string[]> {
  const symbols = symbolsOf(text);
  const label = LIMITS_LABELS[field];
  if (symbols.length > MAX_SYMBOLS) {
    return { problem: `${label} must hold at most ${MAX_SYMBOLS} symbols` };
  }
  const bad = symbols.find((symbol) => symbol.length > MAX_SYMBOL_LENGTH || !SYMBOL.test(symbol));
  if (bad !== undefined) {
    return {
      problem: `${label}: ${bad} is not a symbol of 1 to ${MAX_SYMBOL_LENGTH} letters, digits, '.', '/', '-' or '$'`,
    };
  }
  return { value: symbols };
}

function sizingValue(method: SizingMethod, text: string): Checked<number | null> {
  const label = LIMITS_LABELS.value;
  switch (method) {
    case "TIER":
      return { value: null };
    case "FIXED": {
      const value = whole(text);
      return value === null || value < 1 || value > 1_000_000
        ? { problem: `${label} must be a whole number of units between 1 and 1,000,000 for FIXED` }
        : { value };
    }
    case "RATIO": {
      const value = decimal(text);
      return value === null || value <= 0 || value > 1000
        ? { problem: `${label} must be a number above 0 and at most 1,000 for RATIO` }
        : { value };
    }
    case "NET_LIQUIDATION": {
      const value = decimal(text);
      return value === null || value < 1 || value > 1_000_000_000
        ? { problem: `${label} must be a number of dollars between 1 and 1,000,000,000 for NET_LIQUIDATION` }
        : { value };
    }
  }
}

/** The form read: the limits it sets, or what is wrong with each field that is wrong. */
export type ReadLimits =
  | { readonly ok: true; readonly sizing: Sizing; readonly guards: Guards }
  | { readonly ok: false; readonly problems: Partial<Record<LimitsField, string>> };

/** Reads the form with the server's bounds: the limits it sets, or every field's problem. */
export function readDraft(draft: LimitsDraft): ReadLimits {
  const problems: Partial<Record<LimitsField, string>> = {};
  const take = <T>(field: LimitsField, checked: Checked<T>): T | undefined => {
    if ("problem" in checked) {
      problems[field] = checked.problem;
      return undefined;
    }
    return checked.value;
  };
  const value = take("value", sizingValue(draft.method, draft.value));
  const maxQuantityPerOrder = take(
    "maxQuantityPerOrder",
    wholeGuard(draft.maxQuantityPerOrder, "maxQuantityPerOrder", 1_000_000, "1,000,000"),
  );
  const maxPositionPerSymbol = take(
    "maxPositionPerSymbol",
    wholeGuard(draft.maxPositionPerSymbol, "maxPositionPerSymbol", 10_000_000, "10,000,000"),
  );
  const maxNotionalPerOrder = take("maxNotionalPerOrder", notionalGuard(draft.maxNotionalPerOrder));
  const allowSymbols = take("allowSymbols", symbolGuard(draft.allowSymbols, "allowSymbols"));
  const denySymbols = take("denySymbols", symbolGuard(draft.denySymbols, "denySymbols"));
  const maxOrdersPerDay = take(
    "maxOrdersPerDay",
    wholeGuard(draft.maxOrdersPerDay, "maxOrdersPerDay", 100_000, "100,000"),
  );
  if (
    value === undefined ||
    maxQuantityPerOrder === undefined ||
    maxPositionPerSymbol === undefined ||
    maxNotionalPerOrder === undefined ||
    allowSymbols === undefined ||
    denySymbols === undefined ||
    maxOrdersPerDay === undefined
  ) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    sizing: { method: draft.method, value, belowOne: draft.belowOne },
    guards: {
      maxQuantityPerOrder,
      maxPositionPerSymbol,
      maxNotionalPerOrder,
      allowSymbols,
      denySymbols,
      openClose: draft.openClose,
      maxOrdersPerDay,
    },
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * The `PUT /trading_account/limits` body setting `sizing` and `guards` on the account `current` describes, with
 * only what differs from `current`: the whole sizing profile when any part of it changed, each changed guard
 * (null clears one). Null when nothing changed.
 */
export function changeBody(current: AccountLimits, sizing: Sizing, guards: Guards): Record<string, unknown> | null {
  const body: Record<string, unknown> = {};
  const was = current.sizing;
  if (sizing.method !== was.method || sizing.value !== was.value || sizing.belowOne !== was.belowOne) {
    body.sizing = { method: sizing.method, value: sizing.value, belowOne: sizing.belowOne };
  }
  const old = current.guards;
  const numbers = ["maxQuantityPerOrder", "maxPositionPerSymbol", "maxNotionalPerOrder", "maxOrdersPerDay"] as const;
  for (const key of numbers) {
    if (guards[key] !== old[key]) {
      body[key] = guards[key];
    }
  }
  for (const key of ["allowSymbols", "denySymbols"] as const) {
    if (!sameList(guards[key], old[key])) {
      body[key] = guards[key].length === 0 ? null : guards[key];
    }
  }
  if (guards.openClose !== old.openClose) {
    body.openClose = guards.openClose;
  }
  return Object.keys(body).length === 0 ? null : { accountUsername: current.accountUsername, ...body };
}

/** The field a server's 400 message names (it starts with the field's label), or null. */
export function fieldNamedBy(message: string): LimitsField | null {
  const fields = Object.keys(LIMITS_LABELS) as LimitsField[];
  return (
    fields.find((field) => [" ", ":"].some((after) => message.startsWith(`${LIMITS_LABELS[field]}${after}`))) ?? null
  );
}
