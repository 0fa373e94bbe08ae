// Tests of the delta form of polled tables: reading answers, merging them, and what a delta poll sends.
import { observable } from "mobx";
import { describe, expect, it, vi } from "vitest";
import { delta, jsonWithEtag, tableTestServer } from "../test/tableTestServer";
import { DeltaPoll, mergeTableDelta, parseTableDelta } from "./TableDelta";

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

describe("DeltaPoll.load", () => {
  it("reads before applying, records what it applied, and applies nothing on a 304", async () => {
    const server = tableTestServer();
    const poll = new DeltaPoll(server.deps, "/table");
    server.answer("/table", { body: delta(3, true, { a: 1 }), etag: '"3"' }, { notModified: '"3"' });
    const applied: unknown[] = [];

    await poll.load(
      (changed) => Object.keys(changed as object),
      (answer, keys) => applied.push([answer.version, keys]),
    );
    await poll.load(
      () => ["never"],
      () => applied.push("never"),
    );

    expect(applied).toEqual([[3, ["a"]]]);
    expect(server.requests.map((request) => [request.url, request.headers["if-none-match"]])).toEqual([
      ["/api/table?since=0", undefined],
      ["/api/table?since=3", '"3"'],
    ]);
  });

  it("applies nothing and records nothing when the answer is malformed", async () => {
    const server = tableTestServer();
    const poll = new DeltaPoll(server.deps, "/table");
    server.answer("/table", { body: delta(3, true, "bad"), etag: '"3"' }, { body: delta(3, true, {}), etag: '"3"' });
    const apply = vi.fn();

    await expect(
      poll.load(() => {
        throw new Error("malformed");
      }, apply),
    ).rejects.toThrow("malformed");
    await poll.load(() => null, apply);

    expect(apply).toHaveBeenCalledTimes(1);
    expect(server.requests.map((request) => request.url)).toEqual(["/api/table?since=0", "/api/table?since=0"]);
  });

  it("drops an answer to a request sent before a reset", async () => {
    const server = tableTestServer();
    const poll = new DeltaPoll(server.deps, "/table");
    const late = server.later("/table");
    const apply = vi.fn();

    const inFlight = poll.load(() => null, apply);
    poll.reset();
    late.resolve(jsonWithEtag(delta(9, true, {}), '"9"'));
    await inFlight;

    expect(apply).not.toHaveBeenCalled();
    server.answer("/table", { body: delta(1, true, {}), etag: '"1"' });
    await poll.load(() => null, apply);
    expect(server.requests.at(-1)?.url).toBe("/api/table?since=0");
  });
});
