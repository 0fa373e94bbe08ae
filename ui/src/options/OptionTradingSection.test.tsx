// Tests of the Option Trading screen: tables, colours, paging, selection mode, side lists and polling.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { textResponse } from "../shared/test/fakeTransport";
import { orderRowJson, positionJson, savedOrderJson } from "./test/optionFixtures";
import {
  bodyRows,
  cellTexts,
  headings,
  ordersTable,
  positionsTable,
  renderOptionScreen,
} from "./test/renderOptionScreen";
import { showOutcome } from "../shared/shell/toaster";
import { OPTION_ORDER_COLUMNS } from "./orders/OptionOrdersTable";

vi.mock("../shared/shell/toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

const PUT = { optionChainSymbol: "SPY   241018P00500000", optionChainDescription: "SPY 10/18/2024 500.00 P" };

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("OptionTradingSection orders table", () => {
  it("shows one row per session, newest first, with the visible columns only", async () => {
    renderOptionScreen({
      rows: [
        orderRowJson(11, 1, {
          optionChainStatus: "FILLED",
          optionChainFilledQuantity: 1,
          optionChainOwnStatusColor: "none",
          optionChainStatusColor: "green",
        }),
        orderRowJson(12, 2, {
          accountName: "Alpha",
          optionChainQuantity: 3,
          optionChainPrice: 2.5,
          successRate: 67,
          optionChainStatusColor: "purple",
          optionChainEnteredTime: "2025-01-02T03:04:05Z",
        }),
        orderRowJson(12, 3, { optionChainStatus: "FAILED_TO_PLACE", optionChainOrderId: null }),
      ],
    });

    await within(ordersTable()).findAllByRole("button", { name: "View session 12" });
    expect(headings(ordersTable())).toEqual([
      "View",
      "Change order",
      "Session",
      "Symbol description",
      "Success rate",
      "Accounts",
      "Total Filled / Qty",
      "Filled Qty",
      "Price",
      "Qty",
      "Side Pos Effect",
      "Status",
      "Order type",
      "Time",
      "",
      "Name",
    ]);
    for (const hidden of ["ID", "Account Id", "Symbol", "Option chain order Id"]) {
      expect(within(ordersTable()).queryByRole("columnheader", { name: hidden })).toBeNull();
    }
    const [newest, older] = bodyRows(ordersTable());
    if (newest === undefined || older === undefined) {
      throw new Error("expected two rows");
    }
    expect(cellTexts(newest).slice(2)).toEqual([
      "#12",
      "AAPL 10/18/2024 230.00 C",
      "67%",
      "2",
      "0 / 3",
      "0",
      "1.25–2.50",
      "1–3",
      "BUY_TO_OPEN",
      "1 WORKING1 FAILED_TO_PLACE",
      "LIMIT",
      "03:04:05",
      "1 not sent",
      "Alpha +1",
    ]);
    expect(within(newest).getByRole("img", { name: "Status colour purple" })).toHaveStyle({
      backgroundColor: "#9D3F9D",
    });
    expect(within(newest).getByText("1 WORKING")).toHaveStyle({ color: "#866103" });
    expect(within(newest).getByText("67%").closest(".bp6-tag")).toHaveClass("bp6-intent-warning");
    expect(within(newest).getByTitle("0 of 3 contracts filled on 2 accounts; 1 not sent")).toHaveTextContent("0 / 3");
    expect(cellTexts(older).slice(2, 7)).toEqual(["#11", "AAPL 10/18/2024 230.00 C", "100%", "1", "1 / 1"]);
    expect(within(older).getByText("100%").closest(".bp6-tag")).toHaveClass("bp6-intent-success");
    expect(cellTexts(older)[11]).toBe("FILLED");
    expect(within(older).getByText("FILLED")).not.toHaveAttribute("style");
    expect(within(older).getByRole("img", { name: "Status colour green" })).toBeInTheDocument();
    expect(within(older).getByRole("button", { name: "Replace session 11" })).toBeDisabled();
    expect(within(older).getByRole("button", { name: "Cancel session 11" })).toBeDisabled();
    expect(within(newest).getByRole("button", { name: "Replace session 12" })).toBeEnabled();
    expect(screen.getByText("Page 1 of 1")).toBeInTheDocument();
  });

  it("shows a session no account accepted with its success rate in red", async () => {
    renderOptionScreen({
      rows: [1, 2, 3].map((accountId) =>
        orderRowJson(7, accountId, {
          optionChainStatus: "FAILED_TO_PLACE",
          optionChainOrderId: null,
          optionChainOwnStatusColor: "none",
          optionChainStatusColor: "green",
          optionChainQuantity: accountId,
          successRate: 0,
        }),
      ),
    });

    await within(ordersTable()).findByRole("button", { name: "View session 7" });
    const [row] = bodyRows(ordersTable());
    if (row === undefined) {
      throw new Error("expected a row");
    }
    expect(cellTexts(row).slice(2, 7)).toEqual(["#7", "AAPL 10/18/2024 230.00 C", "0%", "3", "0 / 0"]);
    expect(within(row).getByText("0%").closest(".bp6-tag")).toHaveClass("bp6-intent-danger");
  });

  it("counts the accounts the brokerage rejected apart from those never sent the order beside the status dot", async () => {
    const rejected = { optionChainStatus: "REJECTED", optionChainStatusDescription: "Order rejected: no margin" };
    const notSent = { optionChainStatus: "FAILED_TO_PLACE", optionChainOrderId: null, optionChainStatusDescription: "x" };
    renderOptionScreen({
      rows: [
        orderRowJson(8, 1),
        orderRowJson(8, 2, rejected),
        orderRowJson(8, 3, rejected),
        orderRowJson(8, 4, notSent),
        orderRowJson(8, 5, notSent),
        orderRowJson(8, 6, notSent),
      ],
    });

    await within(ordersTable()).findByRole("button", { name: "View session 8" });
    const [row] = bodyRows(ordersTable());
    expect(row?.querySelector(".cd-rejected-count")?.textContent).toBe("2 rejected · 3 not sent");
  });

  it("disables C and R on a session whose live orders are all final, saying why", async () => {
    const filled = { optionChainStatus: "FILLED", optionChainFilledQuantity: 1, optionChainOwnStatusColor: "none" as const };
    renderOptionScreen({
      rows: [
        // Session 3 replaced session 2's orders, and they filled: nothing of session 2 is left to change.
        orderRowJson(2, 1, { optionChainStatus: "REPLACED", optionChainOwnStatusColor: "none" }),
        orderRowJson(2, 2, { optionChainStatus: "REPLACED", optionChainOwnStatusColor: "none" }),
        orderRowJson(3, 1, { ...filled, replacedSessionID: 2 }),
        orderRowJson(3, 2, { ...filled, replacedSessionID: 2 }),
        // Session 4 replaced session 1's orders, one of which still works.
        orderRowJson(1, 1, { optionChainStatus: "REPLACED", optionChainOwnStatusColor: "none" }),
        orderRowJson(4, 1, { replacedSessionID: 1 }),
      ],
    });

    await within(ordersTable()).findByRole("button", { name: "View session 4" });
    for (const id of [2, 3]) {
      for (const name of [`Replace session ${id}`, `Cancel session ${id}`]) {
        const button = within(ordersTable()).getByRole("button", { name });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute("title", "All orders of this session are final");
      }
    }
    for (const id of [1, 4]) {
      for (const name of [`Replace session ${id}`, `Cancel session ${id}`]) {
        const button = within(ordersTable()).getByRole("button", { name });
        expect(button).toBeEnabled();
        expect(button).toHaveAttribute("title", name);
      }
    }
  });

  it("shows a dash, not 0.00, as the price of MARKET orders that did not fill, and groups thousands", async () => {
    renderOptionScreen({
      rows: [
        ...[1, 2].map((accountId) =>
          orderRowJson(8, accountId, {
            optionChainOrderType: "MARKET",
            optionChainStatus: "REJECTED",
            optionChainPrice: 0,
            optionChainQuantity: accountId * 5000,
            successRate: 0,
          }),
        ),
        orderRowJson(9, 1, { optionChainOrderType: "MARKET", optionChainStatus: "FILLED", optionChainPrice: 3.14 }),
      ],
    });

    await within(ordersTable()).findByRole("button", { name: "View session 8" });
    const [filled, rejected] = bodyRows(ordersTable());
    if (filled === undefined || rejected === undefined) {
      throw new Error("expected two rows");
    }
    const price = OPTION_ORDER_COLUMNS.indexOf("Price");
    expect(cellTexts(filled)[price]).toBe("3.14");
    expect(cellTexts(rejected)[price]).toBe("—");
    expect(cellTexts(rejected)[OPTION_ORDER_COLUMNS.indexOf("Qty")]).toBe("5,000–10,000");
    expect(cellTexts(rejected)[OPTION_ORDER_COLUMNS.indexOf("Total Filled / Qty")]).toBe("0 / 15,000");
  });

  it("pages ten sessions at a time", async () => {
    const user = userEvent.setup({ delay: null });
    renderOptionScreen({ rows: Array.from({ length: 12 }, (_, index) => orderRowJson(index + 1, 1)) });
    await within(ordersTable()).findByRole("button", { name: "View session 12" });
    const pager = screen.getByRole("group", { name: "Option order pages" });

    expect(bodyRows(ordersTable())).toHaveLength(10);
    expect(within(pager).getByText("Page 1 of 2")).toBeInTheDocument();
    await user.click(within(pager).getByRole("button", { name: "Next" }));

    expect(within(pager).getByText("Page 2 of 2")).toBeInTheDocument();
    expect(bodyRows(ordersTable()).map((row) => row.dataset.sessionId)).toEqual(["2", "1"]);
  });

  it("says so when there are no orders", async () => {
    renderOptionScreen();

    expect(await within(ordersTable()).findByText("No option orders")).toBeInTheDocument();
    expect(await within(positionsTable()).findByText("No option positions")).toBeInTheDocument();
  });
});

describe("OptionTradingSection positions table", () => {
  it("shows each account's holding with the quantity coloured by side", async () => {
    renderOptionScreen({
      positions: [
        positionJson(1),
        positionJson(2, { ...PUT, optionChainSettledQuantity: -3, optionChainAveragePrice: 0.4 }),
      ],
    });

    await within(positionsTable()).findByText("SPY 10/18/2024 500.00 P");
    expect(headings(positionsTable())).toEqual([
      "View",
      "S",
      "Symbol description",
      "Settled Qty",
      "Average Price",
      "Account Id",
      "Name",
    ]);
    const [long, short] = bodyRows(positionsTable());
    if (long === undefined || short === undefined) {
      throw new Error("expected two rows");
    }
    expect(cellTexts(long).slice(2)).toEqual(["AAPL 10/18/2024 230.00 C", "2", "1.25", "1", "Account 1"]);
    expect(cellTexts(short).slice(2)).toEqual(["SPY 10/18/2024 500.00 P", "-3", "0.40", "2", "Account 2"]);
    expect(within(long).getByText("2", { selector: "span" })).toHaveStyle({ color: "#1C6E42" });
    expect(within(short).getByText("-3")).toHaveStyle({ color: "#AC2F33" });
  });

  it("V shows every account's holding of the option", async () => {
    const user = userEvent.setup({ delay: null });
    renderOptionScreen({ positions: [positionJson(1), positionJson(2, { optionChainSettledQuantity: 4 })] });
    const [first] = await within(positionsTable()).findAllByRole("button", { name: "View AAPL 10/18/2024 230.00 C" });
    if (first === undefined) {
      throw new Error("no V button");
    }

    await user.click(first);

    const dialog = await screen.findByRole("dialog", { name: "AAPL 10/18/2024 230.00 C" });
    expect(bodyRows(within(dialog).getByRole("table")).map(cellTexts)).toEqual([
      ["1", "Account 1", "user1", "2", "1.25"],
      ["2", "Account 2", "user2", "4", "1.25"],
    ]);
  });

  it("selection mode adds the Select column and Change Selected; leaving it clears the selection", async () => {
    const user = userEvent.setup({ delay: null });
    renderOptionScreen({ positions: [positionJson(1)] });
    await within(positionsTable()).findByText("AAPL 10/18/2024 230.00 C");
    expect(screen.queryByRole("button", { name: "Change Selected" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Select Active Positions" }));

    expect(headings(positionsTable())[0]).toBe("Select");
    const check = screen.getByRole("checkbox", { name: "Select AAPL 10/18/2024 230.00 C of Account 1" });
    await user.click(check);
    expect(check).toBeChecked();
    expect(screen.getByRole("button", { name: "Change Selected" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Cancel Selection" }));
    expect(screen.queryByRole("button", { name: "Change Selected" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Select Active Positions" }));
    expect(screen.getByRole("checkbox", { name: "Select AAPL 10/18/2024 230.00 C of Account 1" })).not.toBeChecked();
  });

  it("Change Selected and exit with nothing selected show the warning with CANCEL", async () => {
    const user = userEvent.setup({ delay: null });
    renderOptionScreen({ positions: [positionJson(1)] });
    await within(positionsTable()).findByText("AAPL 10/18/2024 230.00 C");
    await user.click(screen.getByRole("button", { name: "Select Active Positions" }));

    await user.click(screen.getByRole("button", { name: "Change Selected" }));
    const warning = await screen.findByRole("dialog", { name: "Warning" });
    expect(warning).toHaveTextContent("Please select at least one position.");
    await user.click(within(warning).getByRole("button", { name: "CANCEL" }));
    await waitFor(() => expect(screen.queryByText("Please select at least one position.")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Exit selected positions" }));
    expect(await screen.findByText("Please select at least one position!")).toBeInTheDocument();
  });
});

describe("OptionTradingSection side lists", () => {

  it("lists saved calls and puts side by side, sorted by symbol", async () => {
    renderOptionScreen({
      saved: [
        savedOrderJson("TSLA  241018C00250000", "TSLA 10/18/2024 250.00 C"),
        savedOrderJson("SPY   241018P00500000", "SPY 10/18/2024 500.00 P"),
        savedOrderJson("AAPL  241018C00230000", "AAPL 10/18/2024 230.00 C"),
      ],
    });
    const calls = screen.getByRole("region", { name: "Saved CALL orders" });
    const puts = screen.getByRole("region", { name: "Saved PUT orders" });

    await within(calls).findByText("AAPL 10/18/2024 230.00 C");
    expect(
      within(calls)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["PAAPL 10/18/2024 230.00 C", "PTSLA 10/18/2024 250.00 C"]);
    expect(
      within(puts)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["PSPY 10/18/2024 500.00 P"]);
    expect(within(puts).getByRole("button", { name: "Delete saved order SPY 10/18/2024 500.00 P" })).toBeEnabled();
    // A description cut to the list's width reads whole on hover.
    expect(within(calls).getByText("TSLA 10/18/2024 250.00 C")).toHaveAttribute("title", "TSLA 10/18/2024 250.00 C");
    expect(within(puts).getByText("SPY 10/18/2024 500.00 P")).toHaveAttribute("title", "SPY 10/18/2024 500.00 P");
  });

  it("P on a saved order opens the place dialog filled with it", async () => {
    const user = userEvent.setup({ delay: null });
    renderOptionScreen({ saved: [savedOrderJson("SPY   241018P00500000", "SPY 10/18/2024 500.00 P")] });

    await user.click(await screen.findByRole("button", { name: "Place SPY 10/18/2024 500.00 P" }));

    const dialog = await screen.findByRole("dialog", { name: "Option Place Order On All Active Accounts" });
    expect(within(dialog).getByLabelText("Stock Pair")).toHaveValue("SPY");
    expect(within(dialog).getByLabelText("Description")).toHaveValue("SPY 10/18/2024 500.00 P");
    expect(within(dialog).getByLabelText("Price")).toHaveValue("1.50");
  });

  it("P on a session opens the place dialog with its contract picked: CALL, expiry and strike", async () => {
    const user = userEvent.setup({ delay: null });
    renderOptionScreen({ rows: [orderRowJson(3, 1, { optionChainPrice: 1.4 })] });

    await user.click(await within(ordersTable()).findByRole("button", { name: "Place session 3 again" }));

    const dialog = await screen.findByRole("dialog", { name: "Option Place Order On All Active Accounts" });
    await waitFor(() => expect(within(dialog).getByLabelText("Option Chain")).toHaveValue("2024-10-18:4"));
    expect(within(dialog).getByRole("checkbox", { name: "CALL" })).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "PUT" })).not.toBeChecked();
    expect(within(dialog).getByLabelText("Strike Price")).toHaveValue("230.0");
    expect(within(dialog).getByLabelText("Description")).toHaveValue("AAPL 10/18/2024 230.00 C");
    expect(within(dialog).getByLabelText("Price")).toHaveValue("1.40");
    expect(showOutcome).not.toHaveBeenCalled();
  });

  it("adds a favourite upper-cased and warns about a duplicate", async () => {
    const user = userEvent.setup({ delay: null });
    const { server, fake } = renderOptionScreen({ tickers: ["AAPL"] });
    server.on(
      "POST /api/option_contract/add_option_contract/",
      () =>
        new Response(JSON.stringify({ success: true, list: ["AAPL", "TSLA"] }), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        }),
    );
    const panel = screen.getByRole("region", { name: "Favourite tickers" });
    await within(panel).findByText("AAPL");
    const input = within(panel).getByRole("textbox", { name: "Ticker symbol" });

    await user.click(within(panel).getByRole("button", { name: "Add" }));
    expect(showOutcome).toHaveBeenLastCalledWith({ ok: false, message: "Please enter a ticker symbol to add." });
    await user.type(input, "aapl");
    expect(input).toHaveValue("AAPL");
    await user.click(within(panel).getByRole("button", { name: "Add" }));
    expect(showOutcome).toHaveBeenLastCalledWith({ ok: false, message: "This ticker is already in your favorites." });

    await user.clear(input);
    await user.type(input, "tsla{Enter}");

    expect(await within(panel).findByText("TSLA")).toBeInTheDocument();
    expect(input).toHaveValue("");
    expect(fake.requests.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
      '{"optionChainSymbol":"TSLA"}',
    ]);
    expect(showOutcome).toHaveBeenCalledTimes(2);
  });

  it("removes a favourite and says 'Failed to remove favorite.' when that fails", async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = renderOptionScreen({ tickers: ["AAPL"] });
    server.on("DELETE /api/option_contract/remove_option_contract/", () => textResponse(500, "boom"));

    await user.click(await screen.findByRole("button", { name: "Remove AAPL" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({ ok: false, message: "Failed to remove favorite. boom" }),
    );
  });
});

describe("OptionTradingSection polling and toolbar", () => {
  it("polls every 500 ms while shown and stops when unmounted", async () => {
    const { fake, scheduler, unmount, state } = renderOptionScreen();
    const polls = () => fake.requests.filter((r) => r.url.includes("/database/COMMON"));

    await waitFor(() => expect(scheduler.live()).toHaveLength(1));
    expect(scheduler.live()[0]?.delayMs).toBe(500);
    expect(polls()).toHaveLength(2);

    state.rows = [orderRowJson(1, 1)];
    act(() => scheduler.fire());
    expect(await within(ordersTable()).findByRole("button", { name: "View session 1" })).toBeInTheDocument();
    await waitFor(() => expect(scheduler.live()).toHaveLength(1));

    unmount();
    expect(scheduler.live()).toHaveLength(0);
    expect(polls()).toHaveLength(4);
  });

  it("REFRESH asks for the trade status, then reloads", async () => {
    const user = userEvent.setup({ delay: null });
    const { fake, server, scheduler } = renderOptionScreen();
    server.on("GET /api/copy_trading_account/fetch_trade_status/COMMON", () => textResponse(200, "{}"));
    await waitFor(() => expect(scheduler.live()).toHaveLength(1));
    const before = fake.requests.length;

    await user.click(screen.getByRole("button", { name: "REFRESH" }));

    await waitFor(() =>
      expect(fake.requests.slice(before).map((r) => r.url)).toEqual([
        "/api/copy_trading_account/fetch_trade_status/COMMON",
        "/api/copy_trading_account/database/COMMON?since=0",
        "/api/copy_trading_position_account/database/COMMON?since=0",
      ]),
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "REFRESH" })).toBeEnabled());
  });

  it("BUY/SELL opens an empty place dialog", async () => {
    const user = userEvent.setup({ delay: null });
    renderOptionScreen();

    await user.click(screen.getByRole("button", { name: "BUY/SELL" }));

    const dialog = await screen.findByRole("dialog", { name: "Option Place Order On All Active Accounts" });
    expect(within(dialog).getByLabelText("Stock Pair")).toHaveValue("");
  });
});
