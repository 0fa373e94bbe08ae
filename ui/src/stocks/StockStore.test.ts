// Tests of the stock store and its dialogs: polling, exact request bodies, the selection rules and every message.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, textResponse } from "../shared/test/fakeTransport";
import { testRoot } from "../shared/test/testRoot";
import type { RouteHandler } from "../shared/test/routeResponder";
import {
  stockOrdersAnswer,
  stockPositionJson,
  stockPositionsAnswer,
  stockRowJson,
  TIER_ROUTES,
  type StockPositionJson,
  type StockRowJson,
} from "./test/stockFixtures";

const ORDERS = "GET /api/stock_copy_trading/database";
const POSITIONS = "GET /api/stock_copy_trading_position/database";

function harness(
  rows: StockRowJson[] = [],
  positions: StockPositionJson[] = [],
  routes: Readonly<Record<string, RouteHandler>> = {},
) {
  const made = testRoot({
    [ORDERS]: () => jsonResponse(200, stockOrdersAnswer(rows)),
    [POSITIONS]: () => jsonResponse(200, stockPositionsAnswer(positions)),
    ...TIER_ROUTES,
    ...routes,
  });
  return { ...made, stocks: made.root.stocks };
}

/** The request to `path` (method and path), with its JSON body. */
function bodyOf(requests: ReturnType<typeof harness>["requests"], route: string): unknown {
  const request = requests.find((entry) => `${entry.method} ${entry.url.split("?")[0]}` === route);
  return request?.body === undefined ? undefined : JSON.parse(request.body);
}

const LIMIT_FIELDS = {
  stockSymbol: "AAPL",
  stockSession: "NORMAL",
  stockDuration: "DAY",
  stockInstruction: "BUY",
  stockOrderType: "LIMIT",
  stockQuantity: 10,
  stockPrice: 150,
  stockStopPrice: 0,
  stockStopPriceLinkType: "VALUE",
  stockStopPriceOffset: 0.1,
  stockStopPriceLinkBasis: "BID",
};

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("StockStore tables", () => {
  it("keeps sessions newest first with the first row representing each, and positions by symbol", async () => {
    const { stocks } = harness(
      [stockRowJson(3, 1), stockRowJson(12, 2, { replacedSessionID: 3 }), stockRowJson(12, 1)],
      [stockPositionJson("MSFT", 1, 5), stockPositionJson("AAPL", 2, -3), stockPositionJson("AAPL", 1, 7)],
    );
    await stocks.polling.poll();
    expect(stocks.orderTable.sessions.map((session) => session.id)).toEqual([12, 3]);
    expect(stocks.orderTable.sessions[0]?.rows[0]?.accountId).toBe(2);
    expect(stocks.orderTable.sessions[0]?.rows[0]?.replacedSessionID).toBe(3);
    expect(stocks.positionTable.rows.map((p) => `${p.stockSymbol}:${p.accountId}`)).toEqual(["AAPL:1", "AAPL:2", "MSFT:1"]);
  });

  it("lists the viewed symbol's holders by settled quantity ascending", async () => {
    const { stocks } = harness(
      [],
      [stockPositionJson("AAPL", 1, 7), stockPositionJson("AAPL", 2, -3), stockPositionJson("AAPL", 3, 2)],
    );
    await stocks.polling.poll();
    stocks.positionTable.view(stocks.positionTable.rows[0]!);
    expect(stocks.viewedPositions.map((p) => p.stockSettledQuantity)).toEqual([-3, 2, 7]);
  });
});

