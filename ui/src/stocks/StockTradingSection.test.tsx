// Tests of the Stock Trading screen: the tables' columns, the order form's fields and marks, and the place flow.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, textResponse } from "../shared/test/fakeTransport";
import { renderApp } from "../shared/test/renderApp";
import { routeResponder } from "../shared/test/routeResponder";
import { showOutcome, showSuccess } from "../shared/shell/toaster";
import { OPEN_STATUS_COLOR } from "../shared/tables/OrderStatusText";
import { StockTradingSection } from "./StockTradingSection";
import {
  stockOrdersAnswer,
  stockPositionJson,
  stockPositionsAnswer,
  stockRowJson,
  TIER_ROUTES,
  type StockRowJson,
} from "./test/stockFixtures";

vi.mock("../shared/shell/toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn() }));

function renderStocks(routes: Parameters<typeof routeResponder>[0] = {}) {
  const rows = [stockRowJson(8, 1, { replacedSessionID: 6 }), stockRowJson(8, 2), stockRowJson(6, 1)];
  const server = routeResponder({
    "GET /api/stock_copy_trading/database": () => jsonResponse(200, stockOrdersAnswer(rows)),
    "GET /api/stock_copy_trading_position/database": () =>
      jsonResponse(200, stockPositionsAnswer([stockPositionJson("AAPL", 1, 10), stockPositionJson("AAPL", 2, -2)])),
    "GET /api/stock_save_order/get_stock_save_order_list": () => jsonResponse(200, { success: true, list: [] }),
    "GET /api/stock/get_stock_list": () => jsonResponse(200, []),
    ...TIER_ROUTES,
    ...routes,
  });
  const rendered = renderApp(<StockTradingSection />, "/trading/stockCopyTrading", server.responder);
  return { ...rendered, server, rows };
}

/** A place answered `success` whose session (9) the next table answer shows, accepted. */
function placedAsSession9(rows: StockRowJson[]) {
  return () => {
    rows.push(stockRowJson(9, 1, { stockStatus: "ACCEPTED" }));
    return textResponse(200, "success");
  };
}

function headings(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole("columnheader")
    .map((cell) => cell.textContent ?? "");
}

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.mocked(showSuccess).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("StockTradingSection", () => {
  it("shows the sessions newest first with the visible columns and the replaced session", async () => {
    renderStocks();
    const table = screen.getByRole("table", { name: "Stock orders" });
    await within(table).findByRole("button", { name: "View session 8" });
    expect(headings(table)).toEqual([
      "View",
      "Change order",
      "Symbol",
      "Session",
      "Duration",
      "Copy session",
      "Success rate",
      "Accounts",
      "Total Filled / Qty",
      "Filled Qty",
      "Price",
      "Stop",
      "Qty",
      "Side Pos Effect",
      "Status",
      "Order type",
      "Time",
      "",
      "Name",
    ]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.getAttribute("data-session-id"))).toEqual(["8", "6"]);
    expect(rows[0]?.textContent).toContain("replaces #6");
  });

  it("V lists the session's orders, an open order's whole row in yellow and a final one in the table's colours", async () => {
    const user = userEvent.setup({ delay: null });
    renderStocks({
      "GET /api/stock_copy_trading/database": () =>
        jsonResponse(
          200,
          stockOrdersAnswer([
            stockRowJson(8, 1),
            stockRowJson(8, 2, { stockStatus: "FILLED", stockFilledQuantity: 1, stockOwnStatusColor: "none" }),
          ]),
        ),
    });
    const table = screen.getByRole("table", { name: "Stock orders" });
    await user.click(await within(table).findByRole("button", { name: "View session 8" }));
    const dialog = await screen.findByRole("dialog", { name: "Stock Orders of Session 8" });
    const [working, filled] = within(within(dialog).getByRole("table", { name: "Orders of the session" }))
      .getAllByRole("row")
      .slice(1);
    if (working === undefined || filled === undefined) throw new Error("expected two rows");
    expect(working).toHaveClass("cd-open-row");
    expect(working).toHaveStyle({ color: OPEN_STATUS_COLOR });
    expect(filled).not.toHaveClass("cd-open-row");
    expect(filled).not.toHaveAttribute("style");
  });

  it("R on a session names the accounts it leaves out and why before sending", async () => {
    const user = userEvent.setup({ delay: null });
    const { fake } = renderStocks({
      "GET /api/stock_copy_trading/database": () =>
        jsonResponse(
          200,
          stockOrdersAnswer([
            stockRowJson(8, 1),
            stockRowJson(8, 2, { accountName: "Big C", stockStatus: "FILLED", stockFilledQuantity: 10 }),
            stockRowJson(8, 3, { accountName: "Small B", stockOrderId: null }),
          ]),
        ),
    });
    const table = screen.getByRole("table", { name: "Stock orders" });
    await user.click(await within(table).findByRole("button", { name: "Replace session 8" }));
    const dialog = await screen.findByRole("dialog", { name: "Stock Replace Order (Selected)" });
    expect(dialog).toHaveTextContent("Accounts: Account 1");
    expect(within(dialog).getByRole("note", { name: "Not replaced" })).toHaveTextContent(
      /^Not replaced: Big C \(FILLED\), Small B \(no order id yet\)$/,
    );
    expect(fake.requests.filter((r) => r.method === "PUT")).toEqual([]);
  });

  it("shows the positions with View and Change position", async () => {
    renderStocks();
    const table = screen.getByRole("table", { name: "Stock positions" });
    await within(table).findAllByRole("button", { name: "View AAPL" });
    expect(headings(table)).toEqual([
      "View",
      "Change position",
      "Symbol",
      "Settled Qty",
      "Average price",
      "Account Id",
      "Name",
    ]);
  });

  it("shows the fields each order type asks for and marks a bad price without sending", async () => {
    const user = userEvent.setup();
    const { fake } = renderStocks();
    await user.click(screen.getByRole("button", { name: "BUY/SELL" }));
    const dialog = await screen.findByRole("dialog", { name: "Stock Place Order all accounts" });
    const type = within(dialog).getByLabelText("Order Type");
    expect(within(dialog).getByLabelText("Price")).toBeTruthy();
    await user.selectOptions(type, "STOP_LIMIT");
    expect(within(dialog).getByLabelText("Activation Price")).toBeTruthy();
    await user.selectOptions(type, "TRAILING_STOP");
    expect(within(dialog).queryByLabelText("Price")).toBeNull();
    expect(within(dialog).getByLabelText("Stop Price Link Type")).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText("Stop Price Link Type"), "PERCENT");
    expect((within(dialog).getByLabelText("Stop Price Offset") as HTMLInputElement).value).toBe("1");
    await user.selectOptions(type, "LIMIT");
    await user.type(within(dialog).getByLabelText("Symbol"), "aapl");
    await user.click(within(dialog).getByRole("button", { name: "Place order" }));
    expect(await within(dialog).findByText("Price must be greater than 0")).toBeTruthy();
    expect(fake.requests.some((request) => request.url.includes("place_order"))).toBe(false);
  });

  it("tells the form while the Price field has the focus, so a bid read meanwhile never lands under the typing", async () => {
    const user = userEvent.setup();
    const { store } = renderStocks();
    await user.click(screen.getByRole("button", { name: "BUY/SELL" }));
    const dialog = await screen.findByRole("dialog", { name: "Stock Place Order all accounts" });
    const form = store.stocks.orderDialog.form;
    await user.click(within(dialog).getByLabelText("Price"));
    expect(form.priceFocused).toBe(true);
    act(() => form.presetPrice("229.61"));
    expect(form.price).toBe("0");
    expect((within(dialog).getByLabelText("Price") as HTMLInputElement).value).toBe("0");
    await user.click(within(dialog).getByLabelText("Quantity"));
    expect(form.priceFocused).toBe(false);
    act(() => form.presetPrice("229.61"));
    expect((within(dialog).getByLabelText("Price") as HTMLInputElement).value).toBe("229.61");
  });

  it("offers only the order types the session allows and the trailing stop's basis", async () => {
    const user = userEvent.setup();
    const { fake, server, rows } = renderStocks();
    server.on("POST /api/stock_copy_trading/place_order/", placedAsSession9(rows));
    await user.click(screen.getByRole("button", { name: "BUY/SELL" }));
    const dialog = await screen.findByRole("dialog", { name: "Stock Place Order all accounts" });
    const options = (label: string) =>
      within(within(dialog).getByLabelText(label))
        .getAllByRole("option")
        .map((option) => option.textContent);
    expect(options("Order Type")).toEqual(["MARKET", "LIMIT", "STOP", "STOP_LIMIT", "TRAILING_STOP"]);
    await user.selectOptions(within(dialog).getByLabelText("Order Type"), "TRAILING_STOP");
    expect(options("Stop Price Link Basis")).toEqual(["Bid", "Ask", "Last", "Mark"]);
    expect((within(dialog).getByLabelText("Stop Price Link Basis") as HTMLSelectElement).value).toBe("BID");
    await user.selectOptions(within(dialog).getByLabelText("Stop Price Link Basis"), "LAST");

    // Extended hours take only LIMIT orders: the trailing stop becomes a LIMIT, its basis goes away.
    await user.selectOptions(within(dialog).getByLabelText("Session"), "EXT");
    expect(options("Order Type")).toEqual(["LIMIT"]);
    expect((within(dialog).getByLabelText("Order Type") as HTMLSelectElement).value).toBe("LIMIT");
    expect(within(dialog).queryByLabelText("Stop Price Link Basis")).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText("Session"), "GTC");
    expect(options("Order Type")).toEqual(["MARKET", "LIMIT", "STOP", "STOP_LIMIT", "TRAILING_STOP"]);

    await user.selectOptions(within(dialog).getByLabelText("Order Type"), "TRAILING_STOP");
    await user.selectOptions(within(dialog).getByLabelText("Stop Price Link Basis"), "MARK");
    await user.type(within(dialog).getByLabelText("Symbol"), "spy");
    await user.click(within(dialog).getByRole("button", { name: "Place order" }));
    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledWith({ ok: true, message: "Copy trading successful" }, expect.any(String)),
    );
    const place = fake.requests.find((request) => request.url.includes("place_order"));
    expect(JSON.parse(place?.body ?? "{}")).toMatchObject({
      stockSymbol: "SPY",
      stockSession: "NORMAL",
      stockDuration: "GOOD_TILL_CANCEL",
      stockOrderType: "TRAILING_STOP",
      stockStopPriceLinkBasis: "MARK",
    });
  });

  it("places a LIMIT order and toasts 'Copy trading successful'", async () => {
    const user = userEvent.setup();
    const { fake, server, rows, previewScheduler } = renderStocks();
    server.on("POST /api/stock_copy_trading/place_order/", placedAsSession9(rows));
    server.on("POST /api/plan_preview/STOCK/place_order", () =>
      jsonResponse(200, {
        splitTotal: null,
        accounts: [
          { accountId: 1, accountName: "Atlas", sizing: "FIXED", sizedQuantity: 5, plannedQuantity: 5, outcome: "SEND", guard: null, reason: null, balances: null },
          { accountId: 2, accountName: "Birch", sizing: "TIER", sizedQuantity: 1, plannedQuantity: 0, outcome: "REFUSE", guard: "DENY_SYMBOLS", reason: "denied symbol: AAPL", balances: null },
        ],
      }),
    );
    await user.click(screen.getByRole("button", { name: "BUY/SELL" }));
    const dialog = await screen.findByRole("dialog", { name: "Stock Place Order all accounts" });
    await user.type(within(dialog).getByLabelText("Symbol"), "aapl");
    await user.clear(within(dialog).getByLabelText("Price"));
    await user.type(within(dialog).getByLabelText("Price"), "150");
    // Typing restarts the wait: one timer is left, and the plan is asked once, with the body as placing sends it.
    expect(previewScheduler.live()).toHaveLength(1);
    previewScheduler.fire();
    await waitFor(() =>
      expect(within(dialog).getByTestId("plan-preview")).toHaveTextContent(
        "Total 5 shares on 1 account; 1 refusedAtlas 5Birch refused: on the deny list",
      ),
    );
    const planned = fake.requests.filter((request) => request.url.includes("plan_preview"));
    expect(planned).toHaveLength(1);
    expect(JSON.parse(planned[0]?.body ?? "{}")).toMatchObject({
      allTradingAccountsOrderList: [],
      stockSymbol: "AAPL",
      stockPrice: 150,
      stockQuantity: 1,
    });
    await user.click(within(dialog).getByRole("button", { name: "Place order" }));
    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledWith({ ok: true, message: "Copy trading successful" }, expect.any(String)),
    );
    const place = fake.requests.find((request) => request.url.includes("stock_copy_trading/place_order"));
    expect(JSON.parse(place?.body ?? "{}")).toMatchObject({ stockSymbol: "AAPL", stockPrice: 150, stockQuantity: 1 });
  });
});
