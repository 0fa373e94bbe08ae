// Tests of the plan preview's words: the total, cut and refused rows, the split, and the call of each command.
import { describe, expect, it } from "vitest";
import { guardWords, parsePlanAnswer, plannedAccountText, planPathOf, planSummaryText } from "./PlanPreview";

const row = (over: Record<string, unknown>) => ({
  accountId: 1,
  accountName: "Atlas Big",
  sizing: "TIER",
  sizedQuantity: 6,
  plannedQuantity: 6,
  outcome: "SEND",
  guard: null,
  reason: null,
  balances: null,
  ...over,
});

describe("PlanPreview", () => {
  it("says the total on the accounts sent to, how many were cut and refused, and each row", () => {
    const plan = parsePlanAnswer({
      splitTotal: null,
      accounts: [
        row({ plannedQuantity: 3, outcome: "CUT", guard: "MAX_QUANTITY_PER_ORDER", reason: "maximum quantity per order: at most 3; cut from 6 to 3" }),
        row({ accountId: 2, accountName: "Birch Small", plannedQuantity: 0, sizedQuantity: 2, outcome: "REFUSE", guard: "CLOSE_ONLY", reason: "close-only" }),
        ...Array.from({ length: 10 }, (_, i) => row({ accountId: 10 + i, accountName: `Acct ${i}`, plannedQuantity: 2, sizedQuantity: 2 })),
      ],
    });
    expect(planSummaryText(plan, "contract")).toBe("Total 23 contracts on 11 accounts; 1 cut; 1 refused");
    expect(plan.accounts.slice(0, 3).map(plannedAccountText)).toEqual([
      "Atlas Big 3 (cut from 6: max quantity per order)",
      "Birch Small refused: close-only",
      "Acct 0 2",
    ]);
  });

  it("names a split, counts one account singular, and says when no account is targeted", () => {
    const plan = parsePlanAnswer({ splitTotal: 1, accounts: [row({ sizing: "EQUAL_SPLIT", plannedQuantity: 1, sizedQuantity: 1 })] });
    expect(planSummaryText(plan, "spread")).toBe("Split of 1 spread: Total 1 spread on 1 account");
    expect(planSummaryText({ splitTotal: null, accounts: [] }, "share")).toBe("No active trading account");
  });

  it("a refusal without a guard shows the server's reason; every guard has short words", () => {
    expect(plannedAccountText(parsePlanAnswer({ splitTotal: null, accounts: [row({ outcome: "REFUSE", plannedQuantity: 0, reason: "authorization needed" })] }).accounts[0]!)).toBe(
      "Atlas Big refused: authorization needed",
    );
    expect(
      ["SIZING", "MAX_POSITION_PER_SYMBOL", "MAX_NOTIONAL_PER_ORDER", "ALLOW_SYMBOLS", "DENY_SYMBOLS", "OPEN_ONLY", "MAX_ORDERS_PER_DAY"].map(guardWords),
    ).toEqual([
      "sized to 0",
      "max position per symbol",
      "max notional per order",
      "not on the allow list",
      "on the deny list",
      "open-only",
      "max orders per day",
    ]);
  });

  it("refuses an answer whose row is not one", () => {
    expect(() => parsePlanAnswer({ splitTotal: null, accounts: [row({ outcome: "MAYBE" })] })).toThrow(
      "accounts[0].outcome is not SEND, CUT or REFUSE",
    );
  });

  it("maps each place and replace call to its plan preview call, and nothing else", () => {
    expect(
      [
        "/copy_trading_account/place_order/COMMON",
        "/copy_trading_account/replace_order/COMMON",
        "/copy_trading_account/place_order/VERTICAL",
        "/stock_copy_trading/place_order/",
        "/stock_copy_trading/replace_order/",
        "/copy_trading_account/replace_order_individual/COMMON",
        "/copy_trading_account/exit_order/COMMON",
      ].map(planPathOf),
    ).toEqual([
      "/plan_preview/COMMON/place_order",
      "/plan_preview/COMMON/replace_order",
      "/plan_preview/VERTICAL/place_order",
      "/plan_preview/STOCK/place_order",
      "/plan_preview/STOCK/replace_order",
      null,
      null,
    ]);
  });
});
