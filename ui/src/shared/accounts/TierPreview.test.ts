// Tests of the tier preview: the quantity per tier and in total, in words.
import { describe, expect, it } from "vitest";
import { tierPreview, tierPreviewText } from "./TierPreview";

const MULTIPLIERS = { small_account: 1, medium_account: 2, big_account: 3 };
const small = { accountType: "small_account" } as const;
const medium = { accountType: "medium_account" } as const;
const big = { accountType: "big_account" } as const;

describe("tierPreview", () => {
  it("counts accounts and contracts per tier in tier order", () => {
    expect(tierPreview(MULTIPLIERS, [big, small, small], 2)).toEqual({
      lines: [
        { label: "Small", multiplier: 1, accounts: 2, quantityEach: 2 },
        { label: "Big", multiplier: 3, accounts: 1, quantityEach: 6 },
      ],
      totalQuantity: 10,
      totalAccounts: 3,
    });
  });
});

describe("tierPreviewText", () => {
  it("says what each tier gets and the total", () => {
    expect(tierPreviewText(tierPreview(MULTIPLIERS, [small, small, big], 1))).toBe(
      "Small ×1: 2 accounts → 1 contract each; Big ×3: 1 account → 3 contracts; Total 5 contracts on 3 accounts",
    );
  });

  it("uses the singular for one contract on one account", () => {
    expect(tierPreviewText(tierPreview(MULTIPLIERS, [small], 1))).toBe(
      "Small ×1: 1 account → 1 contract; Total 1 contract on 1 account",
    );
  });

  it("follows edited multipliers", () => {
    expect(tierPreviewText(tierPreview({ ...MULTIPLIERS, medium_account: 5 }, [medium, medium], 2))).toBe(
      "Medium ×5: 2 accounts → 10 contracts each; Total 20 contracts on 2 accounts",
    );
  });

  it("counts spreads or shares when told, grouping thousands", () => {
    expect(tierPreviewText(tierPreview(MULTIPLIERS, [small, small, big], 1000), "spread")).toBe(
      "Small ×1: 2 accounts → 1,000 spreads each; Big ×3: 1 account → 3,000 spreads; Total 5,000 spreads on 3 accounts",
    );
    expect(tierPreviewText(tierPreview(MULTIPLIERS, [small], 1), "spread")).toBe(
      "Small ×1: 1 account → 1 spread; Total 1 spread on 1 account",
    );
    expect(tierPreviewText(tierPreview(MULTIPLIERS, [small, medium, big], 450), "share")).toBe(
      "Small ×1: 1 account → 450 shares; Medium ×2: 1 account → 900 shares; Big ×3: 1 account → 1,350 shares; Total 2,700 shares on 3 accounts",
    );
  });

  it("says so when no account is active", () => {
    expect(tierPreviewText(tierPreview(MULTIPLIERS, [], 3))).toBe("No active trading account");
  });
});
