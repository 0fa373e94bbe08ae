// Tests of the order form's checks before sending.
import { describe, expect, it } from "vitest";
import { priceProblem, problemSentence, quantityProblem, tickerProblem } from "./fieldChecks";
import { plainNumberText, wholeNumberOf } from "./numberText";
import { numberOrText } from "./OptionOrderForm";

describe("quantityProblem", () => {
  it.each(["1", "12", " 3 ", "100000", "1,000", "12,345,678"])("accepts %j", (text) => {
    expect(quantityProblem(text)).toBeNull();
  });

  it.each(["", "0", "-1", "1.5", "2.0", "abc", "1e3", "+1", "1,5", "10,00", "1,000.5", ",100", "1,,000"])("refuses %j", (text) => {
    expect(quantityProblem(text)).toBe("Must be a whole number of at least 1");
  });
});

describe("priceProblem", () => {
  it.each(["0.01", "1", "1.5", "1.25", "1.250", ".5", "10.", "1,000", " 1,234.50 "])("accepts %j for a LIMIT order", (text) => {
    expect(priceProblem(text, true)).toBeNull();
  });

  it.each(["0", "0.00", ""])("refuses %j for a LIMIT order", (text) => {
    expect(priceProblem(text, true)).toBe("Must be more than 0 for a LIMIT order");
  });

  it("accepts 0 and nothing when the order is not LIMIT", () => {
    expect(priceProblem("0", false)).toBeNull();
    expect(priceProblem("", false)).toBeNull();
  });

  it.each(["-1", "-0.5", "abc", "1,5", "1.2.3", "1,00", "1.000,50"])("refuses %j as no number of at least 0", (text) => {
    expect(priceProblem(text, true)).toBe("Must be a number of at least 0");
  });

  it.each(["1.255", "0.001", "1,000.255"])("refuses %j, finer than 0.01", (text) => {
    expect(priceProblem(text, false)).toBe("Must be in steps of 0.01");
  });
});

describe("plainNumberText", () => {
  it.each([
    ["1,000", "1000"],
    [" 1,234,567.25 ", "1234567.25"],
    ["1000", "1000"],
    ["1,5", "1,5"],
    ["10,00", "10,00"],
    ["abc", "abc"],
  ])("reads %j as %j", (text, plain) => {
    expect(plainNumberText(text)).toBe(plain);
  });
});

describe("wholeNumberOf", () => {
  it.each([
    ["1", 1],
    [" 12 ", 12],
    ["1,000", 1000],
  ])("reads %j as %d", (text, whole) => {
    expect(wholeNumberOf(text)).toBe(whole);
  });

  it.each(["", "0", "-1", "1.5", "1,5", "abc"])("reads %j as none", (text) => {
    expect(wholeNumberOf(text)).toBeNull();
  });
});

describe("numberOrText", () => {
  it("sends grouped numbers as numbers and anything else as the text", () => {
    expect(numberOrText("1,000")).toBe(1000);
    expect(numberOrText(" 2,500.75 ")).toBe(2500.75);
    expect(numberOrText("1,5")).toBe("1,5");
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
