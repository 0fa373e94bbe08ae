// Tests of the read budget answer: its background figures read and put into words, a malformed one refused.
import { describe, expect, it } from "vitest";
import { READ_BUDGET_JSON } from "../test/readBudgetFixtures";
import { backgroundReadsText, parseReadBudget } from "./ReadBudget";

describe("ReadBudget", () => {
  it("reads the background figures and says the share in words", () => {
    const budget = parseReadBudget(READ_BUDGET_JSON);
    expect(budget).toEqual({
      readLimitPerMinute: 110,
      readsLastMinute: 31,
      backgroundReadPercent: 50,
      backgroundReadLimit: 44,
      backgroundReadsLastMinute: 23,
    });
    expect(backgroundReadsText(budget)).toBe("Background reads: 23 of 44 this minute (50 % share)");
  });

  it("names the first field that is missing or not a whole number", () => {
    expect(() => parseReadBudget([])).toThrow("the read budget answer is not an object");
    expect(() => parseReadBudget({ ...READ_BUDGET_JSON, backgroundReadLimit: "44" })).toThrow(
      "backgroundReadLimit of the read budget is not a whole number",
    );
    const { backgroundReadsLastMinute: _left, ...missing } = READ_BUDGET_JSON;
    expect(() => parseReadBudget(missing)).toThrow("backgroundReadsLastMinute of the read budget is not a whole number");
  });
});
