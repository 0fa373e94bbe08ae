// Tests of the rules a selection must meet before one order is made of it.
import { describe, expect, it, vi } from "vitest";
import { openForSelection, selectionWarning, type SelectionRules } from "./selectionRules";

interface Holding {
  readonly symbol: string;
  readonly quantity: number;
}

const rules: SelectionRules<Holding> = {
  none: "Select one!",
  shared: [
    { valueOf: (holding) => holding.quantity, differs: "Quantities differ!" },
    { valueOf: (holding) => holding.symbol, differs: "Symbols differ!" },
  ],
};

describe("selectionWarning", () => {
  it("names the first rule broken, in order", () => {
    expect(selectionWarning([], rules)).toBe("Select one!");
    expect(
      selectionWarning(
        [
          { symbol: "A", quantity: 1 },
          { symbol: "B", quantity: 2 },
        ],
        rules,
      ),
    ).toBe("Quantities differ!");
    expect(
      selectionWarning(
        [
          { symbol: "A", quantity: 1 },
          { symbol: "B", quantity: 1 },
        ],
        rules,
      ),
    ).toBe("Symbols differ!");
  });

  it("is null when every rule is met, and only asks for one item when no value must be shared", () => {
    expect(selectionWarning([{ symbol: "A", quantity: 1 }, { symbol: "A", quantity: 1 }], rules)).toBeNull();
    expect(selectionWarning([{ symbol: "A", quantity: 1 }, { symbol: "B", quantity: 2 }], { none: "x" })).toBeNull();
  });
});

describe("openForSelection", () => {
  it("opens with the selection when the rules are met, else shows the warning and opens nothing", () => {
    const warning = { show: vi.fn() };
    const open = vi.fn();
    const selected = [{ symbol: "A", quantity: 1 }];

    openForSelection(selected, rules, warning, open);
    expect(open).toHaveBeenCalledWith(selected);
    expect(warning.show).not.toHaveBeenCalled();

    open.mockClear();
    openForSelection([], rules, warning, open);
    expect(open).not.toHaveBeenCalled();
    expect(warning.show).toHaveBeenCalledWith("Select one!");
  });
});
