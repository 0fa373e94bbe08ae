// What a copy-trade session adds up to across its accounts, and how its success rate reads at a glance.
import { Intent } from "@blueprintjs/core";
import { formatQuantity } from "../format/formatQuantity";

/** The figures of one row of a session that the summary adds up (one row per account and leg). */
export interface SessionRowFigures {
  /** The row's account. */
  readonly accountId: number;
  /** Contracts or shares ordered on that account. */
  readonly quantity: number;
  /** Contracts or shares filled so far. */
  readonly filledQuantity: number;
}

/** A session across its accounts. */
export interface SessionSummary {
  /** Distinct accounts the session targeted. */
  readonly accounts: number;
  /** Quantity ordered, summed over the rows. */
  readonly totalQuantity: number;
  /** Quantity filled, summed over the rows. */
  readonly totalFilled: number;
}

/**
 * Adds up `rows`: the distinct accounts, the quantity ordered and the quantity filled. A kind with several
 * legs per account passes one leg's rows, so that a spread is counted once.
 */
export function summarizeSession(rows: readonly SessionRowFigures[]): SessionSummary {
  const accounts = new Set<number>();
  let totalQuantity = 0;
  let totalFilled = 0;
  for (const row of rows) {
    accounts.add(row.accountId);
    totalQuantity += row.quantity;
    totalFilled += row.filledQuantity;
  }
  return { accounts: accounts.size, totalQuantity, totalFilled };
}

/** `1 account`, `3 accounts`. */
export function accountsText(count: number): string {
  return count === 1 ? "1 account" : `${count} accounts`;
}

/** `2 of 5 contracts filled`, quantities grouped (`0 of 25,000 contracts filled`). */
export function filledText(summary: SessionSummary, unit: string): string {
  return `${formatQuantity(summary.totalFilled)} of ${formatQuantity(summary.totalQuantity)} ${unit} filled`;
}

/**
 * The colour a success rate is shown in: success when every account accepted, danger when none did, and a
 * warning in between, so a session whose rows are all final (a green dot) never reads as a success when some
 * accounts refused.
 */
export function successRateIntent(rate: number): Intent {
  if (rate >= 100) {
    return Intent.SUCCESS;
  }
  return rate <= 0 ? Intent.DANGER : Intent.WARNING;
}

/** A success rate as shown: a whole percentage, e.g. `67%`. */
export function successRateText(rate: number): string {
  return `${Math.round(rate)}%`;
}
