// Tests of reading OSI option symbols.
import { describe, expect, it } from "vitest";
import { parseOsiSymbol } from "./osiSymbol";

describe("parseOsiSymbol", () => {
  it("reads root, expiry, side and strike of a padded symbol", () => {
    expect(parseOsiSymbol("AAPL  241018C00230000")).toEqual({
      root: "AAPL",
      expiry: "2024-10-18",
      side: "CALL",
      strike: 230,
    });
  });

  it("reads a put with a fractional strike, a six-letter root and no padding", () => {
    expect(parseOsiSymbol("GOOGL 250117P00172500")).toEqual({
      root: "GOOGL",
      expiry: "2025-01-17",
      side: "PUT",
      strike: 172.5,
    });
    expect(parseOsiSymbol("SPY250321P00500000")).toEqual({
      root: "SPY",
      expiry: "2025-03-21",
      side: "PUT",
      strike: 500,
    });
  });

  it.each(["", "AAPL", "AAPL  241018X00230000", "AAPL  241318C00230000", "AAPL  241018C0023000", "1234  241018C00230000"])(
    "refuses %j",
    (symbol) => {
      expect(parseOsiSymbol(symbol)).toBeNull();
    },
  );
});