describe("StockStore place", () => {
  it("places on all active accounts with the exact body and says 'Copy trading successful'", async () => {
    const { stocks, requests } = harness([], [], {
      "POST /api/stock_copy_trading/place_order/": () => textResponse(200, "success"),
    });
    stocks.openPlace();
    const dialog = stocks.orderDialog;
    expect(dialog.title).toBe("Stock Place Order all accounts");
    dialog.form.setSymbol("aapl");
    dialog.form.setQuantity("10");
    dialog.form.setPrice("150");
    await dialog.tiers.load();
    expect(dialog.previewText).toContain("shares");
    const outcome = await dialog.submit();
    expect(outcome).toEqual({ ok: true, message: "Copy trading successful" });
    expect(bodyOf(requests, "POST /api/stock_copy_trading/place_order/")).toEqual({
      allTradingAccountsOrderList: [],
      ...LIMIT_FIELDS,
    });
    expect(dialog.isOpen).toBe(false);
  });

  it("sends nothing when a field is wrong and keeps the dialog open", async () => {
    const { stocks, requests } = harness();
    stocks.openPlace();
    stocks.orderDialog.form.setSymbol("AAPL");
    const outcome = await stocks.orderDialog.submit();
    expect(outcome).toEqual({ ok: false, message: "Copy trading failed: Price must be greater than 0" });
    expect(requests.some((request) => request.url.includes("place_order"))).toBe(false);
    expect(stocks.orderDialog.isOpen).toBe(true);
  });

  it("says a place some accounts took went out, counting the others by reason, and closes", async () => {
    const { stocks } = harness([], [], {
      "POST /api/stock_copy_trading/place_order/": () =>
        jsonResponse(200, {
          agentTradingSessionID: 4,
          accepted: [1],
          failed: [{ accountId: 2, accountName: "Account 2", reason: "insufficient buying power" }],
        }),
    });
    stocks.orderDialog.openPlace("MSFT");
    stocks.orderDialog.form.setOrderType("MARKET");
    const outcome = await stocks.orderDialog.submit();
    expect(outcome).toEqual({
      ok: true,
      partial: true,
      message: "Placed on 1 of 2 accounts; 1 not sent: insufficient buying power (1)",
    });
    expect(stocks.orderDialog.isOpen).toBe(false);
  });

  it("appends the failed accounts' reasons to 'Copy trading failed' when no account took the order", async () => {
    const { stocks } = harness([], [], {
      "POST /api/stock_copy_trading/place_order/": () =>
        jsonResponse(200, {
          agentTradingSessionID: 4,
          accepted: [],
          failed: [{ accountId: 2, accountName: "Account 2", reason: "insufficient buying power" }],
        }),
    });
    stocks.orderDialog.openPlace("MSFT");
    stocks.orderDialog.form.setOrderType("MARKET");
    const outcome = await stocks.orderDialog.submit();
    expect(outcome).toEqual({ ok: false, message: "Copy trading failed: Account 2: insufficient buying power" });
    expect(stocks.orderDialog.isOpen).toBe(true);
  });

  it("takes thousands separators in quantity and price, sends the numbers and previews the shares grouped", async () => {
    const { stocks, requests } = harness([], [], {
      "POST /api/stock_copy_trading/place_order/": () => textResponse(200, "success"),
    });
    stocks.openPlace();
    const dialog = stocks.orderDialog;
    dialog.form.setSymbol("aapl");
    dialog.form.setQuantity("1,000");
    dialog.form.setPrice("1,000");
    await dialog.tiers.load();
    expect(dialog.previewText).toBe(
      "Small ×1: 2 accounts → 1,000 shares each; Big ×3: 1 account → 3,000 shares; Total 5,000 shares on 3 accounts",
    );
    expect(await dialog.submit()).toEqual({ ok: true, message: "Copy trading successful" });
    expect(bodyOf(requests, "POST /api/stock_copy_trading/place_order/")).toEqual({
      ...LIMIT_FIELDS,
      allTradingAccountsOrderList: [],
      stockQuantity: 1000,
      stockPrice: 1000,
    });
  });

  it("says a price that is no number must be a number, and sends nothing", async () => {
    const { stocks, requests } = harness();
    stocks.orderDialog.openPlace("AAPL");
    stocks.orderDialog.form.setPrice("1.000,50");
    expect(await stocks.orderDialog.submit()).toEqual({ ok: false, message: "Copy trading failed: Price must be a number" });
    expect(requests.some((request) => request.url.includes("place_order"))).toBe(false);
  });

  it("groups accounts refused for one reason in the failure", async () => {
    const failed = Array.from({ length: 10 }, (_, index) => ({
      accountId: index + 1,
      accountName: `Account ${index + 1}`,
      reason: "FAILED_TO_PLACE: symbol ZZZZ is not known",
    }));
    const { stocks } = harness([], [], {
      "POST /api/stock_copy_trading/place_order/": () => jsonResponse(200, { agentTradingSessionID: 4, accepted: [], failed }),
    });
    stocks.orderDialog.openPlace("ZZZZ");
    stocks.orderDialog.form.setOrderType("MARKET");
    expect(await stocks.orderDialog.submit()).toEqual({
      ok: false,
      message: "Copy trading failed: 10 accounts: FAILED_TO_PLACE: symbol ZZZZ is not known",
    });
  });

  it("P on a session places on its accounts, titled with their count, the quantity before tiers", async () => {
    const { stocks, requests } = harness(
      [stockRowJson(7, 1, { stockQuantity: 2 }), stockRowJson(7, 3, { stockQuantity: 6 })],
      [],
      { "POST /api/stock_copy_trading/place_order/": () => textResponse(200, "success") },
    );
    await stocks.polling.poll();
    stocks.placeAgain(stocks.orderTable.sessions[0]!);
    const dialog = stocks.orderDialog;
    expect(dialog.title).toBe("Stock Place Order ( 2 accounts )");
    await dialog.tiers.load();
    expect(await dialog.submit()).toEqual({ ok: true, message: "Copy trading successful" });
    expect(bodyOf(requests, "POST /api/stock_copy_trading/place_order/")).toEqual({
      allTradingAccountsOrderList: [
        { accountId: 1, accountName: "Account 1", accountUsername: "user1" },
        { accountId: 3, accountName: "Account 3", accountUsername: "user3" },
      ],
      ...LIMIT_FIELDS,
      stockQuantity: 2,
    });
  });
});

