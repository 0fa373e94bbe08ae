// Tests of the option chain: reading it, the date list's labels and the strike type-ahead's filter.
import { describe, expect, it } from "vitest";
import { AAPL_CALL_CHAIN, chainEntry } from "../test/optionFixtures";
import { expiryLabel, filterStrikes, parseOptionChain } from "../../shared/orderForm/OptionChain";

describe("expiryLabel", () => {
  it.each([
    ["2024-10-18:4", "18-10-2024 (4)"],
    ["2025-01-03:0", "03-01-2025 (0)"],
    ["2024-12-20:63", "20-12-2024 (63)"],
    ["weekly", "weekly"],
  ])("shows %s as %s", (key, label) => {
    expect(expiryLabel(key)).toBe(label);
  });
});

describe("parseOptionChain", () => {
  it("orders expiries by date and strikes by value, taking each strike's first contract", () => {
    const chain = parseOptionChain(AAPL_CALL_CHAIN);

    expect(chain.map((expiry) => [expiry.key, expiry.label])).toEqual([
      ["2024-10-18:4", "18-10-2024 (4)"],
      ["2024-10-25:11", "25-10-2024 (11)"],
    ]);
    expect(chain[0]?.strikes.map((entry) => entry.strike)).toEqual(["95.0", "225.0", "230.0"]);
    expect(chain[0]?.strikes[0]?.contract).toEqual({
      description: "AAPL 10/18/2024 95.00 C",
      symbol: "AAPL  241018C00095000",
      bid: 135.5,
    });
  });

  it("leaves out strikes without contracts and expiries without strikes", () => {
    const chain = parseOptionChain({
      "2024-10-18:4": { "230.0": [] },
      "2024-10-25:11": { "230.0": [], "235.0": [chainEntry("AAPL 10/25/2024 235.00 C", "S", 1)] },
    });

    expect(chain.map((expiry) => [expiry.key, expiry.strikes.map((s) => s.strike)])).toEqual([
      ["2024-10-25:11", ["235.0"]],
    ]);
  });

  it("rejects a malformed answer naming the field", () => {
    expect(() => parseOptionChain(null)).toThrow("the option chain answer is not an object");
    expect(() => parseOptionChain({ "2024-10-18:4": { "230.0": [{ symbol: "y", bid: 1 }] } })).toThrow(
      "description of the contract of 2024-10-18:4 230.0 is not a string",
    );
  });

  it("reads a contract the brokerage quotes no bid for as having none", () => {
    const [expiry] = parseOptionChain({
      "2024-10-18:4": { "230.0": [{ description: "x", symbol: "y", bid: null }], "235.0": [{ description: "z", symbol: "w" }] },
    });
    expect(expiry?.strikes.map((strike) => strike.contract.bid)).toEqual([null, null]);
  });
});

describe("filterStrikes", () => {
  const strikes = parseOptionChain(AAPL_CALL_CHAIN)[0]?.strikes ?? [];

  it.each([
    ["", ["95.0", "225.0", "230.0"]],
    ["2", ["225.0", "230.0"]],
    ["23", ["230.0"]],
    [" 9", ["95.0"]],
    ["5", []],
  ])("keeps the strikes starting with %j", (query, expected) => {
    expect(filterStrikes(strikes, query).map((entry) => entry.strike)).toEqual(expected);
  });

  it("ignores case", () => {
    const lettered = [{ strike: "ab1", contract: { description: "d", symbol: "s", bid: 0 } }];

    expect(filterStrikes(lettered, "AB").map((entry) => entry.strike)).toEqual(["ab1"]);
  });
});
