// Tests of the option store: ETag polling, sessions newest first, paging, selection rules and REFRESH.
import { runInAction } from "mobx";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, textResponse } from "../shared/test/fakeTransport";
import {
  notModified,
  orderRowJson,
  ordersAnswer,
  positionJson,
  positionsAnswer,
  taggedJson,
  type OrderRowJson,
  type PositionJson,
} from "./test/optionFixtures";
import { testRoot } from "../shared/test/testRoot";

const ORDERS = "GET /api/copy_trading_account/database/COMMON";
const POSITIONS = "GET /api/copy_trading_position_account/database/COMMON";

/** A root whose order and position answers follow `state`, with an ETag per version. */
function withServer(rows: OrderRowJson[] = [], positions: PositionJson[] = []) {
  const state = { rows, positions, ordersVersion: 1, positionsVersion: 1 };
  const harness = testRoot({
    [ORDERS]: (request) => {
      const etag = `"orders-${state.ordersVersion}"`;
      return request.headers["if-none-match"] === etag ? notModified(etag) : taggedJson(ordersAnswer(state.rows), etag);
    },
    [POSITIONS]: (request) => {
      const etag = `"positions-${state.positionsVersion}"`;
      return request.headers["if-none-match"] === etag
        ? notModified(etag)
        : taggedJson(positionsAnswer(state.positions), etag);
    },
  });
  return { ...harness, state };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("OptionStore orders", () => {
  it("keeps the sessions newest first, whatever order the keys arrive in", async () => {
    const { root } = withServer([
      orderRowJson(9, 1),
      orderRowJson(12, 1, { replacedSessionID: 7 }),
      orderRowJson(12, 2, { replacedSessionID: 7 }),
      orderRowJson(100, 3),
    ]);

    await root.options.orderTable.load();

    expect(root.options.orderTable.loaded).toBe(true);
    expect(root.options.orderTable.sessions.map((s) => [s.id, s.rows.map((r) => r.accountId)])).toEqual([
      [100, [3]],
      [12, [1, 2]],
      [9, [1]],
    ]);
    expect(root.options.orderTable.byId.get(12)?.[1]).toEqual({
      agentTradingSessionID: 12,
      accountId: 2,
      accountName: "Account 2",
      accountUsername: "user2",
      optionChainOrderId: 1202,
      optionChainSymbol: "AAPL  241018C00230000",
      optionChainDescription: "AAPL 10/18/2024 230.00 C",
      optionChainInstruction: "BUY_TO_OPEN",
      optionChainOrderType: "LIMIT",
      optionChainQuantity: 1,
      optionChainFilledQuantity: 0,
      optionChainPrice: 1.25,
      optionChainStatus: "WORKING",
      optionChainStatusDescription: null,
      optionChainEnteredTime: "2025-01-02T03:04:00Z",
      successRate: 100,
      optionChainOwnStatusColor: "yellow",
      optionChainStatusColor: "red",
      replacedSessionID: 7,
    });
  });

  it("reads a row without replacedSessionID as a session no replace made", async () => {
    const { replacedSessionID: _omitted, ...row } = orderRowJson(4, 1);
    const { root } = withServer([row as OrderRowJson]);

    await root.options.orderTable.load();

    expect(root.options.orderTable.byId.get(4)?.[0]?.replacedSessionID).toBeNull();
  });

  it("sends the last ETag, keeps the data on a 304 and takes new data with its new ETag", async () => {
    const { root, state, requests } = withServer([orderRowJson(1, 1)]);
    await root.options.orderTable.load();
    const shown = root.options.orderTable.byId.get(1);

    await root.options.orderTable.load();
    expect(root.options.orderTable.byId.get(1)).toBe(shown);

    state.rows = [
      orderRowJson(1, 1, { optionChainStatus: "FILLED", optionChainFilledQuantity: 1 }),
      orderRowJson(2, 1),
    ];
    state.ordersVersion = 2;
    await root.options.orderTable.load();

    expect(requests.map((r) => r.headers["if-none-match"])).toEqual([undefined, '"orders-1"', '"orders-1"']);
    expect(root.options.orderTable.byId.get(1)?.[0]?.optionChainStatus).toBe("FILLED");
    expect(root.options.orderTable.sessions.map((s) => s.id)).toEqual([2, 1]);

    await root.options.orderTable.load();
    expect(requests.at(-1)?.headers["if-none-match"]).toBe('"orders-2"');
  });

  it("drops sessions the server no longer sends", async () => {
    const { root, state } = withServer([orderRowJson(1, 1), orderRowJson(2, 1)]);
    await root.options.orderTable.load();

    state.rows = [orderRowJson(2, 1)];
    state.ordersVersion = 2;
    await root.options.orderTable.load();

    expect(Array.from(root.options.orderTable.byId.keys())).toEqual([2]);
  });

  it("rejects a malformed row naming the field and keeps what it had", async () => {
    const { root, server } = withServer([orderRowJson(1, 1)]);
    await root.options.orderTable.load();
    server.on(ORDERS, () => jsonResponse(200, { "1": [{ ...orderRowJson(1, 1), optionChainStatusColor: "blue" }] }));

    await expect(root.options.orderTable.load()).rejects.toThrow(
      "optionChainStatusColor of order row 0 of session 1 is not one of green, red, purple",
    );
    expect(root.options.orderTable.byId.get(1)?.[0]?.optionChainStatusColor).toBe("red");
  });

  it("pages ten sessions at a time", async () => {
    const rows = Array.from({ length: 23 }, (_, index) => orderRowJson(index + 1, 1));
    const { root } = withServer(rows);
    await root.options.orderTable.load();
    const ids = () => root.options.orderTable.pageSessions.map((s) => s.id);

    expect(root.options.orderTable.paging.pageCount).toBe(3);
    expect(ids()).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    root.options.orderTable.paging.last();
    expect(ids()).toEqual([3, 2, 1]);
    root.options.orderTable.paging.previous();
    expect(ids()[0]).toBe(13);
  });

  it("offers R for replaceable rows and C for open or REPLACED rows with an order id", async () => {
    const { root } = withServer([
      orderRowJson(5, 1, { optionChainStatus: "WORKING" }),
      orderRowJson(5, 2, { optionChainStatus: "FILLED" }),
      orderRowJson(5, 3, { optionChainStatus: "REPLACED" }),
      orderRowJson(5, 4, { optionChainStatus: "FAILED_TO_PLACE", optionChainOrderId: null }),
      orderRowJson(5, 5, { optionChainStatus: "UNSETTLED", optionChainOrderId: null }),
      orderRowJson(5, 6, { optionChainStatus: "PENDING_ACTIVATION" }),
    ]);
    await root.options.orderTable.load();
    const [session] = root.options.orderTable.sessions;
    if (session === undefined) {
      throw new Error("expected a session");
    }

    expect(root.options.replaceableRows(session).map((r) => r.accountId)).toEqual([1, 3, 6]);
    expect(root.options.cancellableRows(session).map((r) => r.accountId)).toEqual([1, 3, 6]);
  });
});

describe("OptionStore delta polls", () => {
  /** A server answering the delta form: everything for `since=0`, else what `changes` says for that version. */
  function withDeltaServer(answers: Record<string, unknown>) {
    const harness = testRoot({
      [ORDERS]: (request) => taggedJson(answers[`orders ${new URL(request.url, "http://x").search}`], '"o"'),
      [POSITIONS]: (request) => taggedJson(answers[`positions ${new URL(request.url, "http://x").search}`], '"p"'),
    });
    return harness;
  }

  it("asks for what changed since the version held and merges it, keeping unchanged sessions as they were", async () => {
    const { root, requests } = withDeltaServer({
      "orders ?since=0": {
        version: 41,
        full: true,
        changed: ordersAnswer([orderRowJson(1, 1), orderRowJson(2, 1)]),
        removed: [],
      },
      "orders ?since=41": {
        version: 42,
        full: false,
        changed: ordersAnswer([orderRowJson(2, 1, { optionChainStatus: "FILLED" }), orderRowJson(3, 1)]),
        removed: [],
      },
    });
    await root.options.orderTable.load();
    const unchanged = root.options.orderTable.byId.get(1);

    await root.options.orderTable.load();

    expect(requests.map((r) => r.url)).toEqual([
      "/api/copy_trading_account/database/COMMON?since=0",
      "/api/copy_trading_account/database/COMMON?since=41",
    ]);
    expect(root.options.orderTable.sessions.map((s) => s.id)).toEqual([3, 2, 1]);
    expect(root.options.orderTable.byId.get(1)).toBe(unchanged);
    expect(root.options.orderTable.byId.get(2)?.[0]?.optionChainStatus).toBe("FILLED");
  });

  it("replaces everything on a full answer and drops removed position keys", async () => {
    const other = positionJson(2, { optionChainDescription: "MSFT 11/15/2024 400.00 P", optionChainSymbol: "MSFT  241115P00400000" });
    const { root } = withDeltaServer({
      "orders ?since=0": { version: 5, full: true, changed: ordersAnswer([orderRowJson(1, 1)]), removed: [] },
      "orders ?since=5": { version: 9, full: true, changed: ordersAnswer([orderRowJson(2, 1)]), removed: [] },
      "positions ?since=0": { version: 5, full: true, changed: positionsAnswer([positionJson(1), other]), removed: [] },
      "positions ?since=5": { version: 6, full: false, changed: {}, removed: [other.optionChainDescription] },
    });
    await root.options.orderTable.load();
    await root.options.positionTable.load();
    await root.options.orderTable.load();
    await root.options.positionTable.load();

    expect(Array.from(root.options.orderTable.byId.keys())).toEqual([2]);
    expect(Array.from(root.options.positionTable.byGroup.keys())).toEqual([positionJson(1).optionChainDescription]);
  });
});

describe("OptionStore positions", () => {
  it("keeps the positions by description, one row per account, ordered by description then account", async () => {
    const put = { optionChainSymbol: "SPY   241018P00500000", optionChainDescription: "SPY 10/18/2024 500.00 P" };
    const { root } = withServer(
      [],
      [positionJson(3), positionJson(1, { optionChainSettledQuantity: -1 }), positionJson(2, put)],
    );

    await root.options.positionTable.load();

    expect(Array.from(root.options.positionTable.byGroup.keys())).toEqual(["AAPL 10/18/2024 230.00 C", "SPY 10/18/2024 500.00 P"]);
    expect(
      root.options.positionTable.rows.map((p) => [p.optionChainDescription, p.accountId, p.optionChainSettledQuantity]),
    ).toEqual([
      ["AAPL 10/18/2024 230.00 C", 1, -1],
      ["AAPL 10/18/2024 230.00 C", 3, 2],
      ["SPY 10/18/2024 500.00 P", 2, 2],
    ]);
  });

  it("keeps the positions on a 304", async () => {
    const { root, requests } = withServer([], [positionJson(1)]);
    await root.options.positionTable.load();

    await root.options.positionTable.load();

    expect(requests.map((r) => r.headers["if-none-match"])).toEqual([undefined, '"positions-1"']);
    expect(root.options.positionTable.rows).toHaveLength(1);
  });

  it("unselects a position that is no longer held", async () => {
    const { root, state } = withServer([], [positionJson(1), positionJson(2)]);
    await root.options.positionTable.load();
    root.options.positionTable.setSelectionMode(true);
    for (const position of root.options.positionTable.rows) {
      root.options.positionTable.setSelected(position, true);
    }

    state.positions = [positionJson(2)];
    state.positionsVersion = 2;
    await root.options.positionTable.load();

    expect(root.options.positionTable.selected.map((p) => p.accountId)).toEqual([2]);
  });
});

describe("OptionStore polling", () => {
  it("polls orders and positions every 500 ms, sending the ETags, and stops when told", async () => {
    const { root, scheduler, requests, state } = withServer([orderRowJson(1, 1)], [positionJson(1)]);

    root.options.polling.startPolling();
    await vi.waitFor(() => expect(scheduler.live()).toHaveLength(1));
    expect(scheduler.live()[0]?.delayMs).toBe(500);
    expect(root.options.orderTable.sessions).toHaveLength(1);

    state.rows = [orderRowJson(1, 1), orderRowJson(2, 1)];
    state.ordersVersion = 2;
    scheduler.fire();
    await vi.waitFor(() => expect(scheduler.live()).toHaveLength(1));

    expect(root.options.orderTable.sessions.map((s) => s.id)).toEqual([2, 1]);
    expect(requests.map((r) => [r.url, r.headers["if-none-match"]])).toEqual([
      ["/api/copy_trading_account/database/COMMON?since=0", undefined],
      ["/api/copy_trading_position_account/database/COMMON?since=0", undefined],
      ["/api/copy_trading_account/database/COMMON?since=0", '"orders-1"'],
      ["/api/copy_trading_position_account/database/COMMON?since=0", '"positions-1"'],
    ]);

    root.options.polling.stopPolling();
    expect(scheduler.live()).toHaveLength(0);
  });

  it("only logs a failed poll and keeps polling", async () => {
    const { root, scheduler, server } = withServer();
    server.on(ORDERS, () => textResponse(502, "Bad Gateway"));

    root.options.polling.startPolling();
    await vi.waitFor(() => expect(scheduler.live()).toHaveLength(1));

    expect(console.error).toHaveBeenCalledWith("Polling the option orders failed", expect.anything());
    expect(root.options.positionTable.loaded).toBe(true);
    root.options.polling.stopPolling();
  });

  it("ends the session when a poll is answered 401", async () => {
    const { root, scheduler, server } = withServer();
    runInAction(() => {
      root.session.agentUsername = "ann";
    });
    server.on(POSITIONS, () => jsonResponse(401, { error: "Please log in first", code: "unauthorized" }));

    root.options.polling.startPolling();
    await vi.waitFor(() => expect(root.session.agentUsername).toBeNull());
    root.options.polling.stopPolling();
    expect(scheduler.live()).toHaveLength(0);
  });

  it("REFRESH asks for the trade status, then reloads both tables", async () => {
    const { root, server, requests } = withServer([orderRowJson(1, 1)]);
    server.on("GET /api/copy_trading_account/fetch_trade_status/COMMON", () => jsonResponse(200, {}));

    const refresh = root.options.polling.refresh();
    expect(root.options.polling.refreshPending).toBe(true);
    await refresh;

    expect(root.options.polling.refreshPending).toBe(false);
    expect(requests.map((r) => r.url)).toEqual([
      "/api/copy_trading_account/fetch_trade_status/COMMON",
      "/api/copy_trading_account/database/COMMON?since=0",
      "/api/copy_trading_position_account/database/COMMON?since=0",
    ]);
    expect(root.options.orderTable.sessions).toHaveLength(1);
  });

  it("forgets everything, ETags included, when the agent changes", async () => {
    const { root, requests } = withServer([orderRowJson(1, 1)], [positionJson(1)]);
    runInAction(() => {
      root.session.agentUsername = "ann";
    });
    await root.options.orderTable.load();
    await root.options.positionTable.load();
    root.options.positionTable.setSelectionMode(true);

    runInAction(() => {
      root.session.agentUsername = "bob";
    });

    expect(root.options.orderTable.byId.size).toBe(0);
    expect(root.options.positionTable.byGroup.size).toBe(0);
    expect(root.options.positionTable.selectionMode).toBe(false);
    await root.options.orderTable.load();
    expect(requests.at(-1)?.headers["if-none-match"]).toBeUndefined();
  });
});

describe("OptionStore selection", () => {
  async function withPositions(positions: PositionJson[]) {
    const harness = withServer([], positions);
    await harness.root.options.positionTable.load();
    harness.root.options.positionTable.setSelectionMode(true);
    return harness;
  }

  function select(root: ReturnType<typeof testRoot>["root"], accountIds: number[]) {
    for (const position of root.options.positionTable.rows) {
      if (accountIds.includes(position.accountId)) {
        root.options.positionTable.setSelected(position, true);
      }
    }
  }

  it("leaving selection mode clears the selection", async () => {
    const { root } = await withPositions([positionJson(1)]);
    select(root, [1]);

    root.options.positionTable.toggleSelectionMode();
    expect(root.options.positionTable.selectionMode).toBe(false);
    root.options.positionTable.toggleSelectionMode();

    expect(root.options.positionTable.selected).toEqual([]);
  });

  it("exit with nothing selected warns 'Please select at least one position!'", async () => {
    const { root } = await withPositions([positionJson(1)]);

    root.options.exitSelected();

    expect(root.options.warning.message).toBe("Please select at least one position!");
    expect(root.options.exitDialog.isOpen).toBe(false);
  });

  it("exit with differing settled quantities warns 'Quantity size of position selected are not same!'", async () => {
    const { root } = await withPositions([positionJson(1), positionJson(2, { optionChainSettledQuantity: 3 })]);
    select(root, [1, 2]);

    root.options.exitSelected();

    expect(root.options.warning.message).toBe("Quantity size of position selected are not same!");
    expect(root.options.exitDialog.isOpen).toBe(false);
  });

  it("exit of one quantity in different options is refused", async () => {
    const other = { optionChainSymbol: "SPY   241018P00500000", optionChainDescription: "SPY 10/18/2024 500.00 P" };
    const { root } = await withPositions([positionJson(1), positionJson(2, other)]);
    select(root, [1, 2]);

    root.options.exitSelected();

    expect(root.options.warning.message).toBe(
      "Positions selected are not the same option contract! Use Change Selected to exit different contracts.",
    );
  });

  it("exit of one quantity in one option opens the exit dialog with the defaults for all of them", async () => {
    const { root } = await withPositions([
      positionJson(1, { optionChainSettledQuantity: -2, optionChainAveragePrice: 0.8 }),
      positionJson(2, { optionChainSettledQuantity: -2, optionChainAveragePrice: 0.9 }),
      positionJson(3),
    ]);
    select(root, [1, 2]);

    root.options.exitSelected();

    const dialog = root.options.exitDialog;
    expect(root.options.warning.isOpen).toBe(false);
    expect(dialog.isOpen).toBe(true);
    expect(dialog.targets.map((p) => p.accountId)).toEqual([1, 2]);
    expect([dialog.form.instruction, dialog.form.orderType, dialog.form.quantity, dialog.form.price]).toEqual([
      "BUY_TO_CLOSE",
      "LIMIT",
      "2",
      "0.80",
    ]);
  });

  it("Change Selected with nothing selected warns 'Please select at least one position.'", async () => {
    const { root } = await withPositions([positionJson(1)]);

    root.options.changeSelected();

    expect(root.options.warning.message).toBe("Please select at least one position.");
    root.options.warning.close();
    expect(root.options.warning.isOpen).toBe(false);
  });

  it("Change Selected opens one closing order per selected position with the exit defaults", async () => {
    const { root } = await withPositions([
      positionJson(1, { optionChainSettledQuantity: 4, optionChainAveragePrice: 2.5 }),
      positionJson(2, { optionChainSettledQuantity: -3, optionChainAveragePrice: 1.1 }),
    ]);
    select(root, [1, 2]);

    root.options.changeSelected();

    expect(
      root.options.changeDialog.changes.map(({ position, form }) => [
        position.accountId,
        form.instruction,
        form.orderType,
        form.quantity,
        form.price,
      ]),
    ).toEqual([
      [1, "SELL_TO_CLOSE", "LIMIT", "4", "2.50"],
      [2, "BUY_TO_CLOSE", "LIMIT", "3", "1.10"],
    ]);
  });

  it("S on a row opens the exit dialog for that account only", async () => {
    const { root } = await withPositions([positionJson(1), positionJson(2)]);
    const [, second] = root.options.positionTable.rows;
    if (second === undefined) {
      throw new Error("expected two rows");
    }

    root.options.exitPosition(second);

    expect(root.options.exitDialog.targets.map((p) => p.accountId)).toEqual([2]);
    expect(root.options.exitDialog.selected).toBe(false);
    expect(root.options.exitDialog.form.instruction).toBe("SELL_TO_CLOSE");
    expect(root.options.exitDialog.form.quantity).toBe("2");
  });
});
