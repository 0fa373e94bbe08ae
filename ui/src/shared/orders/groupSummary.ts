// What the group row of a copy-trade session shows: its orders' statuses by count, kinds and quantity ranges.
import { DASH } from "../format/dash";
import { formatQuantity } from "../format/formatQuantity";
import { isOpenStatus } from "./orderStatus";

/** One account's order of a session, as the group row reads it (a spread's legs count as one order). */
export interface OrderFacts {
  /** The account. */
  readonly accountId: number;
  /** The order's status word. */
  readonly status: string;
  /** The order type (LIMIT, NET_DEBIT, STOP, …). */
  readonly orderType: string;
  /** Its legs' instructions, in leg order. */
  readonly instructions: readonly string[];
  /** Contracts, shares or spreads ordered. */
  readonly quantity: number;
  /** Contracts, shares or spreads filled. */
  readonly filled: number;
  /** The order's price (the net per spread for a spread). */
  readonly price: number;
  /** How many legs the order has. */
  readonly legs: number;
}

/** A status and how many orders are in it. */
export interface StatusCount {
  /** The status word. */
  readonly status: string;
  /** Orders in it. */
  readonly count: number;
  /** Whether the status is open (shown in yellow). */
  readonly open: boolean;
}

/** The smallest and largest of some values. */
export interface Range {
  readonly min: number;
  readonly max: number;
}

/** A session's orders at a glance. */
export interface GroupSummary {
  /** Orders by status, most first (open before final on a tie). */
  readonly statuses: readonly StatusCount[];
  /** The order types, each once, in order of first appearance. */
  readonly orderTypes: readonly string[];
  /** The instructions of the orders, each distinct combination once (a spread's as `BUY_TO_OPEN / SELL_TO_OPEN`). */
  readonly instructions: readonly string[];
  /** Per-order quantity. */
  readonly quantity: Range;
  /** Per-order filled quantity. */
  readonly filled: Range;
  /** Per-order price; null when every order is a MARKET order without a fill yet (it has no price to show). */
  readonly price: Range | null;
  /** What one order counts: `spreads` when every order has several legs, `contracts` or `shares` otherwise. */
  readonly unit: string;
}

/** The order type whose price is its fill's, 0 until it fills. */
const MARKET = "MARKET";

function rangeOf(values: readonly number[]): Range {
  if (values.length === 0) {
    return { min: 0, max: 0 };
  }
  return { min: Math.min(...values), max: Math.max(...values) };
}

function distinct(values: readonly string[]): string[] {
  return Array.from(new Set(values));
}

/**
 * Sums up `orders`. `singleUnit` names what a single-leg order counts (`contracts` or `shares`); orders of
 * several legs count `spreads`, and a mix of both counts `orders`.
 */
export function summarizeGroup(orders: readonly OrderFacts[], singleUnit: string): GroupSummary {
  const counts = new Map<string, number>();
  for (const order of orders) {
    counts.set(order.status, (counts.get(order.status) ?? 0) + 1);
  }
  const statuses = Array.from(counts, ([status, count]) => ({ status, count, open: isOpenStatus(status) })).sort(
    (a, b) => b.count - a.count || Number(b.open) - Number(a.open) || a.status.localeCompare(b.status),
  );
  const spreads = orders.filter((order) => order.legs > 1).length;
  // A MARKET order has no price until it fills (its fill price then): an unfilled or rejected one is 0 and
  // would stretch the range down to 0.00.
  const priced = orders.map((order) => order.price).filter((price) => price !== 0);
  const priceless = priced.length === 0 && orders.length > 0 && orders.every((order) => order.orderType === MARKET);
  const unit = spreads === 0 ? singleUnit : spreads === orders.length ? "spreads" : "orders";
  return {
    statuses,
    orderTypes: distinct(orders.map((order) => order.orderType)),
    instructions: distinct(orders.map((order) => order.instructions.join(" / "))),
    quantity: rangeOf(orders.map((order) => order.quantity)),
    filled: rangeOf(orders.map((order) => order.filled)),
    price: priceless ? null : rangeOf(priced.length > 0 ? priced : [0]),
    unit,
  };
}

/** A price range as the orders tables show it: {@link rangeText} with `format`, or a dash when there is no price. */
export function priceRangeText(range: Range | null, format: (value: number) => string): string {
  return range === null ? DASH : rangeText(range, format);
}

/**
 * One order's price as the session dialogs show it: a MARKET order's is its fill price, and one that has not
 * filled (working, rejected, canceled) has none, shown as a dash rather than 0.00.
 */
export function orderPriceText(price: number, orderType: string, format: (value: number) => string): string {
  return price === 0 && orderType === MARKET ? DASH : format(price);
}

/** A range as shown: `3`, or `1–3` when the orders differ; quantities unless `format` says otherwise (`1,500`). */
export function rangeText(range: Range, format: (value: number) => string = formatQuantity): string {
  return range.min === range.max ? format(range.min) : `${format(range.min)}–${format(range.max)}`;
}

/**
 * The quantity of the orders being cancelled, for a confirmation, counted in `unit` (singular, e.g.
 * `contract`): `2 contracts` for one order, `2 contracts each, 6 in all` when several orders share a quantity,
 * `2–3 contracts each, 5 in all` when they differ.
 */
export function quantitiesText(quantities: readonly number[], unit: string): string {
  if (quantities.length === 0) {
    return "";
  }
  const range = rangeOf(quantities);
  const total = quantities.reduce((sum, quantity) => sum + quantity, 0);
  const units = range.max === 1 ? unit : `${unit}s`;
  if (quantities.length === 1) {
    return `${formatQuantity(total)} ${units}`;
  }
  return `${rangeText(range)} ${units} each, ${formatQuantity(total)} in all`;
}
