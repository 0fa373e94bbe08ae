// Tests of the order form's checks before sending.
import { describe, expect, it } from "vitest";
import { priceProblem, problemSentence, quantityProblem, tickerProblem } from "./fieldChecks";

describe("quantityProblem", () => {
  it.each(["1", "12", " 3 ", "100000"])("accepts %j", (text) => {
    expect(quantityProblem(text)).toBeNull();
  });

  it.each(["", "0", "-1", "1.5", "2.0", "abc", "1e3", "+1"])("refuses %j", (text) => {
    expect(quantityProblem(text)).toBe("Must be a whole number of at least 1");
  });
});

describe("priceProblem", () => {
  it.each(["0.01", "1", "1.5", "1.25", "1.250", ".5", "10."])("accepts %j for a LIMIT order", (text) => {
    expect(priceProblem(text, true)).toBeNull();
  });

  it.each(["0", "0.00", ""])("refuses %j for a LIMIT order", (text) => {
    expect(priceProblem(text, true)).toBe("Must be more than 0 for a LIMIT order");
  });

  it("accepts 0 and nothing when the order is not LIMIT", () => {
    expect(priceProblem("0", false)).toBeNull();
    expect(priceProblem("", false)).toBeNull();
  });

  it.each(["-1", "-0.5", "abc", "1,5", "1.2.3"])("refuses %j as no number of at least 0", (text) => {
    expect(priceProblem(text, true)).toBe("Must be a number of at least 0");
  });

  it.each(["1.255", "0.001"])("refuses %j, finer than 0.01", (text) => {
    expect(priceProblem(text, false)).toBe("Must be in steps of 0.01");
  });
});

describe("tickerProblem", () => {
  it.each(["AAPL", "spy", "BRK.B", "BRK/B", "", "  "])("accepts %j", (text) => {
    expect(tickerProblem(text)).toBeNull();
  });

  it.each(["1ABC", "AB CD", "A$", "TOOLONGTICKER"])("refuses %j", (text) => {
    expect(tickerProblem(text)).toBe("Must be a ticker: a letter, then up to 9 letters, digits, '.', '/' or '-'");
  });
});

describe("problemSentence", () => {
  it("names the field by its label", () => {
    expect(problemSentence({ label: "Option Contract Total", helper: "Must be a whole number of at least 1" })).toBe(
      "Option Contract Total must be a whole number of at least 1",
    );
  });
});
