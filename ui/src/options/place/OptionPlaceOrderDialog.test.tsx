// Tests of the place dialog: its title and labels, the chain pickers, MARKET, the preview and placing.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deferred, jsonResponse, textResponse } from "../../shared/test/fakeTransport";
import { renderOptionScreen } from "../test/renderOptionScreen";
import type { RouteHandler } from "../../shared/test/routeResponder";
import { showDanger, showOutcome, showSuccess } from "../../shared/shell/toaster";
import { orderRowJson } from "../test/optionFixtures";

vi.mock("../../shared/shell/toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

const TITLE = "Option Place Order On All Active Accounts";

async function openDialog(routes: Readonly<Record<string, RouteHandler>> = {}, tickers: string[] = []) {
  const user = userEvent.setup({ delay: null });
  const rendered = renderOptionScreen({ tickers }, routes);
  await user.click(screen.getByRole("button", { name: "BUY/SELL" }));
  const dialog = await screen.findByRole("dialog", { name: TITLE });
  return { ...rendered, user, dialog };
}

async function chooseAaplCall(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText("Stock Pair"), "aapl");
  await user.click(within(dialog).getByRole("checkbox", { name: "CALL" }));
  await waitFor(() => expect(within(dialog).getByLabelText("Description")).toHaveValue("AAPL 10/18/2024 95.00 C"));
}

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.mocked(showSuccess).mockClear();
  vi.mocked(showDanger).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("OptionPlaceOrderDialog", () => {
  it("shows both panels with their labels and a new order's defaults", async () => {
    const { dialog } = await openDialog({}, ["AAPL", "SPY"]);

    const panel = within(dialog).getByRole("region", { name: "Option contracts" });
    expect(within(panel).getByRole("button", { name: "Add" })).toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Remove" })).toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Save order" })).toBeInTheDocument();
    expect(await within(panel).findByRole("button", { name: "SPY" })).toBeInTheDocument();
    for (const label of ["Stock Pair", "Option Chain", "Strike Price", "Description", "Instruction", "Order Type"]) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole("checkbox", { name: "CALL" })).not.toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "PUT" })).not.toBeChecked();
    expect(within(dialog).getByLabelText("Description")).toHaveAttribute("readonly");
    expect(within(dialog).getByLabelText("Instruction")).toHaveValue("BUY_TO_OPEN");
    expect(
      within(within(dialog).getByLabelText("Instruction"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["BUY_TO_OPEN", "SELL_TO_OPEN"]);
    expect(within(dialog).getByLabelText("Order Type")).toHaveValue("LIMIT");
    expect(within(dialog).getByLabelText("Option Contract Total")).toHaveValue("1");
    expect(within(dialog).getByLabelText("Price")).toHaveValue("0");
    expect(within(dialog).getByRole("button", { name: "CANCEL" })).toBeEnabled();
    expect(within(dialog).getByRole("button", { name: "Place order" })).toBeEnabled();
  });

  it("CALL loads the chain: dates as DD-MM-YYYY (days), the first expiry and strike preselected", async () => {
    const { dialog, user } = await openDialog();

    await chooseAaplCall(user, dialog);

    expect(within(dialog).getByLabelText("Stock Pair")).toHaveValue("AAPL");
    const expiry = within(dialog).getByLabelText("Option Chain");
    expect(
      within(expiry)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["18-10-2024 (4)", "25-10-2024 (11)"]);
    expect(expiry).toHaveValue("2024-10-18:4");
    expect(within(dialog).getByRole("combobox", { name: "Strike Price" })).toHaveValue("95.0");
    expect(within(dialog).getByLabelText("Price")).toHaveValue("135.50");

    await user.selectOptions(expiry, "25-10-2024 (11)");
    expect(within(dialog).getByRole("combobox", { name: "Strike Price" })).toHaveValue("230.0");
    expect(within(dialog).getByLabelText("Description")).toHaveValue("AAPL 10/25/2024 230.00 C");
    expect(within(dialog).getByLabelText("Price")).toHaveValue("3.10");
  });

  it("PUT unchecks CALL", async () => {
    const { dialog, user } = await openDialog();
    await chooseAaplCall(user, dialog);

    await user.click(within(dialog).getByRole("checkbox", { name: "PUT" }));

    await waitFor(() => expect(within(dialog).getByRole("checkbox", { name: "PUT" })).toBeChecked());
    expect(within(dialog).getByRole("checkbox", { name: "CALL" })).not.toBeChecked();
  });

  it("the strike type-ahead offers the strikes starting with what is typed", async () => {
    const { dialog, user } = await openDialog();
    await chooseAaplCall(user, dialog);
    const strike = within(dialog).getByRole("combobox", { name: "Strike Price" });

    await user.click(strike);
    await user.type(strike, "2");
    const list = await screen.findByRole("listbox");
    expect(
      within(list)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["225.0", "230.0"]);
    await user.type(strike, "3{Enter}");

    await waitFor(() => expect(within(dialog).getByLabelText("Description")).toHaveValue("AAPL 10/18/2024 230.00 C"));
    expect(within(dialog).getByLabelText("Price")).toHaveValue("2.35");
  });

  it("toasts 'Failed to get option chain' when the chain cannot be loaded", async () => {
    const { dialog, user } = await openDialog({
      "GET /api/copy_trading_account/get_option_chain_list/COMMON": () =>
        jsonResponse(409, { error: "Link and authorize a trading account first", code: "authorization_needed" }),
    });
    await user.type(within(dialog).getByLabelText("Stock Pair"), "AAPL");

    await user.click(within(dialog).getByRole("checkbox", { name: "PUT" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message: "Failed to get option chain: Link and authorize a trading account first",
      }),
    );
  });

  it("MARKET hides the price", async () => {
    const { dialog, user } = await openDialog();

    await user.selectOptions(within(dialog).getByLabelText("Order Type"), "MARKET");

    expect(within(dialog).queryByLabelText("Price")).toBeNull();
  });

  it("shows each account's planned quantity once the order is complete, asked after the form settles", async () => {
    const { dialog, user, fake, server, previewScheduler } = await openDialog();
    server.on("POST /api/plan_preview/COMMON/place_order", () =>
      jsonResponse(200, {
        splitTotal: null,
        accounts: [
          { accountId: 1, accountName: "Atlas Big", sizing: "TIER", sizedQuantity: 6, plannedQuantity: 3, outcome: "CUT", guard: "MAX_QUANTITY_PER_ORDER", reason: "maximum quantity per order: at most 3; cut from 6 to 3", balances: null },
          { accountId: 2, accountName: "Birch Small", sizing: "TIER", sizedQuantity: 2, plannedQuantity: 0, outcome: "REFUSE", guard: "CLOSE_ONLY", reason: "close-only: BUY_TO_OPEN opens a position", balances: null },
          { accountId: 3, accountName: "Cedar", sizing: "FIXED", sizedQuantity: 5, plannedQuantity: 5, outcome: "SEND", guard: null, reason: null, balances: null },
        ],
      }),
    );
    expect(within(dialog).getByTestId("plan-preview")).toHaveTextContent(
      "Each account's quantity shows once the order is complete",
    );
    await chooseAaplCall(user, dialog);
    const quantity = within(dialog).getByLabelText("Option Contract Total");
    await user.clear(quantity);
    await user.type(quantity, "2");

    expect(within(dialog).getByTestId("plan-preview")).toHaveTextContent("Planning each account's quantity…");
    expect(previewScheduler.live().map((timer) => timer.delayMs)).toEqual([300]);
    previewScheduler.fire();

    await waitFor(() =>
      expect(within(dialog).getByTestId("plan-summary")).toHaveTextContent(
        "Total 8 contracts on 2 accounts; 1 cut; 1 refused",
      ),
    );
    const rows = within(within(dialog).getByRole("list", { name: "Planned contracts per account" })).getAllByRole(
      "listitem",
    );
    expect(rows.map((row) => [row.textContent, row.className])).toEqual([
      ["Atlas Big 3 (cut from 6: max quantity per order)", "cd-plan-cut"],
      ["Birch Small refused: close-only", "cd-plan-refuse"],
      ["Cedar 5", "cd-plan-send"],
    ]);
    expect(rows[1]).toHaveAttribute("title", "close-only: BUY_TO_OPEN opens a position");
    expect(fake.requests.filter((r) => r.url.includes("plan_preview")).map((r) => r.body)).toEqual([
      JSON.stringify({
        allTradingAccountsOrderList: [],
        optionChainSymbol: "AAPL  241018C00095000",
        optionChainInstruction: "BUY_TO_OPEN",
        optionChainOrderType: "LIMIT",
        optionChainQuantity: 2,
        optionChainPrice: 135.5,
      }),
    ]);
  });

  it("Split a total sends splitTotal, says the quantity is not used, and a failed plan falls back to the tiers", async () => {
    const { dialog, user, fake, server, previewScheduler } = await openDialog();
    server.on("POST /api/plan_preview/COMMON/place_order", () =>
      jsonResponse(503, { error: "The server is busy", code: "unavailable" }),
    );
    await chooseAaplCall(user, dialog);

    await user.type(within(dialog).getByLabelText("Split a total"), "7");

    expect(within(dialog).getByText("7 contracts split equally over the accounts; Option Contract Total is not used")).toBeInTheDocument();
    previewScheduler.fire();
    await waitFor(() =>
      expect(within(dialog).getByTestId("plan-preview")).toHaveTextContent(
        "Could not plan each account's quantity: The server is busy. By tier: Small ×1: 2 accounts → 1 contract each; Big ×3: 1 account → 3 contracts; Total 5 contracts on 3 accounts",
      ),
    );
    expect(JSON.parse(fake.requests.filter((r) => r.url.includes("plan_preview"))[0]?.body ?? "{}")).toMatchObject({
      optionChainQuantity: 1,
      splitTotal: 7,
    });
  });

  it("Place order sends the order, toasts 'Place order successful' once its session shows, and closes", async () => {
    const { dialog, user, fake, server, state } = await openDialog();
    server.on("POST /api/copy_trading_account/place_order/COMMON", () => {
      state.rows.push(orderRowJson(1, 1, { optionChainStatus: "ACCEPTED" }));
      return textResponse(200, "success");
    });
    await chooseAaplCall(user, dialog);

    await user.click(within(dialog).getByRole("button", { name: "Place order" }));

    // One toast for the command, under its key, once its session shows.
    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith(
        { ok: true, message: "Place order successful" },
        expect.stringMatching(/#command-1$/),
      ),
    );
    expect(showSuccess).not.toHaveBeenCalled();
    expect(fake.requests.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
      JSON.stringify({
        allTradingAccountsOrderList: [],
        optionChainSymbol: "AAPL  241018C00095000",
        optionChainInstruction: "BUY_TO_OPEN",
        optionChainOrderType: "LIMIT",
        optionChainQuantity: 1,
        optionChainPrice: 135.5,
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
  });

  it("an order every account rejects right after accepting it says so in red only, never 'successful'", async () => {
    const { dialog, user, server, state } = await openDialog();
    server.on("POST /api/copy_trading_account/place_order/COMMON", () => {
      for (const account of [1, 2, 3]) {
        state.rows.push(
          orderRowJson(1, account, {
            optionChainStatus: "REJECTED",
            optionChainStatusDescription: "Order rejected: insufficient buying power",
          }),
        );
      }
      return textResponse(200, "success");
    });
    await chooseAaplCall(user, dialog);

    await user.click(within(dialog).getByRole("button", { name: "Place order" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith(
        { ok: false, message: "Session 1: 3 of 3 accounts rejected — Order rejected: insufficient buying power (3)" },
        expect.any(String),
      ),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
    expect(showSuccess).not.toHaveBeenCalled();
    expect(showDanger).not.toHaveBeenCalled();
  });

  it("an order some accounts took shows one warning counting the others by reason, and closes", async () => {
    const { dialog, user, server, state } = await openDialog();
    server.on("POST /api/copy_trading_account/place_order/COMMON", () => {
      state.rows.push(orderRowJson(1, 1), orderRowJson(1, 2));
      state.rows.push(
        orderRowJson(1, 3, {
          optionChainOrderId: null,
          optionChainStatus: "FAILED_TO_PLACE",
          optionChainStatusDescription: "insufficient buying power",
        }),
      );
      return jsonResponse(200, {
        agentTradingSessionID: 1,
        accepted: [1, 2],
        failed: [{ accountId: 3, accountName: "Account 3", reason: "insufficient buying power" }],
      });
    });
    await chooseAaplCall(user, dialog);

    await user.click(within(dialog).getByRole("button", { name: "Place order" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith(
        { ok: true, partial: true, message: "Placed on 2 of 3 accounts; 1 not sent: insufficient buying power (1)" },
        expect.any(String),
      ),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
    await waitFor(() => expect(screen.getByRole("table", { name: "Option orders" })).toHaveTextContent("#1"));
    expect(showSuccess).not.toHaveBeenCalled();
    expect(showDanger).not.toHaveBeenCalled();
  });

  it("a double click sends one order, and the buttons stay disabled from the click to the answer", async () => {
    const answer = deferred<Response>();
    const { dialog, user, fake } = await openDialog({
      "POST /api/copy_trading_account/place_order/COMMON": () => answer.promise,
    });
    await chooseAaplCall(user, dialog);
    const place = within(dialog).getByRole("button", { name: "Place order" });

    await user.dblClick(place);

    expect(place).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "CANCEL" })).toBeDisabled();
    answer.resolve(textResponse(200, "success"));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
    expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    // Nothing but the first order's success, once its session showed.
    expect(vi.mocked(showOutcome).mock.calls.filter(([outcome]) => outcome.message !== "Place order successful")).toEqual(
      [],
    );
  });

  it("says under the buttons which accounts' write limits the order waits for while it is in flight", async () => {
    const answer = deferred<Response>();
    const { dialog, user, commandScheduler } = await openDialog({
      "POST /api/copy_trading_account/place_order/COMMON": () => answer.promise,
      "GET /api/command_waits": () => jsonResponse(200, { waits: [{ accountName: "Atlas Small", secondsLeft: 20 }] }),
    });
    await chooseAaplCall(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Place order" }));

    commandScheduler.fire();

    await waitFor(() =>
      expect(within(dialog).getByTestId("command-waits")).toHaveTextContent("waiting for Atlas Small's write limit: 20 s"),
    );
    answer.resolve(textResponse(200, "success"));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
    expect(commandScheduler.live()).toEqual([]);
  });

  it("asks before the same order goes out again within 30 s; Don't send sends nothing and keeps the dialog", async () => {
    const { dialog, user, fake, server, state } = await openDialog();
    server.on("POST /api/copy_trading_account/place_order/COMMON", () => {
      state.rows.push(orderRowJson(1, 1), orderRowJson(1, 2), orderRowJson(1, 3));
      return textResponse(200, "success");
    });
    await chooseAaplCall(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Place order" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
    await waitFor(() => expect(screen.getByRole("table", { name: "Option orders" })).toHaveTextContent("#1"));

    await user.click(screen.getByRole("button", { name: "BUY/SELL" }));
    const again = await screen.findByRole("dialog", { name: TITLE });
    await chooseAaplCall(user, again);
    await user.click(within(again).getByRole("button", { name: "Place order" }));

    const question = await screen.findByRole("dialog", { name: "Send this order again?" });
    expect(question).toHaveTextContent("You sent this order to 3 accounts at 03:04:05. Send it again?");
    await user.click(within(question).getByRole("button", { name: "Don't send" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Send this order again?" })).toBeNull());
    expect(screen.getByRole("dialog", { name: TITLE })).toBeInTheDocument();
    expect(within(again).getByRole("button", { name: "Place order" })).toBeEnabled();
    expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    // Nothing but the first order's success, once its session showed.
    expect(vi.mocked(showOutcome).mock.calls.filter(([outcome]) => outcome.message !== "Place order successful")).toEqual(
      [],
    );

    await user.click(within(again).getByRole("button", { name: "Place order" }));
    const confirm = await screen.findByRole("dialog", { name: "Send this order again?" });
    await user.click(within(confirm).getByRole("button", { name: "Send again" }));
    await waitFor(() => expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(2));
    const [first, second] = fake.requests.filter((r) => r.method === "POST").map((r) => r.headers["idempotency-key"]);
    expect(second).not.toBe(first);
  });

  it("a refused order toasts 'Place order failed: ' with the server's text and stays open", async () => {
    const { dialog, user } = await openDialog({
      "POST /api/copy_trading_account/place_order/COMMON": () =>
        jsonResponse(409, { error: "No active trading account to send the order to", code: "no_active_accounts" }),
    });
    await chooseAaplCall(user, dialog);

    await user.click(within(dialog).getByRole("button", { name: "Place order" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message: "Place order failed: No active trading account to send the order to",
      }),
    );
    expect(screen.getByRole("dialog", { name: TITLE })).toBeInTheDocument();
  });

  it("picking a contract fills Stock Pair and resets the form", async () => {
    const { dialog, user } = await openDialog({}, ["SPY"]);
    await user.selectOptions(within(dialog).getByLabelText("Order Type"), "MARKET");

    await user.click(await within(dialog).findByRole("button", { name: "SPY" }));

    expect(within(dialog).getByLabelText("Stock Pair")).toHaveValue("SPY");
    expect(within(dialog).getByLabelText("Order Type")).toHaveValue("LIMIT");
    expect(within(dialog).getByLabelText("Price")).toHaveValue("0");
    expect(within(dialog).getByRole("button", { name: "SPY" })).toHaveAttribute("aria-pressed", "true");
  });

  it("Save order with nothing chosen says 'Please ensure option contract information is completed'", async () => {
    const { dialog, user } = await openDialog();

    await user.click(within(dialog).getByRole("button", { name: "Save order" }));

    expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
      ok: false,
      message:
        "Please ensure option contract information is completed: Symbol is empty, Description is empty, Price is 0",
    });
    expect(within(dialog).getByLabelText("Price")).toHaveAttribute("aria-invalid", "true");
  });

  it("Add with an empty symbol says 'Please ensure option contract symbol is completed'", async () => {
    const { dialog, user } = await openDialog();

    await user.click(within(dialog).getByRole("button", { name: "Add" }));

    expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
      ok: false,
      message: "Please ensure option contract symbol is completed",
    });
  });

  it("CANCEL closes the dialog without sending", async () => {
    const { dialog, user, fake } = await openDialog();

    await user.click(within(dialog).getByRole("button", { name: "CANCEL" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
    expect(fake.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("marks a bad quantity and price under their fields and sends nothing", async () => {
    const { dialog, user, fake } = await openDialog();
    await chooseAaplCall(user, dialog);
    const quantity = within(dialog).getByLabelText("Option Contract Total");
    const price = within(dialog).getByLabelText("Price");
    await user.clear(quantity);
    await user.type(quantity, "1.5");

    expect(quantity).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByText("Must be a whole number of at least 1")).toBeInTheDocument();
    expect(quantity).toHaveAccessibleDescription("Must be a whole number of at least 1");
    expect(price).toHaveAttribute("aria-invalid", "false");

    await user.clear(price);
    await user.type(price, "0");
    await user.click(within(dialog).getByRole("button", { name: "Place order" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message: "Place order failed: Option Contract Total must be a whole number of at least 1",
      }),
    );
    expect(price).toHaveAccessibleDescription("Must be more than 0 for a LIMIT order");
    expect(fake.requests.filter((request) => request.method === "POST")).toEqual([]);
    expect(screen.getByRole("dialog", { name: TITLE })).toBeInTheDocument();
  });

  it("marks a Stock Pair that is no ticker as it is typed", async () => {
    const { dialog, user } = await openDialog();
    const stockPair = within(dialog).getByLabelText("Stock Pair");

    await user.type(stockPair, "9x");

    expect(stockPair).toHaveAttribute("aria-invalid", "true");
    expect(
      within(dialog).getByText("Must be a ticker: a letter, then up to 9 letters, digits, '.', '/' or '-'"),
    ).toBeInTheDocument();
  });
});