describe("StockStore replace and cancel", () => {
  it("replaces the checked orders with the exact body", async () => {
    const { stocks, requests } = harness([stockRowJson(5, 1), stockRowJson(5, 2)], [], {
      "PUT /api/stock_copy_trading/replace_order/": () => textResponse(200, "success"),
    });
    await stocks.polling.poll();
    stocks.sessionDialog.view.open(5);
    stocks.sessionDialog.replaceSelected();
    expect(stocks.warning.message).toBe("Please select at least one order!");
    stocks.warning.close();
    stocks.sessionDialog.view.setSelected(stocks.sessionDialog.view.rows[1]!, true);
    stocks.sessionDialog.replaceSelected();
    const dialog = stocks.orderDialog;
    expect(dialog.title).toBe("Stock Replace Order (Selected)");
    expect([dialog.form.price, dialog.form.stopPrice]).toEqual(["150.00", "0.00"]);
    dialog.form.setPrice("151");
    expect(await dialog.submit()).toEqual({ ok: true, message: "Replace selected order successful" });
    expect(stocks.sessionDialog.view.selectedRows).toEqual([]);
    expect(bodyOf(requests, "PUT /api/stock_copy_trading/replace_order/")).toEqual({
      agentTradingSessionID: 5,
      allTradingAccountsOrderList: [
        { accountId: 2, accountName: "Account 2", accountUsername: "user2", stockOrderId: 1052 },
      ],
      ...LIMIT_FIELDS,
      stockPrice: 151,
    });
  });

  it("closes the individual replace even when it fails, with the reason", async () => {
    const { stocks, requests } = harness([stockRowJson(5, 1)], [], {
      "PUT /api/stock_copy_trading/replace_order_individual/": () =>
        jsonResponse(409, { error: "The order can no longer be replaced", code: "not_replaceable" }),
    });
    await stocks.polling.poll();
    stocks.sessionDialog.view.open(5);
    stocks.sessionDialog.replaceRow(stocks.sessionDialog.view.rows[0]!);
    const outcome = await stocks.orderDialog.submit();
    expect(outcome).toEqual({
      ok: false,
      message: "Replace order failed: The order can no longer be replaced",
    });
    expect(stocks.orderDialog.isOpen).toBe(false);
    expect(bodyOf(requests, "PUT /api/stock_copy_trading/replace_order_individual/")).toEqual({
      agentTradingSessionID: 5,
      accountId: 1,
      accountName: "Account 1",
      accountUsername: "user1",
      stockOrderId: 1051,
      ...LIMIT_FIELDS,
    });
  });

  it("refuses a replace with every order's own terms as nothing to change, marks it and sends nothing", async () => {
    const { stocks, requests } = harness([stockRowJson(5, 1)], [], {
      "PUT /api/stock_copy_trading/replace_order_individual/": () => textResponse(200, "success"),
    });
    await stocks.polling.poll();
    stocks.sessionDialog.view.open(5);
    stocks.sessionDialog.replaceRow(stocks.sessionDialog.view.rows[0]!);
    const dialog = stocks.orderDialog;
    await dialog.tiers.load();

    expect(await dialog.submit()).toEqual({
      ok: false,
      message: "Replace order failed: nothing to change: every order already has these terms",
    });
    expect([dialog.isOpen, dialog.nothingToChange]).toEqual([true, true]);
    expect(requests.filter((request) => request.method === "PUT")).toEqual([]);
    dialog.form.setPrice("151");
    expect(dialog.nothingToChange).toBe(false);
    // One account's order replaced from its row says so with the individual text.
    expect(await dialog.submit()).toEqual({ ok: true, message: "Replace order successful" });
  });

  it("keeps the individual replace open and marked when the server says it changes nothing", async () => {
    const { stocks } = harness([stockRowJson(5, 1)], [], {
      "PUT /api/stock_copy_trading/replace_order_individual/": () =>
        jsonResponse(400, {
          error: "There is nothing to change: every order already has these terms; nothing was sent",
          code: "bad_request",
        }),
    });
    await stocks.polling.poll();
    stocks.sessionDialog.view.open(5);
    stocks.sessionDialog.replaceRow(stocks.sessionDialog.view.rows[0]!);
    const outcome = await stocks.orderDialog.submit();
    expect(outcome.message).toBe(
      "Replace order failed: There is nothing to change: every order already has these terms; nothing was sent",
    );
    expect([stocks.orderDialog.isOpen, stocks.orderDialog.nothingToChange]).toEqual([true, true]);
  });

  it("replaces an exit order with the closing instructions, keeping SELL", async () => {
    const { stocks } = harness([stockRowJson(9, 1, { stockInstruction: "SELL" })]);
    await stocks.polling.poll();
    stocks.replaceSession(stocks.orderTable.sessions[0]!);
    expect(stocks.orderDialog.form.instructions).toEqual(["SELL", "BUY_TO_COVER"]);
    expect(stocks.orderDialog.form.instruction).toBe("SELL");
  });

  it("unticks the checked orders once they were deleted", async () => {
    const { stocks } = harness([stockRowJson(5, 1), stockRowJson(5, 2)], [], {
      "DELETE /api/stock_copy_trading/cancel_order/": () => textResponse(200, "success"),
    });
    await stocks.polling.poll();
    stocks.sessionDialog.view.open(5);
    stocks.sessionDialog.view.setSelected(stocks.sessionDialog.view.rows[0]!, true);
    stocks.sessionDialog.cancelSelected();
    expect(await stocks.cancelDialog.confirm()).toEqual({ ok: true, message: "Selected order deleted successful" });
    expect(stocks.sessionDialog.view.selectedRows).toEqual([]);
  });

  it("asks before deleting one order and sends the individual body", async () => {
    const { stocks, requests } = harness([stockRowJson(5, 1)], [], {
      "DELETE /api/stock_copy_trading/cancel_order_individual/": () => textResponse(200, "success"),
    });
    await stocks.polling.poll();
    stocks.sessionDialog.view.open(5);
    stocks.sessionDialog.cancelRow(stocks.sessionDialog.view.rows[0]!);
    expect(stocks.cancelDialog.question).toBe("Are you sure to delete this order BUY AAPL LIMIT 10 shares?");
    expect(await stocks.cancelDialog.confirm()).toEqual({ ok: true, message: "Selected order deleted successful" });
    expect(bodyOf(requests, "DELETE /api/stock_copy_trading/cancel_order_individual/")).toEqual({
      agentTradingSessionID: 5,
      accountId: 1,
      accountUsername: "user1",
      stockOrderId: 1051,
    });
  });

  it("deletes a session's open orders and keeps the dialog open on failure", async () => {
    const { stocks, requests } = harness([stockRowJson(5, 1), stockRowJson(5, 2, { stockStatus: "FILLED" })], [], {
      "DELETE /api/stock_copy_trading/cancel_order/": () => textResponse(502, "Bad Gateway"),
    });
    await stocks.polling.poll();
    stocks.cancelSession(stocks.orderTable.sessions[0]!);
    expect(stocks.cancelDialog.title).toBe("Stock Delete Order (Selected)");
    const outcome = await stocks.cancelDialog.confirm();
    expect(outcome.ok).toBe(false);
    expect(outcome.message.startsWith("Selected order deleted failed")).toBe(true);
    expect(stocks.cancelDialog.isOpen).toBe(true);
    expect(bodyOf(requests, "DELETE /api/stock_copy_trading/cancel_order/")).toEqual({
      agentTradingSessionID: 5,
      allTradingAccountsOrderList: [
        { accountId: 1, accountName: "Account 1", accountUsername: "user1", stockOrderId: 1051 },
      ],
    });
  });
});

