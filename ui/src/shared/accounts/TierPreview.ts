// The per-tier and total contracts a copy-trade will send, shown in the order dialogs before sending.
import { ACCOUNT_TYPES, type AccountType } from "./AccountType";

/** An account as the preview counts it: its size tier. */
export interface TieredAccount {
  /** The account's size tier. */
  readonly accountType: AccountType;
}

/** Quantity multiplier per account type. */
export type TierMultipliers = Readonly<Record<AccountType, number>>;

/** One tier's share of a copy-trade. */
export interface TierLine {
  /** The tier's label, e.g. `Small`. */
  readonly label: string;
  /** Its multiplier. */
  readonly multiplier: number;
  /** How many targeted accounts are of this tier. */
  readonly accounts: number;
  /** Contracts sent to each of them. */
  readonly contractsEach: number;
}

/** What a copy-trade of some quantity sends, tier by tier. */
export interface TierPreview {
  /** The tiers with at least one targeted account, in tier order. */
  readonly lines: readonly TierLine[];
  /** Contracts sent in all. */
  readonly totalContracts: number;
  /** Accounts targeted in all. */
  readonly totalAccounts: number;
}

/** Works out what `quantity` contracts become on `accounts` with `multipliers`. */
export function tierPreview(
  multipliers: TierMultipliers,
  accounts: readonly TieredAccount[],
  quantity: number,
): TierPreview {
  const lines: TierLine[] = [];
  for (const { value, label } of ACCOUNT_TYPES) {
    const count = accounts.filter((account) => account.accountType === value).length;
    if (count > 0) {
      lines.push({
        label,
        multiplier: multipliers[value],
        accounts: count,
        contractsEach: quantity * multipliers[value],
      });
    }
  }
  return {
    lines,
    totalContracts: lines.reduce((sum, line) => sum + line.accounts * line.contractsEach, 0),
    totalAccounts: accounts.length,
  };
}

/**
 * The preview in words, e.g. `Small ×1: 2 accounts → 2 contracts each; Big ×3: 1 account → 3 contracts;
 * Total 7 contracts on 3 accounts`.
 */
export function tierPreviewText(preview: TierPreview): string {
  if (preview.totalAccounts === 0) {
    return "No active trading account";
  }
  const lines = preview.lines.map((line) => {
    const each = line.accounts > 1 ? " each" : "";
    const contracts = count(line.contractsEach, "contract");
    return `${line.label} ×${line.multiplier}: ${count(line.accounts, "account")} → ${contracts}${each}`;
  });
  const total = `Total ${count(preview.totalContracts, "contract")} on ${count(preview.totalAccounts, "account")}`;
  return [...lines, total].join("; ");
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
