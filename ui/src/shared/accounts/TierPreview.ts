// The per-tier and total quantities a copy-trade will send, shown in the order dialogs before sending.
import { formatCount } from "../format/formatQuantity";
import { ACCOUNT_TYPES, type AccountType } from "./AccountType";

/** What an order's quantity counts: option contracts, spreads of a vertical, or shares of a stock. */
export type QuantityUnit = "contract" | "spread" | "share";

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
  /** The quantity sent to each of them. */
  readonly quantityEach: number;
}

/** What a copy-trade of some quantity sends, tier by tier. */
export interface TierPreview {
  /** The tiers with at least one targeted account, in tier order. */
  readonly lines: readonly TierLine[];
  /** The quantity sent in all. */
  readonly totalQuantity: number;
  /** Accounts targeted in all. */
  readonly totalAccounts: number;
}

/** Works out what `quantity` becomes on `accounts` with `multipliers`. */
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
        quantityEach: quantity * multipliers[value],
      });
    }
  }
  return {
    lines,
    totalQuantity: lines.reduce((sum, line) => sum + line.accounts * line.quantityEach, 0),
    totalAccounts: accounts.length,
  };
}

/**
 * The preview in words, counted in `unit`, quantities grouped by thousands, e.g. `Small ×1: 2 accounts →
 * 1,000 spreads each; Big ×3: 1 account → 3,000 spreads; Total 5,000 spreads on 3 accounts`.
 */
export function tierPreviewText(preview: TierPreview, unit: QuantityUnit = "contract"): string {
  if (preview.totalAccounts === 0) {
    return "No active trading account";
  }
  const lines = preview.lines.map((line) => {
    const each = line.accounts > 1 ? " each" : "";
    const sent = formatCount(line.quantityEach, unit);
    return `${line.label} ×${line.multiplier}: ${formatCount(line.accounts, "account")} → ${sent}${each}`;
  });
  const total = `Total ${formatCount(preview.totalQuantity, unit)} on ${formatCount(preview.totalAccounts, "account")}`;
  return [...lines, total].join("; ");
}
