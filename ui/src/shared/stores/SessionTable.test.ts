// Tests of the shared orders table: delta merges, ETags, newest first, paging, and forgetting on reset.
import { describe, expect, it } from "vitest";
import { delta, jsonWithEtag, tableTestServer } from "../test/tableTestServer";
import { succeeded } from "./Outcome";
import { SESSIONS_PER_PAGE, SessionTable, type Session } from "./SessionTable";

/** Reads `{"<id>": ["row", ...]}` as sessions of text rows. */
function parseTextSessions(value: unknown): Session<string>[] {
  if (typeof value !== "object" || value === null) {
    throw new Error("the orders are not an object");
  }
  return Object.entries(value as Record<string, string[]>).map(([id, rows]) => ({ id: Number(id), rows }));
}

/** A row of these tests is its status word, on account 1 (`REJECTED:reason` carries a reason). */
function outcomeOf(row: string) {
  const [status = "", reason = null] = row.split(":");
  return { accountId: 1, status, reason };
}

function ordersTable(pageSize?: number) {
  const server = tableTestServer();
  const table = new SessionTable(server.deps, { path: "/orders", parse: parseTextSessions, pageSize, outcomeOf });
  return { server, table };
}

describe("SessionTable", () => {
  it("loads everything first, then asks for what changed since the version held with the ETag of the last answer", async () => {
    const { server, table } = ordersTable();
    server.answer(
      "/orders",
      { body: delta(41, true, { "1": ["a1"], "2": ["b1", "b2"] }), etag: '"o41"' },
      { body: delta(42, false, { "2": ["b1 filled", "b2"], "3": ["c1"] }), etag: '"o42"' },
      { notModified: '"o42"' },
    );

    await table.load();
    const unchanged = table.byId.get(1);
    expect(table.loaded).toBe(true);
    await table.load();
    await table.load();

    expect(server.requests.map((request) => [request.url, request.headers["if-none-match"]])).toEqual([
      ["/api/orders?since=0", undefined],
      ["/api/orders?since=41", '"o41"'],
      ["/api/orders?since=42", '"o42"'],
    ]);
    expect(table.sessions).toEqual([
      { id: 3, rows: ["c1"] },
      { id: 2, rows: ["b1 filled", "b2"] },
      { id: 1, rows: ["a1"] },
    ]);
    expect(table.byId.get(1)).toBe(unchanged);
    expect(table.rowsOf(2)).toEqual(["b1 filled", "b2"]);
    expect(table.rowsOf(99)).toEqual([]);
  });

  it("reads today again at every load, so the day turns on the first poll after midnight (a 304 included)", async () => {
    const server = tableTestServer();
    let now = Date.parse("2025-01-02T23:59:59Z");
    const table = new SessionTable(
      { api: server.deps.api, env: { now: () => now, timeZone: "America/New_York" } },
      { path: "/orders", parse: parseTextSessions, outcomeOf },
    );
    expect(table.today).toBe("");
    server.answer("/orders", { body: delta(1, true, { "1": ["a1"] }), etag: '"o1"' }, { notModified: '"o1"' });
    await table.load();
    expect(table.today).toBe("2025-01-02");
    // 05:00 UTC on the 3rd is midnight in New York.
    now = Date.parse("2025-01-03T05:00:00Z");
    await table.load();
    expect(table.today).toBe("2025-01-03");
  });

  it("drops removed sessions, replaces all on a full answer and leaves sessions without rows out", async () => {
    const { server, table } = ordersTable();
    server.answer(
      "/orders",
      { body: delta(1, true, { "1": ["a"], "2": ["b"], "3": ["c"] }), etag: '"1"' },
      { body: delta(2, false, { "4": [] }, ["2"]), etag: '"2"' },
      { body: delta(3, true, { "5": ["e"] }), etag: '"3"' },
    );

    await table.load();
    await table.load();
    expect(table.sessions.map((session) => session.id)).toEqual([3, 1]);
    expect(Array.from(table.byId.keys())).toEqual([1, 3, 4]);
    await table.load();
    expect(Array.from(table.byId.keys())).toEqual([5]);
  });

  it("shows the sessions a page at a time, ten by default", async () => {
    expect(
      new SessionTable(tableTestServer().deps, { path: "/orders", parse: parseTextSessions, outcomeOf }).paging.size,
    ).toBe(
      SESSIONS_PER_PAGE,
    );
    const { server, table } = ordersTable(2);
    server.answer("/orders", { body: delta(1, true, { "1": ["a"], "2": ["b"], "3": ["c"] }), etag: '"1"' });
    await table.load();

    expect(table.pageSessions.map((session) => session.id)).toEqual([3, 2]);
    table.paging.next();
    expect(table.pageSessions.map((session) => session.id)).toEqual([1]);
  });

  it("forgets everything on reset, drops an answer to a request sent before it and next asks for everything", async () => {
    const { server, table } = ordersTable(1);
    server.answer("/orders", { body: delta(7, true, { "1": ["a"], "2": ["b"] }), etag: '"7"' });
    await table.load();
    table.paging.next();
    const late = server.later("/orders");
    const inFlight = table.load();

    table.reset();
    late.resolve(jsonWithEtag(delta(8, false, { "3": ["c"] }), '"8"'));
    await inFlight;

    expect(table.loaded).toBe(false);
    expect(table.byId.size).toBe(0);
    expect(table.paging.pageIndex).toBe(0);
    server.answer("/orders", { body: delta(2, true, { "9": ["z"] }), etag: '"2"' });
    await table.load();
    expect(server.requests.at(-1)?.url).toBe("/api/orders?since=0");
    expect(server.requests.at(-1)?.headers["if-none-match"]).toBeUndefined();
    expect(table.sessions).toEqual([{ id: 9, rows: ["z"] }]);
  });

  it("rejects a malformed answer and keeps what it holds", async () => {
    const { server, table } = ordersTable();
    server.answer(
      "/orders",
      { body: delta(1, true, { "1": ["a"] }), etag: '"1"' },
      { body: delta(2, false, "not sessions"), etag: '"2"' },
    );
    await table.load();

    await expect(table.load()).rejects.toThrow("the orders are not an object");
    expect(table.sessions).toEqual([{ id: 1, rows: ["a"] }]);
  });

  it("marks a command after a failed one where the failed one was, so a repeat answered with its session is judged on it", async () => {
    const { server, table } = ordersTable();
    server.answer(
      "/orders",
      { body: delta(1, true, { "4": ["FILLED"] }), etag: '"1"' },
      // The failed command's session (its answer was lost) shows up, then a repeat is answered `success`.
      { body: delta(2, false, { "5": ["WORKING"] }), etag: '"2"' },
      { notModified: '"2"' },
    );
    await table.load();
    expect(table.commandMark()).toBe(4);

    table.commandFailed(4);
    await table.load();
    expect(table.newestId).toBe(5);
    expect(table.commandMark()).toBe(4);
    table.commandFailed(5);
    expect(table.commandMark()).toBe(4);

    table.commandAnswered(table.commandMark(), succeeded("Copy trading successful"));
    await table.load();
    // Decided on session 5 (the first after 4) at once, not after waiting for a session that never comes.
    expect(table.toasts.take().map((toast) => toast.outcome)).toEqual([succeeded("Copy trading successful")]);
    expect(table.commandMark()).toBe(5);
  });

  it("after a command's success turns to the first page and names its session to show once held, until shown", async () => {
    const { server, table } = ordersTable(1);
    server.answer(
      "/orders",
      { body: delta(1, true, { "1": ["WORKING"], "2": ["WORKING"] }), etag: '"1"' },
      { body: delta(2, false, { "3": ["WORKING"], "4": ["WORKING"] }), etag: '"2"' },
    );
    await table.load();
    table.paging.next();
    expect(table.newSessionToShow).toBeNull();

    const mark = table.commandMark();
    table.commandAnswered(mark, succeeded("Replace order successful"));
    expect(table.paging.pageIndex).toBe(0);
    // Not held yet: nothing to show.
    expect(table.newSessionToShow).toBeNull();
    await table.load();
    // The command's session is the first after its mark, whatever came after it.
    expect(table.newSessionToShow).toBe(3);
    table.newSessionShown();
    expect(table.newSessionToShow).toBeNull();
  });

  it("has no session to show after a reset", async () => {
    const { server, table } = ordersTable();
    server.answer("/orders", { body: delta(1, true, { "1": ["WORKING"] }), etag: '"1"' });
    table.commandAnswered(0, succeeded("Copy trading successful"));
    table.reset();
    await table.load();
    expect(table.newSessionToShow).toBeNull();
  });
});