describe("StockStore exits", () => {
  it("opens the exit only for selected positions of one quantity", async () => {
    const { stocks } = harness([], [stockPositionJson("AAPL", 1, 5), stockPositionJson("AAPL", 2, 4)]);
    await stocks.polling.poll();
    stocks.exitSelected();
    expect(stocks.warning.message).toBe("Please select at least one position!");
    stocks.warning.close();
    stocks.positionTable.setSelectionMode(true);
    stocks.positionTable.rows.forEach((position) => stocks.positionTable.setSelected(position, true));
    stocks.exitSelected();
    expect(stocks.warning.message).toBe("Quantity size of position selected are not same!");
    expect(stocks.orderDialog.isOpen).toBe(false);
  });

  it("exits checked short positions with BUY_TO_COVER at the average price, on a cent, and leaves the view", async () => {
    const { stocks, requests } = harness(
      [],
      [stockPositionJson("TSLA", 1, -4, 210.5012), stockPositionJson("TSLA", 2, -4, 210.5012)],
      { "POST /api/stock_copy_trading/exit_order/": () => textResponse(200, "success") },
    );
    await stocks.polling.poll();
    stocks.positionTable.view(stocks.positionTable.rows[0]!);
    stocks.viewedPositions.forEach((position) => stocks.positionTable.viewSelection.set(position, true));
    stocks.exitViewSelected();
    const dialog = stocks.orderDialog;
    expect(dialog.title).toBe("Stock Exit Order");
    expect(dialog.form.instructions).toEqual(["SELL", "BUY_TO_COVER"]);
    expect(await dialog.submit()).toEqual({ ok: true, message: "Exit order successful" });
    expect(bodyOf(requests, "POST /api/stock_copy_trading/exit_order/")).toEqual({
      allTradingAccountsOrderList: [
        { accountId: 1, accountName: "Account 1", accountUsername: "user1" },
        { accountId: 2, accountName: "Account 2", accountUsername: "user2" },
      ],
      stockSymbol: "TSLA",
      stockSession: "NORMAL",
      stockDuration: "DAY",
      stockInstruction: "BUY_TO_COVER",
      stockOrderType: "LIMIT",
      stockQuantity: 4,
      stockPrice: 210.5,
      stockStopPrice: 0,
      stockStopPriceLinkType: "VALUE",
      stockStopPriceOffset: 0.1,
      stockStopPriceLinkBasis: "BID",
    });
    expect(stocks.positionTable.viewedGroup).toBeNull();
  });

  it("Change Selected sends one closing order per position to exit_order_multiple", async () => {
    const { stocks, requests } = harness([], [stockPositionJson("AAPL", 1, 5, 100), stockPositionJson("MSFT", 2, 3, 300)], {
      "POST /api/stock_copy_trading/exit_order_multiple": () => textResponse(200, "success"),
    });
    await stocks.polling.poll();
    stocks.positionTable.setSelectionMode(true);
    stocks.positionTable.rows.forEach((position) => stocks.positionTable.setSelected(position, true));
    stocks.changeSelected();
    expect(await stocks.changeDialog.submit()).toEqual({ ok: true, message: "Exit order successful" });
    const body = bodyOf(requests, "POST /api/stock_copy_trading/exit_order_multiple") as { ordersToExit: unknown[] };
    expect(body.ordersToExit).toEqual([
      expect.objectContaining({ accountId: 1, stockSymbol: "AAPL", stockInstruction: "SELL", stockQuantity: 5, stockPrice: 100 }),
      expect.objectContaining({ accountId: 2, stockSymbol: "MSFT", stockInstruction: "SELL", stockQuantity: 3, stockPrice: 300 }),
    ]);
    expect(stocks.positionTable.selectionMode).toBe(false);
  });
});

