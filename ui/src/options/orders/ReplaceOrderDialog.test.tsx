// Tests of the replace dialog: its fields, the preview, sending and both messages.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, textResponse } from "../../shared/test/fakeTransport";
import { orderRowJson } from "../test/optionFixtures";
import type { RouteHandler } from "../../shared/test/routeResponder";
import { ordersTable, renderOptionScreen } from "../test/renderOptionScreen";
import { showOutcome, showSuccess } from "../../shared/shell/toaster";

vi.mock("../../shared/shell/toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

const REPLACE = "PUT /api/copy_trading_account/replace_order/COMMON";

async function openReplace(answer: RouteHandler) {
  const user = userEvent.setup({ delay: null });
  const rendered = renderOptionScreen(
    { rows: [orderRowJson(5, 1), orderRowJson(5, 3, { optionChainQuantity: 3 })] },
    { [REPLACE]: answer },
  );
  await user.click(await within(ordersTable()).findByRole("button", { name: "Replace session 5" }));
  const dialog = await screen.findByRole("dialog", { name: "Replace Orders of Session 5" });
  return { ...rendered, user, dialog };
}

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.mocked(showSuccess).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("ReplaceOrderDialog", () => {
  it("R on a session replaces its open orders: 'Replace order successful'", async () => {
    const { dialog, user, fake, server, state, previewScheduler } = await openReplace(() => textResponse(200, "success"));
    server.on(REPLACE, () => {
      state.rows.push(orderRowJson(6, 1, { optionChainStatus: "ACCEPTED" }));
      return textResponse(200, "success");
    });
    server.on("POST /api/plan_preview/COMMON/replace_order", () =>
      jsonResponse(200, {
        splitTotal: null,
        accounts: [
          { accountId: 1, accountName: "Account 1", sizing: "TIER", sizedQuantity: 1, plannedQuantity: 1, outcome: "SEND", guard: null, reason: null, balances: null },
          { accountId: 3, accountName: "Account 3", sizing: "TIER", sizedQuantity: 3, plannedQuantity: 3, outcome: "SEND", guard: null, reason: null, balances: null },
        ],
      }),
    );
    expect(dialog).toHaveTextContent("Accounts: user1, user3");
    expect(within(dialog).queryByRole("note", { name: "Not replaced" })).toBeNull();
    const price = within(dialog).getByLabelText("Price");
    await user.clear(price);
    await user.type(price, "1.05");
    previewScheduler.fire();
    await waitFor(() =>
      expect(within(dialog).getByTestId("plan-preview")).toHaveTextContent(
        "Total 4 contracts on 2 accountsAccount 1 1Account 3 3",
      ),
    );
    expect(fake.requests.filter((r) => r.url.includes("plan_preview")).map((r) => JSON.parse(r.body ?? "null"))).toEqual([
      {
        agentTradingSessionID: 5,
        allTradingAccountsOrderList: [
          { accountId: 1, accountName: "Account 1", accountUsername: "user1", optionChainOrderId: 501 },
          { accountId: 3, accountName: "Account 3", accountUsername: "user3", optionChainOrderId: 503 },
        ],
        optionChainSymbol: "AAPL  241018C00230000",
        optionChainInstruction: "BUY_TO_OPEN",
        optionChainOrderType: "LIMIT",
        optionChainQuantity: 1,
        optionChainPrice: 1.05,
      },
    ]);

    await user.click(within(dialog).getByRole("button", { name: "Replace order" }));

    // One toast for the command, under its key, once its session shows.
    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith(
        { ok: true, message: "Replace order successful" },
        expect.stringMatching(/#command-1$/),
      ),
    );
    expect(showSuccess).not.toHaveBeenCalled();
    expect(fake.requests.filter((r) => r.method === "PUT").map((r) => JSON.parse(r.body ?? "null"))).toEqual([
      {
        agentTradingSessionID: 5,
        allTradingAccountsOrderList: [
          { accountId: 1, accountName: "Account 1", accountUsername: "user1", optionChainOrderId: 501 },
          { accountId: 3, accountName: "Account 3", accountUsername: "user3", optionChainOrderId: 503 },
        ],
        optionChainSymbol: "AAPL  241018C00230000",
        optionChainInstruction: "BUY_TO_OPEN",
        optionChainOrderType: "LIMIT",
        optionChainQuantity: 1,
        optionChainPrice: 1.05,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Replace Orders of Session 5" })).toBeNull());
  });

  it("names the session's accounts it leaves out and why before sending, and sends only the replaceable order", async () => {
    const user = userEvent.setup({ delay: null });
    const { fake } = renderOptionScreen(
      {
        rows: [
          orderRowJson(5, 1),
          orderRowJson(5, 2, { accountName: "Big C", optionChainStatus: "FILLED", optionChainFilledQuantity: 1 }),
          orderRowJson(5, 3, { accountName: "Small B", optionChainOrderId: null }),
        ],
      },
      { [REPLACE]: () => textResponse(200, "success") },
    );
    await user.click(await within(ordersTable()).findByRole("button", { name: "Replace session 5" }));
    const dialog = await screen.findByRole("dialog", { name: "Replace Orders of Session 5" });

    expect(dialog).toHaveTextContent("Accounts: user1");
    expect(within(dialog).getByRole("note", { name: "Not replaced" })).toHaveTextContent(
      /^Not replaced: Big C \(FILLED\), Small B \(no order id yet\)$/,
    );
    expect(fake.requests.filter((r) => r.method === "PUT")).toEqual([]);

    const price = within(dialog).getByLabelText("Price");
    await user.clear(price);
    await user.type(price, "1.05");
    await user.click(within(dialog).getByRole("button", { name: "Replace order" }));
    await waitFor(() => expect(fake.requests.filter((r) => r.method === "PUT")).toHaveLength(1));
    const sent = JSON.parse(fake.requests.find((r) => r.method === "PUT")?.body ?? "null") as {
      allTradingAccountsOrderList: unknown[];
    };
    expect(sent.allTradingAccountsOrderList).toEqual([
      { accountId: 1, accountName: "Account 1", accountUsername: "user1", optionChainOrderId: 501 },
    ]);
  });

  it("refuses terms every order already has: 'nothing to change' on the form, nothing sent", async () => {
    const { dialog, user, fake, store } = await openReplace(() => textResponse(200, "success"));
    await waitFor(() => expect(store.options.replaceDialog.tiers.ready).toBe(true));

    await user.click(within(dialog).getByRole("button", { name: "Replace order" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message: "Replace order failed: nothing to change: every order already has these terms",
      }),
    );
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Nothing to change: every order already has these terms");
    expect(fake.requests.filter((r) => r.method === "PUT")).toEqual([]);
    // Changing a term takes the mark away.
    const price = within(dialog).getByLabelText("Price");
    await user.clear(price);
    await user.type(price, "1.30");
    expect(within(dialog).queryByText(/Nothing to change/)).toBeNull();
  });

  it("marks the form when the server says the replacement changes nothing", async () => {
    const { dialog, user } = await openReplace(() =>
      jsonResponse(400, {
        error: "There is nothing to change: every order already has these terms; nothing was sent",
        code: "bad_request",
      }),
    );
    const price = within(dialog).getByLabelText("Price");
    await user.clear(price);
    await user.type(price, "1.30");

    await user.click(within(dialog).getByRole("button", { name: "Replace order" }));

    await waitFor(() => expect(within(dialog).getByRole("alert")).toHaveTextContent("Nothing to change"));
    expect(screen.getByRole("dialog", { name: "Replace Orders of Session 5" })).toBeInTheDocument();
  });

  it("toasts 'Replace order failed' and stays open when refused", async () => {
    const { dialog, user } = await openReplace(() =>
      jsonResponse(409, { error: "order 501 of account 1 is FILLED", code: "not_replaceable" }),
    );
    const price = within(dialog).getByLabelText("Price");
    await user.clear(price);
    await user.type(price, "1.05");

    await user.click(within(dialog).getByRole("button", { name: "Replace order" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message: "Replace order failed: order 501 of account 1 is FILLED",
      }),
    );
    expect(screen.getByRole("dialog", { name: "Replace Orders of Session 5" })).toBeInTheDocument();
  });

  it("shows the order's price in cents and says why the quote cannot be read, never loading for ever", async () => {
    const user = userEvent.setup({ delay: null });
    const { quoteScheduler } = renderOptionScreen(
      { rows: [orderRowJson(5, 1, { optionChainPrice: 1 })] },
      {
        "GET /api/copy_trading_account/get_option_quotes/COMMON": () =>
          jsonResponse(409, {
            error: "Link and authorize a trading account first to read market data",
            code: "authorization_needed",
          }),
      },
    );
    await user.click(await within(ordersTable()).findByRole("button", { name: "Replace session 5" }));
    const dialog = await screen.findByRole("dialog", { name: "Replace Orders of Session 5" });
    expect(within(dialog).getByLabelText("Price")).toHaveValue("1.00");
    const quote = within(dialog).getByTestId("quote");
    expect(quote).toHaveTextContent("Quote loading…");
    quoteScheduler.fire();
    await waitFor(() =>
      expect(quote).toHaveTextContent("No quote: Link and authorize a trading account first to read market data"),
    );
    expect(quote).not.toHaveTextContent("loading");
  });
});
