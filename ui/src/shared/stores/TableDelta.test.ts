// Tests of the delta form of polled tables: reading answers, merging them, and what a delta poll sends.
import { observable } from "mobx";
import { describe, expect, it } from "vitest";
import { mergeTableDelta, parseTableDelta } from "./TableDelta";

describe("parseTableDelta", () => {
  it("reads a delta answer", () => {
    expect(parseTableDelta({ version: 42, full: false, changed: { "7": [] }, removed: ["3"] })).toEqual({
      version: 42,
      full: false,
      changed: { "7": [] },
      removed: ["3"],
    });
  });

  it("reads an answer in the full table's shape as a full answer of unknown version", () => {
    expect(parseTableDelta({ "7": [] })).toEqual({ version: null, full: true, changed: { "7": [] }, removed: [] });
  });

  it("rejects a delta whose version or removed keys are malformed", () => {
    expect(() => parseTableDelta({ version: "42", full: true, changed: {}, removed: [] })).toThrow(
      "the table's version is not a whole number",
    );
    expect(() => parseTableDelta({ version: 42, full: false, changed: {}, removed: [3] })).toThrow(
      "the table's removed keys are not a list of texts",
    );
  });
});

describe("mergeTableDelta", () => {
  it("sets changed entries and deletes removed ones, leaving the others untouched", () => {
    const kept = ["kept"];
    const table = observable.map<string, string[]>({ a: kept, b: ["old"], c: ["gone"] }, { deep: false });
    mergeTableDelta(table, false, new Map([["b", ["new"]], ["d", ["added"]]]), ["c"]);
    expect(Object.fromEntries(table)).toEqual({ a: ["kept"], b: ["new"], d: ["added"] });
    expect(table.get("a")).toBe(kept);
  });

  it("makes a full answer the whole table", () => {
    const table = observable.map<number, string>({ 1: "one", 2: "two" });
    mergeTableDelta(table, true, new Map([[2, "TWO"], [3, "three"]]), []);
    expect(Array.from(table.entries())).toEqual([
      [2, "TWO"],
      [3, "three"],
    ]);
  });

  it("applying a sequence of deltas equals the last full table", () => {
    const versions: Record<string, number>[] = [
      { a: 1, b: 1 },
      { a: 1, b: 2, c: 1 },
      { b: 2, c: 1 },
      { b: 3, d: 1 },
    ];
    const held = new Map<string, number>();
    let previous: Record<string, number> = {};
    for (const table of versions) {
      const changed = new Map(Object.entries(table).filter(([key, value]) => previous[key] !== value));
      const removed = Object.keys(previous).filter((key) => !(key in table));
      mergeTableDelta(held, false, changed, removed);
      expect(Object.fromEntries(held)).toEqual(table);
      previous = table;
    }
  });
});
