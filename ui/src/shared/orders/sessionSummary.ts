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
  /** The row's status word; a FAILED_TO_PLACE row was never sent, so its quantity is not counted. */
  readonly status: string;
}

/** A session across its accounts. */
export interface SessionSummary {
  /** Distinct accounts the session targeted. */
  readonly accounts: number;
  /** Quantity sent to the brokerage, summed over the rows (rows never sent left out). */
  readonly totalQuantity: number;
  /** Quantity filled, summed over the rows. */
  readonly totalFilled: number;
  /** Accounts whose order was never sent (FAILED_TO_PLACE). */
  readonly notSent: number;
}

/**
 * Adds up `rows`: the distinct accounts, the quantity sent and the quantity filled, and the accounts never
 * sent to. A row never sent (FAILED_TO_PLACE) adds no quantity, so `3 / 3` reads as every contract that went
 * out filled. A kind with several legs per account passes one leg's rows, so that a spread is counted once.
 */
export function summarizeSession(rows: readonly SessionRowFigures[]): SessionSummary {
  const accounts = new Set<number>();
  const notSent = new Set<number>();
  let totalQuantity = 0;
  let totalFilled = 0;
  for (const row of rows) {
    accounts.add(row.accountId);
    if (row.status === NOT_SENT) {
      notSent.add(row.accountId);
      continue;
    }
    totalQuantity += row.quantity;
    totalFilled += row.filledQuantity;
  }
  return { accounts: accounts.size, totalQuantity, totalFilled, notSent: notSent.size };
}

/** The status of a row whose order was never sent. */
const NOT_SENT = "FAILED_TO_PLACE";

/** `1 account`, `3 accounts`. */
export function accountsText(count: number): string {
  return count === 1 ? "1 account" : `${count} accounts`;
}

/** `2 of 5 contracts filled` (of those sent), quantities grouped (`0 of 25,000 contracts filled`). */
export function filledText(summary: SessionSummary, unit: string): string {
  return `${formatQuantity(summary.totalFilled)} of ${formatQuantity(summary.totalQuantity)} ${unit} filled`;
}

/** `` (every account sent to), `; 2 not sent`. */
export function notSentText(summary: SessionSummary): string {
  return summary.notSent > 0 ? `; ${summary.notSent} not sent` : "";
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
