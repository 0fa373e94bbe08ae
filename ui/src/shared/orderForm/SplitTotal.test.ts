// Tests of Split a total: what is sent, and what is refused.
import { describe, expect, it } from "vitest";
import { SplitTotal } from "./SplitTotal";

describe("SplitTotal", () => {
  it("sends nothing while empty, and a whole number from 1 to 1,000,000 (grouped digits allowed) as splitTotal", () => {
    const split = new SplitTotal();
    expect([split.active, split.problem, split.payload()]).toEqual([false, null, {}]);
    split.setText(" 1,000,000 ");
    expect([split.active, split.problem, split.payload()]).toEqual([true, null, { splitTotal: 1_000_000 }]);
    split.reset();
    expect(split.text).toBe("");
  });

  it("refuses 0, fractions, words and more than 1,000,000, sending nothing", () => {
    const split = new SplitTotal();
    for (const text of ["0", "2.5", "ten", "1000001", "-3"]) {
      split.setText(text);
      expect([text, split.problem, split.payload()]).toEqual([
        text,
        "Must be a whole number between 1 and 1,000,000, or empty",
        {},
      ]);
    }
  });
});
