// One leg of a multi-leg order (staged, saved or sent) and the net price and type of a set of legs.
import { isRecord } from "../shared/api/json";
import { numberOrText } from "../shared/orderForm/OptionOrderForm";

/** A leg as place_order/VERTICAL and the saved sets carry it. */
export interface OrderLeg {
  /** The option symbol. */
  readonly optionChainSymbol: string;
  /** The option in words, e.g. `AAPL 10/18/2024 230.00 C`. */
  readonly optionChainDescription: string;
  /** BUY_TO_OPEN or SELL_TO_OPEN (closing instructions when a vertical is closed). */
  readonly optionChainInstruction: string;
  /** LIMIT or MARKET. */
  readonly optionChainOrderType: string;
  /** Spreads: a number when typed as one, else the text (the server names the field). */
  readonly optionChainQuantity: number | string;
  /** The leg's price: a number when typed as one, else the text. */
  readonly optionChainPrice: number | string;
}

/** The order type of a vertical as the brokerage takes it. */
export type NetType = "NET_DEBIT" | "NET_CREDIT" | "NET_ZERO" | "MARKET";

/** What a set of legs costs per spread. */
export interface NetPrice {
  /** NET_DEBIT (paid), NET_CREDIT (received), NET_ZERO, or MARKET when any leg is MARKET. */
  readonly type: NetType;
  /** The amount per spread, never negative (0 for MARKET). */
  readonly price: number;
}

/** True for an instruction that buys (BUY_TO_OPEN, BUY_TO_CLOSE). */
export function isBuy(instruction: string): boolean {
  return instruction.startsWith("BUY");
}

/** Why the spread of `legs` is not one order, or null: its legs differ in order type or in quantity. */
export function legsProblem(legs: readonly OrderLeg[]): string | null {
  const [first, ...others] = legs;
  if (first === undefined) {
    return null;
  }
  for (const [index, leg] of others.entries()) {
    if (leg.optionChainOrderType !== first.optionChainOrderType) {
      return (
        `Leg ${index + 2} Order Type must be ${first.optionChainOrderType} like leg 1: ` +
        "a spread is one order at one net price"
      );
    }
  }
  for (const [index, leg] of others.entries()) {
    if (String(leg.optionChainQuantity) !== String(first.optionChainQuantity)) {
      return (
        `Leg ${index + 2} Quantity must be ${String(first.optionChainQuantity)} like leg 1: ` +
        "every leg of a spread has the same quantity"
      );
    }
  }
  return null;
}

/**
 * The net of `legs`: Σ buy prices − Σ sell prices, in cents so that 1.10 − 0.45 is exactly 0.65; above
 * zero a NET_DEBIT, below a NET_CREDIT, zero NET_ZERO; MARKET when every leg is MARKET. Null when there
 * are no legs, the legs differ in order type (a spread is one order: {@link legsProblem}), or a LIMIT leg's
 * price is not a number.
 */
export function netOf(legs: readonly OrderLeg[]): NetPrice | null {
  if (legs.length === 0) {
    return null;
  }
  const types = new Set(legs.map((leg) => leg.optionChainOrderType));
  if (types.size > 1) {
    return null;
  }
  if (types.has("MARKET")) {
    return { type: "MARKET", price: 0 };
  }
  let cents = 0;
  for (const leg of legs) {
    const price = typeof leg.optionChainPrice === "number" ? leg.optionChainPrice : Number.NaN;
    if (!Number.isFinite(price)) {
      return null;
    }
    const legCents = Math.round(price * 100);
    cents += isBuy(leg.optionChainInstruction) ? legCents : -legCents;
  }
  const type: NetType = cents > 0 ? "NET_DEBIT" : cents < 0 ? "NET_CREDIT" : "NET_ZERO";
  return { type, price: Math.abs(cents) / 100 };
}

/** The net in words, e.g. `NET_DEBIT 0.65`, or a dash when it cannot be worked out. */
export function netText(net: NetPrice | null): string {
  if (net === null) {
    return "—";
  }
  return net.type === "MARKET" ? "MARKET" : `${net.type} ${net.price.toFixed(2)}`;
}

/** A leg from the texts of a form: quantity and price sent as numbers when they are numbers. */
export function legFromTexts(
  symbol: string,
  description: string,
  instruction: string,
  orderType: string,
  quantity: string,
  price: string,
): OrderLeg {
  return {
    optionChainSymbol: symbol,
    optionChainDescription: description,
    optionChainInstruction: instruction,
    optionChainOrderType: orderType,
    optionChainQuantity: numberOrText(quantity),
    optionChainPrice: orderType === "MARKET" ? 0 : numberOrText(price),
  };
}

/**
 * Reads the legs of a saved set (the JSON text of a list of legs). Text that does not parse, or is not a
 * list, gives no legs; entries without a symbol are left out.
 */
export function parseLegsText(text: string): OrderLeg[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) {
    return [];
  }
  const legs: OrderLeg[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry.optionChainSymbol !== "string") {
      continue;
    }
    legs.push({
      optionChainSymbol: entry.optionChainSymbol,
      optionChainDescription:
        textOf(entry.optionChainDescription) || describeOptionSymbol(entry.optionChainSymbol),
      optionChainInstruction: textOf(entry.optionChainInstruction),
      optionChainOrderType: textOf(entry.optionChainOrderType) || "LIMIT",
      optionChainQuantity: numberOrTextValue(entry.optionChainQuantity),
      optionChainPrice: numberOrTextValue(entry.optionChainPrice),
    });
  }
  return legs;
}

/** An OSI option symbol: root padded to six characters, YYMMDD, C or P, strike × 1000 in eight digits. */
const OSI_SYMBOL = /^([A-Z0-9.]{1,6}) *(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

/**
 * The option in words from its OSI symbol, e.g. `AAPL  261127C00205000` → `AAPL 11/27/2026 205.00 C`, for
 * saved legs that carry no description; empty when the symbol is not an OSI symbol.
 */
export function describeOptionSymbol(symbol: string): string {
  const match = OSI_SYMBOL.exec(symbol.trim());
  if (match === null) {
    return "";
  }
  const [, root, year, month, day, side, strike] = match;
  const price = Number(strike) / 1000;
  const decimals = Number.isInteger(price * 100) ? 2 : 3;
  return `${root} ${month}/${day}/20${year} ${price.toFixed(decimals)} ${side}`;
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function numberOrTextValue(value: unknown): number | string {
  if (typeof value === "number") {
    return value;
  }
  return typeof value === "string" ? numberOrText(value) : "";
}
