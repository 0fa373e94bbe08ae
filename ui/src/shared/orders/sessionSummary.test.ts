// Tests of the session summary: accounts counted once, quantities added up, and the success rate's colour.
import { Intent } from "@blueprintjs/core";
import { describe, expect, it } from "vitest";
import { filledText, notSentText, successRateIntent, successRateText, summarizeSession } from "./sessionSummary";

describe("summarizeSession", () => {
  it("counts each account once and adds up the quantities ordered and filled", () => {
    expect(
      summarizeSession([
        { accountId: 1, quantity: 1, filledQuantity: 1, status: "FILLED" },
        { accountId: 2, quantity: 1, filledQuantity: 0, status: "WORKING" },
        { accountId: 3, quantity: 3, filledQuantity: 2, status: "WORKING" },
        { accountId: 3, quantity: 0, filledQuantity: 0, status: "CANCELED" },
      ]),
    ).toEqual({ accounts: 3, totalQuantity: 5, totalFilled: 3, notSent: 0 });
  });

  it("leaves the quantity of rows never sent out of the total and counts their accounts", () => {
    const summary = summarizeSession([
      { accountId: 1, quantity: 2, filledQuantity: 2, status: "FILLED" },
      { accountId: 2, quantity: 4, filledQuantity: 0, status: "FAILED_TO_PLACE" },
      { accountId: 3, quantity: 1, filledQuantity: 0, status: "REJECTED" },
      { accountId: 4, quantity: 4, filledQuantity: 0, status: "FAILED_TO_PLACE" },
    ]);
    expect(summary).toEqual({ accounts: 4, totalQuantity: 3, totalFilled: 2, notSent: 2 });
    expect(filledText(summary, "contracts")).toBe("2 of 3 contracts filled");
    expect(notSentText(summary)).toBe("; 2 not sent");
  });

  it("is zero for a session without rows", () => {
    const summary = summarizeSession([]);
    expect(summary).toEqual({ accounts: 0, totalQuantity: 0, totalFilled: 0, notSent: 0 });
    expect(filledText(summary, "shares")).toBe("0 of 0 shares filled");
    expect(notSentText(summary)).toBe("");
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
