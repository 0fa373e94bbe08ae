// Tests of the limits form: the server's bounds checked before sending, and the body of what changed.
import { describe, expect, it } from "vitest";
import { parseAccountLimits, type AccountLimits } from "../../shared/accounts/AccountLimits";
import { limitsJson } from "../test/limitsFixtures";
import { changeBody, draftOf, fieldNamedBy, readDraft, symbolsOf, type LimitsDraft } from "./limitsForm";

const STORED: AccountLimits = parseAccountLimits(
  limitsJson(4, { guards: { maxQuantityPerOrder: 10, denySymbols: ["TSLA"] } }),
);

function edited(change: Partial<LimitsDraft>): LimitsDraft {
  return { ...draftOf(STORED), ...change };
}

function bodyOf(draft: LimitsDraft): Record<string, unknown> | null {
  const read = readDraft(draft);
  if (!read.ok) {
    throw new Error(`unexpected problems: ${JSON.stringify(read.problems)}`);
  }
  return changeBody(STORED, read.sizing, read.guards);
}

function problemsOf(draft: LimitsDraft): Record<string, string> {
  const read = readDraft(draft);
  return read.ok ? {} : read.problems;
}

describe("draftOf", () => {
  it("fills the form as stored: numbers without separators, lists joined, empty for none", () => {
    expect(draftOf(STORED)).toEqual({
      method: "TIER",
      value: "",
      belowOne: "REFUSE",
      maxQuantityPerOrder: "10",
      maxPositionPerSymbol: "",
      maxNotionalPerOrder: "",
      allowSymbols: "",
      denySymbols: "TSLA",
      openClose: "ANY",
      maxOrdersPerDay: "",
    });
  });
});

describe("changeBody", () => {
  it("sends nothing when nothing changed", () => {
    expect(bodyOf(draftOf(STORED))).toBeNull();
  });

  it("sends the whole sizing profile when part of it changed, and only the guards that changed", () => {
    expect(bodyOf(edited({ method: "FIXED", value: "5", maxOrdersPerDay: "20" }))).toEqual({
      accountUsername: "user4",
      sizing: { method: "FIXED", value: 5, belowOne: "REFUSE" },
      maxOrdersPerDay: 20,
    });
    expect(bodyOf(edited({ belowOne: "ONE" }))).toEqual({
      accountUsername: "user4",
      sizing: { method: "TIER", value: null, belowOne: "ONE" },
    });
  });

  it("clears an emptied guard with null and sends lists upper-cased, each symbol once", () => {
    expect(
      bodyOf(
        edited({
          maxQuantityPerOrder: " ",
          denySymbols: "",
          allowSymbols: "spy, qqq  SPY,brk.b",
          openClose: "OPEN_ONLY",
          maxNotionalPerOrder: "$25,000.50",
          maxPositionPerSymbol: "1,000",
        }),
      ),
    ).toEqual({
      accountUsername: "user4",
      maxQuantityPerOrder: null,
      maxPositionPerSymbol: 1000,
      maxNotionalPerOrder: 25000.5,
      allowSymbols: ["SPY", "QQQ", "BRK.B"],
      denySymbols: null,
      openClose: "OPEN_ONLY",
    });
  });

  it("sends nothing for a list typed differently but holding the same symbols", () => {
    expect(bodyOf(edited({ denySymbols: " tsla , " }))).toBeNull();
  });
});

describe("readDraft", () => {
  it("holds each sizing value to the server's bounds for its method", () => {
    expect(problemsOf(edited({ method: "FIXED", value: "" }))).toEqual({
      value: "Sizing Value must be a whole number of units between 1 and 1,000,000 for FIXED",
    });
    expect(problemsOf(edited({ method: "FIXED", value: "2.5" }))).toHaveProperty("value");
    expect(problemsOf(edited({ method: "FIXED", value: "1000001" }))).toHaveProperty("value");
    expect(problemsOf(edited({ method: "FIXED", value: "1,000,000" }))).toEqual({});
    expect(problemsOf(edited({ method: "RATIO", value: "0" }))).toEqual({
      value: "Sizing Value must be a number above 0 and at most 1,000 for RATIO",
    });
    expect(problemsOf(edited({ method: "RATIO", value: "1000.01" }))).toHaveProperty("value");
    expect(problemsOf(edited({ method: "RATIO", value: ".25" }))).toEqual({});
    expect(problemsOf(edited({ method: "NET_LIQUIDATION", value: "0.99" }))).toEqual({
      value: "Sizing Value must be a number of dollars between 1 and 1,000,000,000 for NET_LIQUIDATION",
    });
    expect(problemsOf(edited({ method: "NET_LIQUIDATION", value: "$1,000,000,000" }))).toEqual({});
    expect(problemsOf(edited({ method: "TIER", value: "whatever" }))).toEqual({});
  });

  it("holds each guard to the server's bounds and names every wrong field", () => {
    expect(
      problemsOf(
        edited({
          maxQuantityPerOrder: "0",
          maxPositionPerSymbol: "10000001",
          maxNotionalPerOrder: "-5",
          allowSymbols: "SPY, B@D",
          denySymbols: "WAYTOOLONGSYMBOL",
          maxOrdersPerDay: "1e3",
        }),
      ),
    ).toEqual({
      maxQuantityPerOrder: "Max Quantity Per Order must be a whole number between 1 and 1,000,000, or empty for none",
      maxPositionPerSymbol:
        "Max Position Per Symbol must be a whole number between 1 and 10,000,000, or empty for none",
      maxNotionalPerOrder:
        "Max Notional Per Order must be a number of dollars above 0 and at most 10,000,000,000, or empty for none",
      allowSymbols: "Allow Symbols: B@D is not a symbol of 1 to 12 letters, digits, '.', '/', '-' or '$'",
      denySymbols: "Deny Symbols: WAYTOOLONGSYMBOL is not a symbol of 1 to 12 letters, digits, '.', '/', '-' or '$'",
      maxOrdersPerDay: "Max Orders Per Day must be a whole number between 1 and 100,000, or empty for none",
    });
    expect(problemsOf(edited({ maxNotionalPerOrder: "10000000000", maxOrdersPerDay: "100000" }))).toEqual({});
  });

  it("allows at most 500 symbols a list", () => {
    const many = Array.from({ length: 501 }, (_, index) => `S${index}`).join(" ");
    expect(problemsOf(edited({ allowSymbols: many }))).toEqual({
      allowSymbols: "Allow Symbols must hold at most 500 symbols",
    });
    expect(symbolsOf(many)).toHaveLength(501);
  });
});

describe("fieldNamedBy", () => {
  it("finds the field a server message names by its label", () => {
    expect(fieldNamedBy("Max Orders Per Day must be a whole number between 1 and 100,000, or null for none")).toBe(
      "maxOrdersPerDay",
    );
    expect(fieldNamedBy("Sizing Value must be a number above 0 and at most 1,000 for RATIO")).toBe("value");
    expect(fieldNamedBy("Deny Symbols item 1 must be a symbol")).toBe("denySymbols");
    expect(fieldNamedBy("Open/Close must be one of ANY, OPEN_ONLY, CLOSE_ONLY")).toBe("openClose");
    expect(fieldNamedBy("No such trading account")).toBeNull();
  });
});
