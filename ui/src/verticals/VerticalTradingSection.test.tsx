// Tests of the Vertical Trading screen in the browser DOM: the tables, the legs view, the leg dialogs and the entry.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { showOutcome, showSuccess } from "../shared/shell/toaster";
import { jsonResponse, textResponse } from "../shared/test/fakeTransport";
import { OPEN_STATUS_COLOR } from "../shared/tables/OrderStatusText";
import { renderVerticalScreen } from "./test/renderVerticalScreen";
import { HIGH_CALL, LOW_CALL, verticalRowsJson } from "./test/verticalFixtures";
import { savedOrderJson } from "../options/test/optionFixtures";

vi.mock("../shared/shell/toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn() }));

function ordersTable(): HTMLElement {
  return screen.getByRole("table", { name: "Vertical orders" });
}

function bodyRows(table: HTMLElement): HTMLElement[] {
  return within(table).getAllByRole("row").slice(1);
}

function cellTexts(row: HTMLElement): (string | null)[] {
  return within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
}

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.mocked(showSuccess).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("VerticalTradingSection tables", () => {
  it("shows one row per session, newest first, represented by its first account's order with both legs", async () => {
    renderVerticalScreen({
      rows: [
        ...verticalRowsJson(7, 1, { optionChainStatus: "REPLACED", optionChainOwnStatusColor: "none" }),
        ...verticalRowsJson(9, 1, { replacedSessionID: 7, optionChainQuantity: 1 }),
        ...verticalRowsJson(9, 3, { replacedSessionID: 7, optionChainQuantity: 3 }),
      ],
    });
    await waitFor(() => expect(bodyRows(ordersTable())).toHaveLength(2));
    const [newest, older] = bodyRows(ordersTable());
    if (newest === undefined || older === undefined) throw new Error("rows missing");
    expect(cellTexts(newest).slice(2, 14)).toEqual([
      "#9replaces #7",
      `${LOW_CALL.description}${HIGH_CALL.description}`,
      "100%",
      "2",
      "0 / 4",
      "0",
      "0.65",
      "1–3",
      "BUY_TO_OPENSELL_TO_OPEN",
      "WORKING",
      "NET_DEBIT",
      "03:04:00",
    ]);
    // An order of today shows its time alone; the whole date and time is the cell's title.
    expect(within(newest).getByTitle("2025-01-02 03:04:00")).toHaveTextContent(/^03:04:00$/);
    expect(cellTexts(older)[2]).toBe("#7");
  });

  it("V lists every leg; a CANCELED leg's C is disabled, says (Already Canceled) and is struck through; R only for open legs", async () => {
    const user = userEvent.setup({ delay: null });
    renderVerticalScreen({
      rows: [
        ...verticalRowsJson(9, 1),
        ...verticalRowsJson(9, 2, { optionChainStatus: "CANCELED", optionChainOwnStatusColor: "none" }),
      ],
    });
    await user.click(await within(await screen.findByRole("table", { name: "Vertical orders" })).findByRole("button", { name: "View session 9" }));
    const dialog = await screen.findByRole("dialog", { name: "Legs of Session 9" });
    const rows = bodyRows(within(dialog).getByRole("table", { name: "Legs of the session" }));
    expect(rows).toHaveLength(4);
    const canceled = rows[2];
    if (canceled === undefined) throw new Error("row missing");
    // An open leg's whole row is yellow; a final one keeps the table's colours.
    expect(rows[0]).toHaveClass("cd-open-row");
    expect(rows[0]).toHaveStyle({ color: OPEN_STATUS_COLOR });
    expect(canceled).not.toHaveClass("cd-open-row");
    expect(canceled).not.toHaveAttribute("style");
    expect(canceled).toHaveClass("cd-canceled-row");
    expect(canceled).toHaveTextContent("(Already Canceled)");
    expect(within(canceled).getByRole("button", { name: `${LOW_CALL.description} of Account 2 (Already Canceled)` })).toBeDisabled();
    expect(within(canceled).queryByRole("button", { name: /^Replace/ })).toBeNull();
    expect(within(rows[0] as HTMLElement).getByRole("button", { name: `Replace ${LOW_CALL.description} of Account 1` })).toBeEnabled();
  });
});

describe("VerticalTradingSection leg dialogs", () => {
  it("C cancels the session's open orders: 'Selected legs canceled successfully'", async () => {
    const user = userEvent.setup({ delay: null });
    const { fake } = renderVerticalScreen(
      { rows: [...verticalRowsJson(9, 1), ...verticalRowsJson(9, 2, { optionChainStatus: "CANCELED" })] },
      { "DELETE /api/copy_trading_account/cancel_order/VERTICAL": () => textResponse(200, "success") },
    );
    await user.click(await within(await screen.findByRole("table", { name: "Vertical orders" })).findByRole("button", { name: "Cancel session 9" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel Vertical Order Legs" });
    expect(within(dialog).getByRole("checkbox", { name: `Select ${HIGH_CALL.description} of Account 2` })).toBeDisabled();
    const leg = within(dialog).getByRole("checkbox", { name: `Select ${LOW_CALL.description} of Account 1` });
    expect(leg).not.toBeChecked();
    await user.click(leg);
    await user.click(within(dialog).getByRole("button", { name: "Cancel selected legs" }));
    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({ ok: true, message: "Selected legs canceled successfully" }),
    );
    expect(fake.requests.filter((r) => r.method === "DELETE").map((r) => JSON.parse(r.body ?? "null"))).toEqual([
      {
        agentTradingSessionID: 9,
        allTradingAccountsOrderList: [
          { accountId: 1, accountName: "Account 1", accountUsername: "user1", optionChainOrderId: 901 },
        ],
      },
    ]);
  });

  it("opens with no leg ticked: cancelling at once warns 'Please select at least one leg to cancel.'", async () => {
    const user = userEvent.setup({ delay: null });
    const { fake } = renderVerticalScreen({ rows: verticalRowsJson(9, 1) });
    await user.click(await within(await screen.findByRole("table", { name: "Vertical orders" })).findByRole("button", { name: "Cancel session 9" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel Vertical Order Legs" });
    expect(within(dialog).getByRole("checkbox", { name: `Select ${LOW_CALL.description} of Account 1` })).not.toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Cancel selected legs" }));
    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({ ok: false, message: "Please select at least one leg to cancel." }),
    );
    expect(fake.requests.filter((r) => r.method === "DELETE")).toEqual([]);
  });
});

describe("VerticalTradingSection Replace Individual Order Legs", () => {
  it("offers every instruction in a select kept wide enough for the longest", async () => {
    const user = userEvent.setup({ delay: null });
    renderVerticalScreen({ rows: verticalRowsJson(9, 1) });
    await user.click(
      await within(await screen.findByRole("table", { name: "Vertical orders" })).findByRole("button", {
        name: "Replace session 9",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Replace Individual Order Legs" });
    const instruction = within(dialog).getByRole("combobox", {
      name: `Instruction for ${HIGH_CALL.description} of Account 1`,
    });
    expect(within(instruction).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "BUY_TO_OPEN",
      "SELL_TO_OPEN",
      "SELL_TO_CLOSE",
      "BUY_TO_CLOSE",
    ]);
    expect(instruction).toHaveValue("SELL_TO_OPEN");
    expect(instruction.closest(".bp6-html-select")).toHaveClass("cd-instruction-select");
    const orderType = within(dialog).getByRole("combobox", {
      name: `Order Type for ${HIGH_CALL.description} of Account 1`,
    });
    expect(orderType.closest(".bp6-html-select")).toHaveClass("cd-order-type-select");
  });
});

describe("VerticalTradingSection Replace Individual Order Legs, accounts left out", () => {
  it("names the accounts whose legs it leaves out and why, and offers only the replaceable legs", async () => {
    const user = userEvent.setup({ delay: null });
    renderVerticalScreen({
      rows: [
        ...verticalRowsJson(9, 1),
        ...verticalRowsJson(9, 2, { accountName: "Big C", optionChainStatus: "FILLED" }),
        ...verticalRowsJson(9, 3, { accountName: "Small B", optionChainOrderId: null }),
      ],
    });
    await user.click(
      await within(await screen.findByRole("table", { name: "Vertical orders" })).findByRole("button", {
        name: "Replace session 9",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Replace Individual Order Legs" });
    expect(within(dialog).getByRole("note", { name: "Not replaced" })).toHaveTextContent(
      /^Not replaced: Big C \(FILLED\), Small B \(no order id yet\)$/,
    );
    expect(within(dialog).getByRole("combobox", { name: `Instruction for ${LOW_CALL.description} of Account 1` })).toBeInTheDocument();
    expect(within(dialog).queryByRole("combobox", { name: `Instruction for ${LOW_CALL.description} of Big C` })).toBeNull();
    expect(within(dialog).queryByRole("combobox", { name: `Instruction for ${LOW_CALL.description} of Small B` })).toBeNull();
  });
});

describe("VerticalTradingSection Multi-Leg Order Entry", () => {
  it("builds a vertical from the chain, shows its net and places it", async () => {
    const user = userEvent.setup({ delay: null });
    const { fake, server, state } = renderVerticalScreen();
    server.on("POST /api/copy_trading_account/place_order/VERTICAL", () => {
      state.rows.push(...verticalRowsJson(1, 1, { optionChainStatus: "ACCEPTED" }));
      return textResponse(200, "success");
    });
    await user.click(screen.getByRole("button", { name: "BUY/SELL" }));
    const dialog = await screen.findByRole("dialog", { name: "Multi-Leg Order Entry" });
    await user.click(within(dialog).getByRole("button", { name: "Add leg" }));
    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledWith({ ok: false, message: "Please select a valid option contract first." }),
    );
    await user.type(within(dialog).getByLabelText("Ticker"), "aapl");
    await user.click(within(dialog).getByRole("button", { name: "CALL" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Expiration")).toHaveDisplayValue("18-10-2024 (4)"));
    expect(within(dialog).getByLabelText("Price")).toHaveValue(1.1);
    await user.click(within(dialog).getByRole("button", { name: "Add leg" }));
    await user.selectOptions(within(dialog).getByLabelText("Strike"), "235.0");
    await user.selectOptions(within(dialog).getByLabelText("Instruction"), "SELL_TO_OPEN");
    await user.click(within(dialog).getByRole("button", { name: "Add leg" }));
    expect(within(dialog).getByTestId("net-price")).toHaveTextContent("Net: NET_DEBIT 0.65");
    expect(within(dialog).getByTestId("plan-preview")).toHaveTextContent("Planning each account's quantity…");
    await user.click(within(dialog).getByRole("button", { name: "Place set" }));
    await waitFor(() =>
      expect(showOutcome).toHaveBeenLastCalledWith(
        { ok: true, message: "Copy trading successful" },
        expect.stringMatching(/#command-1$/),
      ),
    );
    expect(showSuccess).not.toHaveBeenCalled();
    expect(fake.requests.filter((r) => r.method === "POST").map((r) => JSON.parse(r.body ?? "null"))).toEqual([
      {
        allTradingAccountsOrderList: [],
        orderLegs: [
          {
            optionChainSymbol: LOW_CALL.symbol,
            optionChainDescription: LOW_CALL.description,
            optionChainInstruction: "BUY_TO_OPEN",
            optionChainOrderType: "LIMIT",
            optionChainQuantity: 1,
            optionChainPrice: 1.1,
          },
          {
            optionChainSymbol: HIGH_CALL.symbol,
            optionChainDescription: HIGH_CALL.description,
            optionChainInstruction: "SELL_TO_OPEN",
            optionChainOrderType: "LIMIT",
            optionChainQuantity: 1,
            optionChainPrice: 0.45,
          },
        ],
      },
    ]);
  }, 20_000);

  it("Save set asks 'Enter a name for this order set:'; the saved set is listed", async () => {
    const user = userEvent.setup({ delay: null });
    const { state } = renderVerticalScreen({}, {
      "POST /api/option_contract_save_order/add_option_contract_save_order/VERTICAL": (request) => {
        const body = JSON.parse(request.body ?? "{}") as { setName: string; orderLegs: string };
        state.sets = [body];
        return jsonResponse(200, { success: true, list: state.sets });
      },
    });
    await user.click(screen.getByRole("button", { name: "BUY/SELL" }));
    const dialog = await screen.findByRole("dialog", { name: "Multi-Leg Order Entry" });
    await user.click(within(dialog).getByRole("button", { name: "Save set" }));
    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledWith({
        ok: false,
        message: "Please add at least one symbol order to the list before saving.",
      }),
    );
    await user.type(within(dialog).getByLabelText("Ticker"), "AAPL");
    await user.click(within(dialog).getByRole("button", { name: "CALL" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Strike")).toHaveDisplayValue("230.0"));
    await user.click(within(dialog).getByRole("button", { name: "Add leg" }));
    await user.click(within(dialog).getByRole("button", { name: "Save set" }));
    const prompt = await screen.findByRole("dialog", { name: "Save order set" });
    await user.type(within(prompt).getByLabelText("Enter a name for this order set:"), "Bull call");
    await user.click(within(prompt).getByRole("button", { name: "OK" }));
    await waitFor(() =>
      expect(showOutcome).toHaveBeenLastCalledWith({ ok: true, message: "Order set saved successfully." }),
    );
    expect(within(screen.getByRole("table", { name: "Order sets" })).getByText("Bull call")).toBeInTheDocument();
  }, 20_000);
});

describe("VerticalTradingSection saved option orders", () => {
  it("lists saved calls and puts, each description whole on hover where the list cuts it", async () => {
    renderVerticalScreen(
      {},
      {
        "GET /api/option_contract_save_order/get_option_contract_save_order_list/COMMON": () =>
          jsonResponse(200, {
            success: true,
            list: [
              savedOrderJson("QQQ   241206C00500000", "QQQ 12/06/2024 500.00 C"),
              savedOrderJson("QQQ   241206P00480000", "QQQ 12/06/2024 480.00 P"),
            ],
          }),
      },
    );
    const calls = screen.getByRole("region", { name: "Saved CALL orders" });
    const puts = screen.getByRole("region", { name: "Saved PUT orders" });
    expect(await within(calls).findByText("QQQ 12/06/2024 500.00 C")).toHaveAttribute(
      "title",
      "QQQ 12/06/2024 500.00 C",
    );
    expect(within(puts).getByText("QQQ 12/06/2024 480.00 P")).toHaveAttribute("title", "QQQ 12/06/2024 480.00 P");
  });
});
