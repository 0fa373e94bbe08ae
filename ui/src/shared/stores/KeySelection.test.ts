// Tests of a selection held by key: choosing, picking in order, and letting go of items no longer held.
import { describe, expect, it } from "vitest";
import { KeySelection } from "./KeySelection";

interface Holding {
  readonly account: number;
  readonly symbol: string;
}

const keyOf = (holding: Holding) => `${holding.account}:${holding.symbol}`;

describe("KeySelection", () => {
  it("remembers choices by key, so a re-read item stays chosen", () => {
    const selection = new KeySelection(keyOf);
    selection.set({ account: 1, symbol: "AAPL" }, true);
    selection.set({ account: 2, symbol: "AAPL" }, true);
    selection.set({ account: 2, symbol: "AAPL" }, false);

    expect(selection.has({ account: 1, symbol: "AAPL" })).toBe(true);
    expect(selection.has({ account: 2, symbol: "AAPL" })).toBe(false);
    expect(Array.from(selection.keys)).toEqual(["1:AAPL"]);
  });

  it("picks the chosen items in the order given", () => {
    const selection = new KeySelection(keyOf);
    const items = [
      { account: 3, symbol: "MSFT" },
      { account: 1, symbol: "AAPL" },
      { account: 2, symbol: "AAPL" },
    ];
    selection.set({ account: 1, symbol: "AAPL" }, true);
    selection.set({ account: 3, symbol: "MSFT" }, true);

    expect(selection.pick(items)).toEqual([
      { account: 3, symbol: "MSFT" },
      { account: 1, symbol: "AAPL" },
    ]);
  });

  it("lets go of what is no longer held, and of everything on clear", () => {
    const selection = new KeySelection(keyOf);
    selection.set({ account: 1, symbol: "AAPL" }, true);
    selection.set({ account: 2, symbol: "MSFT" }, true);

    selection.retainOnly([{ account: 2, symbol: "MSFT" }]);
    expect(Array.from(selection.keys)).toEqual(["2:MSFT"]);
    selection.clear();
    expect(selection.keys.size).toBe(0);
  });
});
