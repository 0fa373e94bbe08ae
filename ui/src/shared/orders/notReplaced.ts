// The accounts a session replace leaves out, and why, so the Replace dialog says so before anything is sent.

/** Why a row with no brokerage order id yet is not replaced. */
export const NO_ORDER_ID_YET = "no order id yet";

/** One account a session replace leaves out and why (its live order's status, or no order id yet). */
export interface LeftOutAccount {
  /** The account's name. */
  readonly name: string;
  /** Why its order is not replaced, e.g. `FILLED` or `no order id yet`. */
  readonly why: string;
}

/** How {@link leftOutAccounts} reads a row. */
export interface LeftOutAccess<Row> {
  /** The row's account name. */
  readonly nameOf: (row: Row) => string;
  /** Whether the row has a brokerage order id. */
  readonly hasOrderId: (row: Row) => boolean;
  /** The status of the row's live order (a REPLACED row followed to the order that replaced it). */
  readonly liveStatusOf: (row: Row) => string;
}

/**
 * The rows of `rows` not among `sent`, as accounts and why, in the session's order: an account named once, its
 * reasons joined when its rows (a vertical's legs) differ.
 */
export function leftOutAccounts<Row>(
  rows: readonly Row[],
  sent: readonly Row[],
  access: LeftOutAccess<Row>,
): LeftOutAccount[] {
  const kept = new Set(sent);
  const whys = new Map<string, string[]>();
  for (const row of rows) {
    if (kept.has(row)) {
      continue;
    }
    const why = access.hasOrderId(row) ? access.liveStatusOf(row) : NO_ORDER_ID_YET;
    const name = access.nameOf(row);
    const known = whys.get(name) ?? [];
    if (!known.includes(why)) {
      known.push(why);
    }
    whys.set(name, known);
  }
  return Array.from(whys, ([name, reasons]) => ({ name, why: reasons.join(", ") }));
}

/** `Not replaced: Big C (FILLED), Small B (no order id yet)`, or null when no account is left out. */
export function notReplacedText(leftOut: readonly LeftOutAccount[]): string | null {
  if (leftOut.length === 0) {
    return null;
  }
  return `Not replaced: ${leftOut.map((account) => `${account.name} (${account.why})`).join(", ")}`;
}
