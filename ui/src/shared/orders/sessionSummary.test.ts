// Tests of the session summary: accounts counted once, quantities added up, and the success rate's colour.
import { Intent } from "@blueprintjs/core";
import { describe, expect, it } from "vitest";
import { successRateIntent, successRateText, summarizeSession } from "./sessionSummary";

describe("summarizeSession", () => {
  it("counts each account once and adds up the quantities ordered and filled", () => {
    expect(
      summarizeSession([
        { accountId: 1, quantity: 1, filledQuantity: 1 },
        { accountId: 2, quantity: 1, filledQuantity: 0 },
        { accountId: 3, quantity: 3, filledQuantity: 2 },
        { accountId: 3, quantity: 0, filledQuantity: 0 },
      ]),
    ).toEqual({ accounts: 3, totalQuantity: 5, totalFilled: 3 });
  });

  it("is zero for a session without rows", () => {
    expect(summarizeSession([])).toEqual({ accounts: 0, totalQuantity: 0, totalFilled: 0 });
  });
});

describe("successRateIntent", () => {
  it("is success at 100 %, a warning below it and danger at 0 %", () => {
    expect(successRateIntent(100)).toBe(Intent.SUCCESS);
    expect(successRateIntent(99)).toBe(Intent.WARNING);
    expect(successRateIntent(1)).toBe(Intent.WARNING);
    expect(successRateIntent(0)).toBe(Intent.DANGER);
  });
});

describe("successRateText", () => {
  it("shows a whole percentage", () => {
    expect(successRateText(66.7)).toBe("67%");
    expect(successRateText(100)).toBe("100%");
  });
});
