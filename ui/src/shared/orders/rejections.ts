// Which accounts of a copy-trade session the brokerage rejected, and why, grouped by reason.

/** What the rejection rules read of one row (one per account, or per account and leg). */
export interface RowOutcome {
  /** The row's account. */
  readonly accountId: number;
  /** The row's status word (REJECTED, FAILED_TO_PLACE, WORKING, …). */
  readonly status: string;
  /** Why it failed, or null. */
  readonly reason: string | null;
}

/** The statuses of rows whose order the brokerage refused (at the door, or after accepting the write). */
export const REFUSED_STATUSES: readonly string[] = ["REJECTED", "FAILED_TO_PLACE"];

/** Statuses of rows whose write is still on its way (a fan-out in progress). */
export const SENDING_STATUSES: readonly string[] = ["PENDING"];

/** A reason and how many accounts gave it. */
export interface ReasonCount {
  /** The reason, or {@link NO_REASON}. */
  readonly reason: string;
  /** Accounts with that reason. */
  readonly accounts: number;
}

/** How a refusal without a reason is named. */
export const NO_REASON = "no reason given";

/** The refused accounts of a session. */
export interface Refusals {
  /** Accounts in the session. */
  readonly accounts: number;
  /** Accounts with at least one refused row. */
  readonly refused: number;
  /** Of those, the accounts the brokerage rejected (a REJECTED row). */
  readonly rejected: number;
  /** Of those, the accounts never sent the order (a FAILED_TO_PLACE row and no REJECTED one). */
  readonly notSent: number;
  /** The refused accounts by reason, most first. */
  readonly byReason: readonly ReasonCount[];
}

/**
 * The accounts of `rows` whose rows are in one of `statuses` (each account counted once, with its first
 * refused row's reason), grouped by reason, most accounts first.
 */
export function refusalsOf(rows: readonly RowOutcome[], statuses: readonly string[] = REFUSED_STATUSES): Refusals {
  const accounts = new Set<number>();
  const reasons = new Map<number, string>();
  const rejected = new Set<number>();
  for (const row of rows) {
    accounts.add(row.accountId);
    if (!statuses.includes(row.status)) {
      continue;
    }
    if (row.status === "REJECTED") {
      rejected.add(row.accountId);
    }
    if (!reasons.has(row.accountId)) {
      const reason = row.reason?.trim() ?? "";
      reasons.set(row.accountId, reason === "" ? NO_REASON : reason);
    }
  }
  const counts = new Map<string, number>();
  for (const reason of reasons.values()) {
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  const byReason = Array.from(counts, ([reason, count]) => ({ reason, accounts: count })).sort(
    (a, b) => b.accounts - a.accounts || a.reason.localeCompare(b.reason),
  );
  return {
    accounts: accounts.size,
    refused: reasons.size,
    rejected: rejected.size,
    notSent: reasons.size - rejected.size,
    byReason,
  };
}

/**
 * The word for the refused accounts of a session: `rejected` when the brokerage rejected them all, `not sent` when
 * none was ever sent the order, `refused` for some of each.
 */
export function refusalWord(refusals: Refusals): string {
  if (refusals.notSent === 0) {
    return "rejected";
  }
  return refusals.rejected === 0 ? "not sent" : "refused";
}

/**
 * How many accounts of a session were refused, as the status mark says it beside the dot: those the brokerage
 * rejected and those never sent the order apart (`2 rejected · 3 not sent`); empty when none was refused.
 */
export function refusalCountText(refusals: Refusals): string {
  const parts = [
    refusals.rejected > 0 ? `${refusals.rejected} rejected` : null,
    refusals.notSent > 0 ? `${refusals.notSent} not sent` : null,
  ];
  return parts.filter((part) => part !== null).join(" · ");
}

/** True when every account of the session was refused (the group must not look like a success). */
export function allRefused(refusals: Refusals): boolean {
  return refusals.accounts > 0 && refusals.refused === refusals.accounts;
}

/**
 * The toast of a session whose rows turned REJECTED, counting every refused account (rejected by the brokerage or
 * never sent the order) in the words of {@link refusalWord}, by reason, e.g. `Session 12: 3 of 3 accounts rejected —
 * insufficient buying power (3)`, several reasons joined by `; `.
 */
export function refusalMessage(sessionId: number, refusals: Refusals): string {
  const accounts = refusals.accounts === 1 ? "account" : "accounts";
  const reasons = refusals.byReason.map((entry) => `${entry.reason} (${entry.accounts})`).join("; ");
  return `Session ${sessionId}: ${refusals.refused} of ${refusals.accounts} ${accounts} ${refusalWord(refusals)} — ${reasons}`;
}
