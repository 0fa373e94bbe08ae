// Tests of the list's words for sizing, balances and guards.
import { describe, expect, it } from "vitest";
import type { Guards } from "../../shared/accounts/AccountLimits";
import { ageText, balancesText, dollarsText, guardTexts, sizingText } from "./limitsText";

const NONE: Guards = {
  maxQuantityPerOrder: null,
  maxPositionPerSymbol: null,
  maxNotionalPerOrder: null,
  allowSymbols: [],
  denySymbols: [],
  openClose: "ANY",
  maxOrdersPerDay: null,
};

describe("sizingText", () => {
  it("says each method with its value", () => {
    expect(sizingText({ method: "TIER", value: null, belowOne: "REFUSE" }, 2)).toBe("Tier (×2)");
    expect(sizingText({ method: "TIER", value: null, belowOne: "REFUSE" }, null)).toBe("Tier");
    expect(sizingText({ method: "FIXED", value: 5, belowOne: "REFUSE" }, 2)).toBe("Fixed 5");
    expect(sizingText({ method: "FIXED", value: 1500, belowOne: "REFUSE" }, 2)).toBe("Fixed 1,500");
    expect(sizingText({ method: "RATIO", value: 0.5, belowOne: "ONE" }, 2)).toBe("Ratio ×0.5");
    expect(sizingText({ method: "NET_LIQUIDATION", value: 25_000, belowOne: "ONE" }, 2)).toBe(
      "$25,000 per unit of quantity",
    );
    expect(sizingText({ method: "NET_LIQUIDATION", value: 25_000.5, belowOne: "ONE" }, 2)).toBe(
      "$25,000.50 per unit of quantity",
    );
  });
});

describe("balancesText", () => {
  it("says the net liquidation value and how long ago it was read", () => {
    const read = { netLiquidationValue: 612_400.37, readAt: "2025-01-02T03:01:05Z" };
    expect(balancesText({ ...read, ageSeconds: 180 })).toBe("net liq. $612,400, read 3 min ago");
    expect(balancesText({ ...read, ageSeconds: 12 })).toBe("net liq. $612,400, read 12 s ago");
    expect(balancesText({ ...read, ageSeconds: 7300 })).toBe("net liq. $612,400, read 2 h ago");
    expect(balancesText({ ...read, ageSeconds: 200_000 })).toBe("net liq. $612,400, read 2 d ago");
    expect(balancesText({ ...read, netLiquidationValue: null, ageSeconds: 60 })).toBe("no net liq. given, read 1 min ago");
    expect(balancesText(null)).toBe("balances not read yet");
  });

  it("never says a negative age", () => {
    expect(ageText(-3)).toBe("0 s");
  });
});

describe("guardTexts", () => {
  it("says nothing when no guard is set", () => {
    expect(guardTexts(NONE)).toEqual([]);
  });

  it("says every guard that is set, in the list's order", () => {
    expect(
      guardTexts({
        maxQuantityPerOrder: 3,
        maxPositionPerSymbol: 10_000,
        maxNotionalPerOrder: 25_000,
        allowSymbols: ["SPY", "QQQ"],
        denySymbols: ["TSLA"],
        openClose: "CLOSE_ONLY",
        maxOrdersPerDay: 20,
      }),
    ).toEqual([
      "Max qty/order 3",
      "Max position/symbol 10,000",
      "Max notional/order $25,000",
      "Allow SPY, QQQ",
      "Deny TSLA",
      "Close only",
      "Max orders/day 20",
    ]);
    expect(guardTexts({ ...NONE, openClose: "OPEN_ONLY", maxNotionalPerOrder: 99.9 })).toEqual([
      "Max notional/order $99.90",
      "Open only",
    ]);
  });

  it("writes dollars without cents when there are none", () => {
    expect(dollarsText(1_000_000_000)).toBe("$1,000,000,000");
    expect(dollarsText(0.01)).toBe("$0.01");
  });
});
