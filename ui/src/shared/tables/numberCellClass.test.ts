import { describe, expect, it } from "vitest";
import { numberCellClass, ONE_LINE_NUMBER_CHARS } from "./numberCellClass";

describe("numberCellClass", () => {
  it("keeps a quantity, a range and a filled total of up to 14 characters on one line", () => {
    expect(numberCellClass("0")).toBe("cd-number");
    expect(numberCellClass("1,000–3,000")).toBe("cd-number");
    expect(numberCellClass("6,000 / 15,000")).toBe("cd-number");
    expect("6,000 / 15,000").toHaveLength(ONE_LINE_NUMBER_CHARS);
  });

  it("lets a longer text wrap", () => {
    expect(numberCellClass("100,000–300,000")).toBe("cd-number cd-may-wrap");
    expect(numberCellClass("1,500 / 1,500,000")).toBe("cd-number cd-may-wrap");
  });
});