describe("saved stock orders and the watch list", () => {
  const SAVED = { ...LIMIT_FIELDS, stockSymbol: "MSFT" };

  it("saves with the saved-order form (BUY and SELL) and removes with the spec's texts", async () => {
    const { stocks, requests } = harness([], [], {
      "POST /api/stock_save_order/add_stock_save_order/": () =>
        jsonResponse(200, { success: true, list: [SAVED, { ...SAVED, stockSymbol: "AAPL" }] }),
      "DELETE /api/stock_save_order/remove_stock_save_order/": () => textResponse(500, "boom"),
    });
    stocks.orderDialog.openSave();
    expect(stocks.orderDialog.form.instructions).toEqual(["BUY", "SELL"]);
    expect(await stocks.orderDialog.submit()).toEqual({
      ok: false,
      message: "Please ensure stock information is completed",
    });
    stocks.orderDialog.form.setSymbol("msft");
    stocks.orderDialog.form.setQuantity("10");
    stocks.orderDialog.form.setPrice("150");
    expect(await stocks.orderDialog.submit()).toEqual({ ok: true, message: "Save order successful" });
    expect(bodyOf(requests, "POST /api/stock_save_order/add_stock_save_order/")).toEqual(SAVED);
    expect(stocks.savedOrders.orders.map((order) => order.stockSymbol)).toEqual(["AAPL", "MSFT"]);
    const removed = await stocks.savedOrders.remove("AAPL");
    expect(removed.ok).toBe(false);
    expect(removed.message.startsWith("Remove stock save order failed")).toBe(true);
  });

  it("P on a saved order opens the place dialog prefilled", async () => {
    const { stocks } = harness([], [], {
      "GET /api/stock_save_order/get_stock_save_order_list": () =>
        jsonResponse(200, { success: true, list: [{ ...SAVED, stockSession: "SEAMLESS", stockDuration: "GOOD_TILL_CANCEL" }] }),
    });
    await stocks.savedOrders.load();
    stocks.placeSaved(stocks.savedOrders.orders[0]!);
    const form = stocks.orderDialog.form;
    expect(stocks.orderDialog.title).toBe("Stock Place Order all accounts");
    expect([form.symbol, form.choice, form.quantity, form.price]).toEqual(["MSFT", "GTC_EXT", "10", "150.00"]);
  });

  it("P on a saved SELL order leaves the instruction to choose and sends nothing until chosen", async () => {
    const { stocks, requests } = harness([], [], {
      "GET /api/stock_save_order/get_stock_save_order_list": () =>
        jsonResponse(200, { success: true, list: [{ ...SAVED, stockInstruction: "SELL" }] }),
    });
    await stocks.savedOrders.load();
    stocks.placeSaved(stocks.savedOrders.orders[0]!);
    const dialog = stocks.orderDialog;
    expect(dialog.form.instruction).toBe("");
    expect(await dialog.submit()).toEqual({
      ok: false,
      message: "Copy trading failed: Instruction must be one of BUY, SELL_SHORT",
    });
    expect(requests.some((request) => request.url.includes("place_order"))).toBe(false);
  });

  it("adds upper-cased with the bid, refuses empty and duplicate symbols without a request", async () => {
    const { stocks, requests } = harness([], [], {
      "POST /api/stock/add_stock/": () => jsonResponse(200, { success: true, list: ["AAPL"] }),
      "GET /api/stock_copy_trading/get_stock_quotes/": () =>
        jsonResponse(200, { symbol: "AAPL", bid: 189.5, ask: 189.6, last: 189.55, mark: 189.55 }),
      "DELETE /api/stock/remove_stock/": () => jsonResponse(200, { success: true, list: [] }),
    });
    const list = stocks.watchList;
    expect(await list.add()).toEqual({ ok: false, message: "Please ensure stock symbol is completed" });
    list.setInput("aapl");
    expect(list.input).toBe("AAPL");
    expect(await list.add()).toEqual({ ok: true, message: "Add stock successful" });
    expect(bodyOf(requests, "POST /api/stock/add_stock/")).toEqual({ stockSymbol: "AAPL" });
    expect(requests.find((r) => r.url.includes("get_stock_quotes"))?.url).toBe(
      "/api/stock_copy_trading/get_stock_quotes/?stockSymbol=AAPL",
    );
    expect(list.bids.get("AAPL")).toBe(189.5);
    list.setInput("aapl");
    const before = requests.length;
    expect(await list.add()).toEqual({ ok: false, message: "Stock is already existed" });
    expect(requests.length).toBe(before);
    expect(await list.remove("AAPL")).toEqual({ ok: true, message: "Remove stock successful" });
    expect(list.symbols).toEqual([]);
  });

  it("shows 'no quote' for a symbol without a bid, never 0, and no failure", async () => {
    const { stocks } = harness([], [], {
      "GET /api/stock/get_stock_list": () => jsonResponse(200, ["GDX"]),
      "GET /api/stock_copy_trading/get_stock_quotes/": () =>
        jsonResponse(200, { symbol: "GDX", bid: null, ask: 42.31, last: 42.3, mark: null }),
    });
    expect(await stocks.watchList.load()).toBeNull();
    // Null: the watch list shows "no quote" for it (StockWatchList).
    expect(stocks.watchList.bids.get("GDX")).toBeNull();
  });

  it("says 'Failed to get stock' with the reason when the quote fails", async () => {
    const { stocks } = harness([], [], {
      "GET /api/stock/get_stock_list": () => jsonResponse(200, ["AAPLX"]),
      "GET /api/stock_copy_trading/get_stock_quotes/": () =>
        jsonResponse(404, { error: "Stock AAPLX is not known to the brokerage", code: "unknown_symbol" }),
    });
    expect(await stocks.watchList.load()).toEqual({
      ok: false,
      message: "Failed to get stock: Stock AAPLX is not known to the brokerage",
    });
    expect(stocks.watchList.bids.get("AAPLX")).toBeNull();
  });
});

