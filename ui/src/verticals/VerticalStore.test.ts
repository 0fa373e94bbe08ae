// Tests of the vertical store: polling (skipped while a request is in flight), the tables, selection rules and exits.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deferred, jsonResponse, textResponse } from "../shared/test/fakeTransport";
import type { RouteHandler } from "../shared/test/routeResponder";
import { calls, testRoot } from "../shared/test/testRoot";
import {
  HIGH_CALL,
  LOW_CALL,
  verticalOrdersAnswer,
  verticalPositionJson,
  verticalPositionsAnswer,
  verticalRowsJson,
} from "./test/verticalFixtures";

const ORDERS = "GET /api/copy_trading_account/database/VERTICAL";
const POSITIONS = "GET /api/copy_trading_position_account/database/VERTICAL";
const EXIT = "POST /api/copy_trading_account/exit_order/VERTICAL";
const EXIT_MULTIPLE = "POST /api/copy_trading_account/exit_order_multiple/VERTICAL";

function harness(routes: Readonly<Record<string, RouteHandler>> = {}) {
  const h = testRoot({
    [ORDERS]: () =>
      jsonResponse(200, verticalOrdersAnswer([...verticalRowsJson(7, 1), ...verticalRowsJson(9, 1, { replacedSessionID: 7 })])),
    [POSITIONS]: () =>
      jsonResponse(
        200,
        verticalPositionsAnswer([
          verticalPositionJson(1),
          verticalPositionJson(2),
          verticalPositionJson(3, { optionChainSettledQuantity: -2, optionChainSymbol: HIGH_CALL.symbol, optionChainDescription: HIGH_CALL.description, optionChainAveragePrice: 0.45 }),
          verticalPositionJson(4, { optionChainSettledQuantity: 5 }),
        ]),
      ),
    ...routes,
  });
  return { ...h, verticals: h.root.verticals };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("VerticalStore tables", () => {
  it("polls orders and positions every 500 ms: sessions newest first, positions by description", async () => {
    const { verticals, scheduler, requests } = harness();
    verticals.polling.startPolling();
    await vi.waitFor(() => expect(verticals.orderTable.loaded && verticals.positionTable.loaded).toBe(true));
    expect(verticals.orderTable.sessions.map((session) => [session.id, session.rows[0]?.replacedSessionID])).toEqual([
      [9, 7],
      [7, null],
    ]);
    expect(verticals.positionTable.rows.map((p) => [p.optionChainDescription, p.accountId])).toEqual([
      [LOW_CALL.description, 1],
      [LOW_CALL.description, 2],
      [LOW_CALL.description, 4],
      [HIGH_CALL.description, 3],
    ]);
    expect(scheduler.live().map((timer) => timer.delayMs)).toEqual([500]);
    const before = requests.length;
    scheduler.fire();
    await vi.waitFor(() => expect(requests.length).toBe(before + 2));
    verticals.polling.stopPolling();
  });

  it("skips a poll while a request of the screen is in flight", async () => {
    const { verticals, scheduler, requests, server } = harness();
    const held = deferred<Response>();
    server.on(EXIT, () => held.promise);
    verticals.polling.startPolling();
    await vi.waitFor(() => expect(verticals.orderTable.loaded).toBe(true));
    const position = verticals.positionTable.rows[0];
    if (position === undefined) throw new Error("no position");
    verticals.exitPosition(position);
    const exit = verticals.exitDialog.submit();
    expect(verticals.requestInFlight).toBe(true);
    const before = requests.length;
    scheduler.fire();
    // The skipped run settles and schedules the next one without having asked for anything.
    await vi.waitFor(() => expect(scheduler.live().length).toBe(1));
    expect(requests.slice(before).filter((r) => r.method === "GET")).toEqual([]);
    held.resolve(textResponse(200, "success"));
    await expect(exit).resolves.toEqual({ ok: true, message: "Exit order successful" });
    verticals.polling.stopPolling();
  });
});

describe("VerticalStore selection", () => {
  it("Exit with nothing selected warns 'Please select at least one position!'", async () => {
    const { verticals } = harness();
    await verticals.positionTable.load();
    verticals.positionTable.setSelectionMode(true);
    verticals.exitSelected();
    expect(verticals.warning.message).toBe("Please select at least one position!");
    expect(verticals.exitDialog.isOpen).toBe(false);
  });

  it("Exit with different settled quantities warns 'Quantity size of position selected are not same!'", async () => {
    const { verticals } = harness();
    await verticals.positionTable.load();
    verticals.positionTable.setSelectionMode(true);
    for (const position of verticals.positionTable.rows.filter((p) => p.accountId === 1 || p.accountId === 4)) {
      verticals.positionTable.setSelected(position, true);
    }
    verticals.exitSelected();
    expect(verticals.warning.message).toBe("Quantity size of position selected are not same!");
  });

  it("Change Selected with nothing selected warns 'Please select at least one position.'", async () => {
    const { verticals } = harness();
    await verticals.positionTable.load();
    verticals.positionTable.setSelectionMode(true);
    verticals.changeSelected();
    expect(verticals.warning.message).toBe("Please select at least one position.");
  });

  it("Cancel Selection clears the selection", async () => {
    const { verticals } = harness();
    await verticals.positionTable.load();
    verticals.positionTable.toggleSelectionMode();
    const position = verticals.positionTable.rows[0];
    if (position === undefined) throw new Error("no position");
    verticals.positionTable.setSelected(position, true);
    verticals.positionTable.toggleSelectionMode();
    expect([verticals.positionTable.selectionMode, verticals.positionTable.selected]).toEqual([false, []]);
  });
});

describe("VerticalStore exits", () => {
  it("S on a short position sends exit_order/VERTICAL with BUY_TO_CLOSE of the positive quantity at the average price", async () => {
    const { verticals, requests, server } = harness();
    server.on(EXIT, () => textResponse(200, "success"));
    await verticals.positionTable.load();
    const short = verticals.positionTable.rows.find((p) => p.accountId === 3);
    if (short === undefined) throw new Error("no position");
    verticals.exitPosition(short);
    expect(verticals.exitDialog.title).toBe("Option Exit Order");
    await expect(verticals.exitDialog.submit()).resolves.toEqual({ ok: true, message: "Exit order successful" });
    expect(calls(requests).filter(([m]) => m === "POST")).toEqual([
      [
        "POST",
        "/api/copy_trading_account/exit_order/VERTICAL",
        JSON.stringify({
          allTradingAccountsOrderList: [{ accountId: 3, accountName: "Account 3", accountUsername: "user3" }],
          optionChainPrimarySymbol: HIGH_CALL.symbol,
          optionChainPrimaryInstruction: "BUY_TO_CLOSE",
          optionChainOrderType: "LIMIT",
          optionChainQuantity: 2,
          optionChainPrice: 0.45,
        }),
      ],
    ]);
  });

  it("a refused single exit says 'Exit order failed' with the reason", async () => {
    const { verticals, server } = harness();
    server.on(EXIT, () => jsonResponse(400, { error: "Quantity must be at least 1", code: "bad" }));
    await verticals.positionTable.load();
    const position = verticals.positionTable.rows[0];
    if (position === undefined) throw new Error("no position");
    verticals.exitPosition(position);
    await expect(verticals.exitDialog.submit()).resolves.toEqual({
      ok: false,
      message: "Exit order failed: Quantity must be at least 1",
    });
  });

  it("exits the selected positions through exit_order_multiple and leaves selection mode", async () => {
    const { verticals, requests, server } = harness();
    server.on(EXIT_MULTIPLE, () => textResponse(200, "success"));
    await verticals.positionTable.load();
    verticals.positionTable.setSelectionMode(true);
    for (const position of verticals.positionTable.rows.filter((p) => p.accountId === 1 || p.accountId === 2)) {
      verticals.positionTable.setSelected(position, true);
    }
    verticals.exitSelected();
    expect(verticals.exitDialog.title).toBe("Option Exit Order (Selected)");
    verticals.exitDialog.form.setOrderType("MARKET");
    await expect(verticals.exitDialog.submit()).resolves.toEqual({
      ok: true,
      message: "Selected positions successfully exited.",
    });
    const entry = (accountId: number) => ({
      accountId,
      optionChainSymbol: LOW_CALL.symbol,
      optionChainInstruction: "SELL_TO_CLOSE",
      optionChainOrderType: "MARKET",
      optionChainQuantity: 2,
      optionChainPrice: 0,
    });
    expect(calls(requests).filter(([m]) => m === "POST")).toEqual([
      [
        "POST",
        "/api/copy_trading_account/exit_order_multiple/VERTICAL",
        JSON.stringify({ ordersToExit: [entry(1), entry(2)] }),
      ],
    ]);
    expect(verticals.positionTable.selectionMode).toBe(false);
  });

  it("a partial multiple exit says 'Failed to exit some or all positions.', a failed one 'An error occurred while exiting positions.'", async () => {
    const { verticals, server } = harness();
    await verticals.positionTable.load();
    const position = verticals.positionTable.rows[0];
    if (position === undefined) throw new Error("no position");
    verticals.positionTable.setSelectionMode(true);
    verticals.positionTable.setSelected(position, true);
    verticals.changeSelected();
    server.on(EXIT_MULTIPLE, () =>
      jsonResponse(200, { agentTradingSessionID: 3, accepted: [], failed: [{ accountId: 1, accountName: "Alpha", reason: "holds none" }] }),
    );
    await expect(verticals.changeDialog.submit()).resolves.toEqual({
      ok: false,
      message: "Failed to exit some or all positions. Alpha: holds none",
    });
    server.on(EXIT_MULTIPLE, () => jsonResponse(500, { error: "broker down", code: "x" }));
    await expect(verticals.changeDialog.submit()).resolves.toEqual({
      ok: false,
      message: "An error occurred while exiting positions. broker down",
    });
    expect([verticals.changeDialog.isOpen, verticals.positionTable.selectionMode]).toEqual([true, true]);
  });
});
