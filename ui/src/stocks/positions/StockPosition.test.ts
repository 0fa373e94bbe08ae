// Tests of a stock position's exit defaults: whole shares of a holding with a fraction of a share.
import { describe, expect, it } from "vitest";
import { stockExitDefaults, type StockPosition } from "./StockPosition";

function position(stockSettledQuantity: number): StockPosition {
  return {
    stockSymbol: "GDX",
    stockAveragePrice: 31.2,
    stockSettledQuantity,
    accountId: 1,
    accountName: "Small",
    accountUsername: "alice-small",
  };
}

describe("stockExitDefaults", () => {
  it("sells the whole shares of a holding that has a fraction of a share", () => {
    expect(stockExitDefaults(position(61.5854))).toMatchObject({ instruction: "SELL", quantity: "61" });
  });

  it("covers the whole shares of a short holding, made positive", () => {
    expect(stockExitDefaults(position(-3))).toMatchObject({ instruction: "BUY_TO_COVER", quantity: "3" });
  });
});
