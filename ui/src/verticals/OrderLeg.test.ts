// Tests of the net of a set of legs and of reading a saved set's legs.
import { describe, expect, it } from "vitest";
import { describeOptionSymbol, legFromTexts, legsProblem, netOf, netText, parseLegsText, type OrderLeg } from "./OrderLeg";

function leg(instruction: string, price: number | string, orderType = "LIMIT"): OrderLeg {
  return {
    optionChainSymbol: "X",
    optionChainDescription: "X",
    optionChainInstruction: instruction,
    optionChainOrderType: orderType,
    optionChainQuantity: 1,
    optionChainPrice: price,
  };
}

describe("netOf", () => {
  it("is Σ buy − Σ sell in cents: a debit, a credit or zero", () => {
    expect(netOf([leg("BUY_TO_OPEN", 1.1), leg("SELL_TO_OPEN", 0.45)])).toEqual({ type: "NET_DEBIT", price: 0.65 });
    expect(netOf([leg("BUY_TO_OPEN", 0.45), leg("SELL_TO_OPEN", 1.1)])).toEqual({ type: "NET_CREDIT", price: 0.65 });
    expect(netOf([leg("BUY_TO_OPEN", 0.3), leg("SELL_TO_OPEN", 0.3)])).toEqual({ type: "NET_ZERO", price: 0 });
  });

  it("is MARKET when every leg is MARKET, and unknown for mixed order types, without legs or with a price that is not a number", () => {
    expect(netOf([leg("BUY_TO_OPEN", 0, "MARKET"), leg("SELL_TO_OPEN", 0, "MARKET")])).toEqual({ type: "MARKET", price: 0 });
    expect(netOf([leg("BUY_TO_OPEN", 1.1), leg("SELL_TO_OPEN", 0, "MARKET")])).toBeNull();
    expect(netOf([])).toBeNull();
    expect(netOf([leg("BUY_TO_OPEN", "abc")])).toBeNull();
  });

  it("reads as the type and two decimals", () => {
    expect(netText({ type: "NET_CREDIT", price: 0.5 })).toBe("NET_CREDIT 0.50");
    expect(netText(null)).toBe("—");
  });
});

describe("legsProblem", () => {
  it("names the first leg whose order type or quantity differs from leg 1's", () => {
    expect(legsProblem([leg("BUY_TO_OPEN", 1.1), leg("SELL_TO_OPEN", 0.45)])).toBeNull();
    expect(legsProblem([])).toBeNull();
    expect(legsProblem([leg("BUY_TO_OPEN", 1.1), leg("SELL_TO_OPEN", 0, "MARKET")])).toBe(
      "Leg 2 Order Type must be LIMIT like leg 1: a spread is one order at one net price",
    );
    expect(legsProblem([{ ...leg("BUY_TO_OPEN", 1.1), optionChainQuantity: 2 }, leg("SELL_TO_OPEN", 0.45)])).toBe(
      "Leg 2 Quantity must be 2 like leg 1: every leg of a spread has the same quantity",
    );
  });
});

describe("legFromTexts", () => {
  it("sends numbers for numeric texts and price 0 for MARKET", () => {
    expect(legFromTexts("S", "D", "BUY_TO_OPEN", "LIMIT", " 2 ", "1.25")).toEqual({
      optionChainSymbol: "S",
      optionChainDescription: "D",
      optionChainInstruction: "BUY_TO_OPEN",
      optionChainOrderType: "LIMIT",
      optionChainQuantity: 2,
      optionChainPrice: 1.25,
    });
    expect(legFromTexts("S", "D", "SELL_TO_OPEN", "MARKET", "x", "1.25")).toMatchObject({
      optionChainQuantity: "x",
      optionChainPrice: 0,
    });
  });
});

describe("parseLegsText", () => {
  it("reads the saved JSON text, and gives no legs for text that does not parse", () => {
    const legs = [leg("BUY_TO_OPEN", 1.1), leg("SELL_TO_OPEN", 0.45)];
    expect(parseLegsText(JSON.stringify(legs))).toEqual(legs);
    expect(parseLegsText("not json")).toEqual([]);
    expect(parseLegsText('{"a":1}')).toEqual([]);
  });

  it("describes a saved leg without a description from its OSI symbol, and keeps a description it has", () => {
    const text = JSON.stringify([
      { optionChainSymbol: "AAPL  261127C00205000", optionChainInstruction: "BUY_TO_OPEN", optionChainPrice: 0.02 },
      { optionChainSymbol: "AAPL  261127C00210000", optionChainDescription: "Own words" },
    ]);
    const legs = parseLegsText(text);
    expect(legs.map((one) => one.optionChainDescription)).toEqual(["AAPL 11/27/2026 205.00 C", "Own words"]);
  });
});

describe("describeOptionSymbol", () => {
  it("reads root, expiry, strike and side; a symbol that is not OSI gives no description", () => {
    expect(describeOptionSymbol("AAPL  261127C00205000")).toBe("AAPL 11/27/2026 205.00 C");
    expect(describeOptionSymbol("SPY   270115P00202500")).toBe("SPY 01/15/2027 202.50 P");
    expect(describeOptionSymbol("BRKB  261218C00412125")).toBe("BRKB 12/18/2026 412.125 C");
    expect(describeOptionSymbol("AAPL")).toBe("");
    expect(describeOptionSymbol("AAPL  261127X00205000")).toBe("");
  });
});
