// Tests of the view-all-orders dialog: rows per account, R and C per row and for the checked, and the warning.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, textResponse } from "../../shared/test/fakeTransport";
import { orderRowJson } from "../test/optionFixtures";
import { bodyRows, cellTexts, headings, ordersTable, renderOptionScreen } from "../test/renderOptionScreen";
import { showOutcome, showSuccess } from "../../shared/shell/toaster";
import { FAILED_STATUS_COLOR, OPEN_STATUS_COLOR } from "../../shared/tables/OrderStatusText";

vi.mock("../../shared/shell/toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

async function openSession() {
  const user = userEvent.setup({ delay: null });
  const rendered = renderOptionScreen({
    rows: [
      orderRowJson(5, 1, { successRate: 67, optionChainStatusColor: "purple" }),
      orderRowJson(5, 2, {
        optionChainStatus: "FILLED",
        optionChainFilledQuantity: 1,
        optionChainOwnStatusColor: "none",
      }),
      orderRowJson(5, 3, {
        optionChainStatus: "FAILED_TO_PLACE",
        optionChainOrderId: null,
        optionChainStatusDescription: "insufficient buying power",
        optionChainOwnStatusColor: "none",
      }),
    ],
  });
  await user.click(await within(ordersTable()).findByRole("button", { name: "View session 5" }));
  const dialog = await screen.findByRole("dialog", { name: "Orders of Session 5" });
  return { ...rendered, user, dialog };
}

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.mocked(showSuccess).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("SessionOrdersDialog", () => {
  it("lists every account's order with the reason of a failed one, and R and C where they apply", async () => {
    const { dialog } = await openSession();
    const table = within(dialog).getByRole("table", { name: "Orders of the session" });

    const summary = dialog.querySelector(".cd-session-summary");
    expect(summary).toHaveTextContent("Success rate 67%3 accounts1 of 2 contracts filled");
    expect(within(dialog).getByText("67%").closest(".bp6-tag")).toHaveClass("bp6-intent-warning");
    expect(within(dialog).getByRole("img", { name: "Status colour purple" })).toBeInTheDocument();
    expect(headings(table).slice(2)).toEqual([
      "Account",
      "Symbol description",
      "Filled Qty",
      "Price",
      "Qty",
      "Side Pos Effect",
      "Status",
      "Order type",
      "Time",
      "Reason",
    ]);
    const [working, filled, failed] = bodyRows(table);
    if (working === undefined || filled === undefined || failed === undefined) {
      throw new Error("expected three rows");
    }
    expect(cellTexts(working).slice(2, 9)).toEqual([
      "Account 1 (user1)",
      "AAPL 10/18/2024 230.00 C",
      "0",
      "1.25",
      "1",
      "BUY_TO_OPEN",
      "WORKING",
    ]);
    expect(within(working).getByRole("button", { name: "Replace the order of Account 1" })).toBeEnabled();
    expect(within(working).getByRole("button", { name: "Cancel the order of Account 1" })).toBeEnabled();
    expect(within(filled).queryByRole("button", { name: /Replace/ })).toBeNull();
    expect(within(filled).getByRole("button", { name: "Cancel the order of Account 2" })).toBeDisabled();
    expect(cellTexts(failed).slice(8)).toEqual([
      "FAILED_TO_PLACE",
      "LIMIT",
      "2025-01-02 03:04:00",
      "insufficient buying power",
    ]);
    expect(within(failed).getByRole("checkbox")).toBeDisabled();
  });

  it("shows an open order's whole row in yellow; final rows keep the table's colours", async () => {
    const { dialog } = await openSession();
    const [working, filled, failed] = bodyRows(within(dialog).getByRole("table", { name: "Orders of the session" }));
    if (working === undefined || filled === undefined || failed === undefined) {
      throw new Error("expected three rows");
    }
    expect(working).toHaveClass("cd-open-row");
    expect(working).toHaveStyle({ color: OPEN_STATUS_COLOR });
    for (const final of [filled, failed]) {
      expect(final).not.toHaveClass("cd-open-row");
      expect(final).not.toHaveAttribute("style");
    }
    expect(within(failed).getByText("FAILED_TO_PLACE")).toHaveStyle({ color: FAILED_STATUS_COLOR });
  });

  it("R and C in the heading with nothing checked warn 'Please select at least one order!'", async () => {
    const { dialog, user } = await openSession();

    await user.click(within(dialog).getByRole("button", { name: "Replace selected orders" }));
    const warning = await screen.findByRole("dialog", { name: "Warning" });
    expect(warning).toHaveTextContent("Please select at least one order!");
    await user.click(within(warning).getByRole("button", { name: "CANCEL" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Warning" })).toBeNull());

    await user.click(within(dialog).getByRole("button", { name: "Cancel selected orders" }));
    expect(await screen.findByRole("dialog", { name: "Warning" })).toHaveTextContent(
      "Please select at least one order!",
    );
  });

  it("C in the heading cancels the checked orders after confirming, then clears the ticks", async () => {
    const { dialog, user, server, fake } = await openSession();
    server.on("DELETE /api/copy_trading_account/cancel_order/COMMON", () => textResponse(200, "success"));
    const tick = within(dialog).getByRole("checkbox", { name: "Select the order of Account 1" });

    await user.click(tick);
    expect(tick).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Cancel selected orders" }));
    const confirm = await screen.findByRole("dialog", { name: "Option Delete Selected Orders" });
    expect(confirm).toHaveTextContent("Cancel the order AAPL 10/18/2024 230.00 C on 1 account (1 contract)?");
    await user.click(within(confirm).getByRole("button", { name: "DELETE" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({ ok: true, message: "Selected order deleted successful" }),
    );
    expect(fake.requests.filter((r) => r.method === "DELETE").map((r) => JSON.parse(r.body ?? "null"))).toEqual([
      {
        agentTradingSessionID: 5,
        allTradingAccountsOrderList: [
          { accountId: 1, accountName: "Account 1", accountUsername: "user1", optionChainOrderId: 501 },
        ],
      },
    ]);
    expect(tick).not.toBeChecked();
  });

  it("R in the heading replaces the checked orders and then clears the ticks; a refusal keeps them", async () => {
    const { dialog, user, server, state } = await openSession();
    let answer = () =>
      jsonResponse(200, { accepted: [], failed: [{ accountId: 1, accountName: "Account 1", reason: "x" }] });
    server.on("PUT /api/copy_trading_account/replace_order/COMMON", () => answer());
    const tick = within(dialog).getByRole("checkbox", { name: "Select the order of Account 1" });
    await user.click(tick);

    await user.click(within(dialog).getByRole("button", { name: "Replace selected orders" }));
    const replace = await screen.findByRole("dialog", { name: "Replace Selected Orders" });
    const price = within(replace).getByLabelText("Price");
    await user.clear(price);
    await user.type(price, "1.05");
    await user.click(within(replace).getByRole("button", { name: "Replace order" }));
    await waitFor(() =>
      expect(showOutcome).toHaveBeenLastCalledWith({
        ok: false,
        message: "Replace selected order failed: refused on 1 account (Account 1: x)",
      }),
    );
    expect(tick).toBeChecked();

    answer = () => {
      state.rows.push(orderRowJson(6, 1, { optionChainStatus: "ACCEPTED" }));
      return textResponse(200, "success");
    };
    await user.click(within(replace).getByRole("button", { name: "Replace order" }));
    await waitFor(() =>
      expect(showOutcome).toHaveBeenLastCalledWith(
        { ok: true, message: "Replace selected order successful" },
        expect.stringMatching(/#command-1$/),
      ),
    );
    expect(tick).not.toBeChecked();
  });

  it("keeps the heading's R and C off when no order of the session can be replaced or cancelled", async () => {
    const user = userEvent.setup({ delay: null });
    const filled = { optionChainStatus: "FILLED", optionChainFilledQuantity: 1, optionChainOwnStatusColor: "none" };
    renderOptionScreen({ rows: [orderRowJson(4, 1, filled), orderRowJson(4, 2, filled)] });
    await user.click(await within(ordersTable()).findByRole("button", { name: "View session 4" }));
    const dialog = await screen.findByRole("dialog", { name: "Orders of Session 4" });

    expect(within(dialog).getByRole("button", { name: "Replace selected orders" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Cancel selected orders" })).toBeDisabled();
  });

  it("turns the heading's R and C on while an order of the session is open", async () => {
    const { dialog } = await openSession();

    expect(within(dialog).getByRole("button", { name: "Replace selected orders" })).toBeEnabled();
    expect(within(dialog).getByRole("button", { name: "Cancel selected orders" })).toBeEnabled();
  });

  it("R on a row opens the replace dialog titled with the account username", async () => {
    const { dialog, user } = await openSession();

    await user.click(within(dialog).getByRole("button", { name: "Replace the order of Account 1" }));

    const replace = await screen.findByRole("dialog", { name: "Replace Order: user1" });
    expect(within(replace).getByLabelText("Instruction")).toHaveValue("BUY_TO_OPEN");
    expect(
      within(within(replace).getByLabelText("Instruction"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["BUY_TO_OPEN", "SELL_TO_OPEN", "SELL_TO_CLOSE", "BUY_TO_CLOSE"]);
    expect(within(replace).getByLabelText("Price")).toHaveValue("1.25");
    expect(within(replace).getByRole("button", { name: "CANCEL" })).toBeEnabled();
  });

  it("links a session to the one it replaced, in the table and in the dialog, and walks back and forth", async () => {
    const user = userEvent.setup({ delay: null });
    renderOptionScreen({
      rows: [orderRowJson(8, 1, { optionChainStatus: "REPLACED" }), orderRowJson(9, 1, { replacedSessionID: 8 })],
    });
    await within(ordersTable()).findByRole("button", { name: "View session 9" });
    const [newest, older] = bodyRows(ordersTable());
    if (newest === undefined || older === undefined) {
      throw new Error("expected two rows");
    }
    expect(cellTexts(newest)[2]).toBe("#9replaces #8");
    expect(cellTexts(older)[2]).toBe("#8");

    await user.click(within(newest).getByRole("button", { name: "replaces #8" }));
    const dialog = await screen.findByRole("dialog", { name: "Orders of Session 8" });
    const chain = within(dialog).getByRole("navigation", { name: "Replace chain" });
    expect(within(chain).queryByRole("button", { name: /^Replaces/ })).toBeNull();

    await user.click(within(chain).getByRole("button", { name: "Replaced by session #9" }));
    expect(await screen.findByRole("dialog", { name: "Orders of Session 9" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Replaces session #8" }));
    expect(await screen.findByRole("dialog", { name: "Orders of Session 8" })).toBeInTheDocument();
  });
});
