// Tests of the shared positions table: grouped delta merges, the selection, the per-group view and its ticks.
import { describe, expect, it } from "vitest";
import { delta, jsonWithEtag, tableTestServer } from "../test/tableTestServer";
import { PositionTable } from "./PositionTable";

interface Holding {
  readonly account: number;
  readonly symbol: string;
  readonly quantity: number;
}

/** Reads `{"<symbol>": [holding, ...]}` as a list of holdings. */
function parseHoldings(value: unknown): Holding[] {
  if (typeof value !== "object" || value === null) {
    throw new Error("the positions are not an object");
  }
  return Object.values(value as Record<string, Holding[]>).flat();
}

const holding = (account: number, symbol: string, quantity = 1): Holding => ({ account, symbol, quantity });

function positionsTable() {
  const server = tableTestServer();
  const table = new PositionTable(server.deps, {
    path: "/positions",
    parse: parseHoldings,
    groupOf: (position) => position.symbol,
    keyOf: (position) => `${position.account}:${position.symbol}`,
  });
  return { server, table };
}

describe("PositionTable", () => {
  it("groups the holdings, merges deltas by group with the ETag, and keeps unchanged groups as they were", async () => {
    const { server, table } = positionsTable();
    server.answer(
      "/positions",
      { body: delta(3, true, { AAPL: [holding(1, "AAPL"), holding(2, "AAPL")], MSFT: [holding(1, "MSFT")] }), etag: '"3"' },
      { body: delta(4, false, { TSLA: [holding(2, "TSLA")] }, ["MSFT"]), etag: '"4"' },
    );

    await table.load();
    const apple = table.byGroup.get("AAPL");
    await table.load();

    expect(server.requests.map((request) => [request.url, request.headers["if-none-match"]])).toEqual([
      ["/api/positions?since=0", undefined],
      ["/api/positions?since=3", '"3"'],
    ]);
    expect(table.loaded).toBe(true);
    expect(table.rows).toEqual([holding(1, "AAPL"), holding(2, "AAPL"), holding(2, "TSLA")]);
    expect(table.byGroup.get("AAPL")).toBe(apple);
    expect(table.groupRows("TSLA")).toEqual([holding(2, "TSLA")]);
    expect(table.groupRows("MSFT")).toEqual([]);
  });

  it("selects in selection mode, clears the selection on leaving it, and lets go of positions no longer held", async () => {
    const { server, table } = positionsTable();
    server.answer(
      "/positions",
      { body: delta(1, true, { AAPL: [holding(1, "AAPL"), holding(2, "AAPL")], MSFT: [holding(1, "MSFT")] }), etag: '"1"' },
      { body: delta(2, false, {}, ["AAPL"]), etag: '"2"' },
    );
    await table.load();

    table.toggleSelectionMode();
    table.setSelected(holding(1, "MSFT"), true);
    table.setSelected(holding(2, "AAPL"), true);
    expect(table.selectionMode).toBe(true);
    expect(table.isSelected(holding(2, "AAPL"))).toBe(true);
    expect(table.selected).toEqual([holding(2, "AAPL"), holding(1, "MSFT")]);

    await table.load();
    expect(table.selected).toEqual([holding(1, "MSFT")]);
    expect(Array.from(table.selection.keys)).toEqual(["1:MSFT"]);

    table.toggleSelectionMode();
    expect(table.selectionMode).toBe(false);
    expect(table.selected).toEqual([]);
  });

  it("views one group with nothing ticked, lets go of ticks no longer held, and closes the view with its ticks", async () => {
    const { server, table } = positionsTable();
    server.answer(
      "/positions",
      { body: delta(1, true, { AAPL: [holding(1, "AAPL"), holding(2, "AAPL")] }), etag: '"1"' },
      { body: delta(2, false, { AAPL: [holding(1, "AAPL")] }), etag: '"2"' },
    );
    await table.load();

    table.view(holding(2, "AAPL"));
    expect(table.viewedGroup).toBe("AAPL");
    expect(table.viewedRows).toEqual([holding(1, "AAPL"), holding(2, "AAPL")]);
    table.viewSelection.set(holding(1, "AAPL"), true);
    table.viewSelection.set(holding(2, "AAPL"), true);
    await table.load();
    expect(Array.from(table.viewSelection.keys)).toEqual(["1:AAPL"]);

    table.view(holding(1, "AAPL"));
    expect(table.viewSelection.keys.size).toBe(0);
    table.viewSelection.set(holding(1, "AAPL"), true);
    table.closeView();
    expect(table.viewedGroup).toBeNull();
    expect(table.viewedRows).toEqual([]);
    expect(table.viewSelection.keys.size).toBe(0);
  });

  it("forgets everything on reset and drops an answer to a request sent before it", async () => {
    const { server, table } = positionsTable();
    server.answer("/positions", { body: delta(5, true, { AAPL: [holding(1, "AAPL")] }), etag: '"5"' });
    await table.load();
    table.setSelectionMode(true);
    table.setSelected(holding(1, "AAPL"), true);
    table.view(holding(1, "AAPL"));
    const late = server.later("/positions");
    const inFlight = table.load();

    table.reset();
    late.resolve(jsonWithEtag(delta(6, false, { MSFT: [holding(1, "MSFT")] }), '"6"'));
    await inFlight;

    expect(table.loaded).toBe(false);
    expect(table.rows).toEqual([]);
    expect(table.selectionMode).toBe(false);
    expect(table.selection.keys.size).toBe(0);
    expect(table.viewedGroup).toBeNull();
    server.answer("/positions", { body: delta(1, true, {}), etag: '"1"' });
    await table.load();
    expect(server.requests.at(-1)?.url).toBe("/api/positions?since=0");
    expect(server.requests.at(-1)?.headers["if-none-match"]).toBeUndefined();
  });
});
