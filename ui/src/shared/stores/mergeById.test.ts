// Tests of merging a server list into a map keyed by id.
import { describe, expect, it } from "vitest";
import { mergeById } from "./mergeById";

interface Row {
  id: number;
  name: string;
}

describe("mergeById", () => {
  it("adds new entries, updates existing ones in place and removes the ones the list no longer has", () => {
    const kept: Row = { id: 1, name: "one" };
    const target = new Map<number, Row>([
      [1, kept],
      [2, { id: 2, name: "two" }],
    ]);

    mergeById(
      target,
      [
        { id: 1, name: "uno" },
        { id: 3, name: "three" },
      ],
      (row) => row.id,
    );

    expect(Array.from(target.entries())).toEqual([
      [1, { id: 1, name: "uno" }],
      [3, { id: 3, name: "three" }],
    ]);
    expect(target.get(1)).toBe(kept);
  });

  it("empties the map for an empty list", () => {
    const target = new Map<number, Row>([[1, { id: 1, name: "one" }]]);

    mergeById(target, [], (row) => row.id);

    expect(target.size).toBe(0);
  });
});