describe("StockStore quotes in the order dialog", () => {
  const QUOTE = "GET /api/stock_copy_trading/get_stock_quotes/";

  it("shows the symbol's quote while open and starts a new LIMIT order at the bid, never at a missing one", async () => {
    let bid: number | null = null;
    const { stocks, quoteScheduler, requests } = harness([], [], {
      [QUOTE]: () => jsonResponse(200, { symbol: "AAPL", bid, ask: 190.1, last: 190 }),
    });
    const dialog = stocks.orderDialog;
    dialog.openPlace();
    expect(quoteScheduler.live()).toHaveLength(0);
    dialog.form.setSymbol("aapl");
    quoteScheduler.fire();
    await vi.waitFor(() => expect(dialog.quotes.quoteOf("AAPL")).toBeDefined());
    expect(dialog.quotes.quoteOf("AAPL")).toEqual({ symbol: "AAPL", bid: null, ask: 190.1, last: 190, mark: null });
    expect(dialog.form.price).toBe("0");

    bid = 189.5;
    dialog.quotes.refresh();
    await vi.waitFor(() => expect(dialog.form.price).toBe("189.50"));
    dialog.form.setPrice("188");
    bid = 189.7;
    dialog.quotes.refresh();
    await vi.waitFor(() => expect(dialog.quotes.quoteOf("AAPL")?.bid).toBe(189.7));
    expect(dialog.form.price).toBe("188");

    dialog.close();
    expect(quoteScheduler.live()).toHaveLength(0);
    expect(requests.filter((request) => request.url.startsWith("/api/stock_copy_trading/get_stock_quotes/"))).toHaveLength(3);
  });

  it("never puts a bid into a price field that has the focus; the next bid after it is left untouched fills it", async () => {
    let bid: number | null = 189.5;
    const { stocks, quoteScheduler } = harness([], [], {
      [QUOTE]: () => jsonResponse(200, { symbol: "AAPL", bid, ask: 190.1, last: 190 }),
    });
    const dialog = stocks.orderDialog;
    dialog.openPlace();
    dialog.form.setSymbol("AAPL");
    dialog.form.setPriceFocused(true);
    quoteScheduler.fire();
    await vi.waitFor(() => expect(dialog.quotes.quoteOf("AAPL")?.bid).toBe(189.5));
    expect(dialog.form.price).toBe("0");

    // The agent leaves the field without typing: the next bid is the price.
    dialog.form.setPriceFocused(false);
    bid = 189.7;
    dialog.quotes.refresh();
    await vi.waitFor(() => expect(dialog.form.price).toBe("189.70"));

    // Back in the field: a new bid waits, and nothing typed counts as edited until a key is pressed.
    dialog.form.setPriceFocused(true);
    bid = 189.9;
    dialog.quotes.refresh();
    await vi.waitFor(() => expect(dialog.quotes.quoteOf("AAPL")?.bid).toBe(189.9));
    expect(dialog.form.price).toBe("189.70");
    expect(dialog.form.priceEdited).toBe(false);
    dialog.close();
  });
});
