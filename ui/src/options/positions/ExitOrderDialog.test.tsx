// Tests of the exit dialogs: "Option Exit Order" with numeric fields, and Change Multiple Positions.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, textResponse } from "../../shared/test/fakeTransport";
import { orderRowJson, positionJson } from "../test/optionFixtures";
import { headings, positionsTable, renderOptionScreen } from "../test/renderOptionScreen";
import { showOutcome, showSuccess } from "../../shared/shell/toaster";

vi.mock("../../shared/shell/toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

const SHORT = { optionChainSettledQuantity: -2, optionChainAveragePrice: 0.8 };

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.mocked(showSuccess).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("ExitOrderDialog", () => {
  it("S opens 'Option Exit Order' with the defaults; quantity and price are numeric, price in steps of 0.01", async () => {
    const user = userEvent.setup({ delay: null });
    const { server, fake, state } = renderOptionScreen({ positions: [positionJson(1, SHORT)] });
    server.on("POST /api/copy_trading_account/exit_order/COMMON", () => {
      state.rows.push(orderRowJson(1, 1, { optionChainStatus: "ACCEPTED", optionChainInstruction: "BUY_TO_CLOSE" }));
      return textResponse(200, "success");
    });

    await user.click(
      await within(positionsTable()).findByRole("button", { name: "Exit AAPL 10/18/2024 230.00 C of Account 1" }),
    );

    const dialog = await screen.findByRole("dialog", { name: "Option Exit Order" });
    expect(within(dialog).getByLabelText("Instruction")).toHaveValue("BUY_TO_CLOSE");
    expect(within(dialog).getByLabelText("Order Type")).toHaveValue("LIMIT");
    const quantity = within(dialog).getByRole("spinbutton", { name: "Quantity" });
    const price = within(dialog).getByRole("spinbutton", { name: "Price" });
    expect(quantity).toHaveValue(2);
    expect(quantity).toHaveAttribute("step", "1");
    expect(price).toHaveValue(0.8);
    expect(price).toHaveAttribute("step", "0.01");
    expect(price).toHaveAttribute("type", "number");

    await user.click(within(dialog).getByRole("button", { name: "Exit order" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith(
        { ok: true, message: "Exit order successful" },
        expect.stringMatching(/#command-1$/),
      ),
    );
    expect(showSuccess).not.toHaveBeenCalled();
    expect(JSON.parse(fake.requests.filter((r) => r.method === "POST").at(-1)?.body ?? "null")).toEqual({
      allTradingAccountsOrderList: [{ accountId: 1, accountName: "Account 1", accountUsername: "user1" }],
      optionChainSymbol: "AAPL  241018C00230000",
      optionChainInstruction: "BUY_TO_CLOSE",
      optionChainOrderType: "LIMIT",
      optionChainQuantity: 2,
      optionChainPrice: 0.8,
    });
  });

  it("exiting selected positions of differing sizes warns 'Quantity size of position selected are not same!'", async () => {
    const user = userEvent.setup({ delay: null });
    renderOptionScreen({ positions: [positionJson(1), positionJson(2, { optionChainSettledQuantity: 5 })] });
    await within(positionsTable()).findAllByText("AAPL 10/18/2024 230.00 C");
    await user.click(screen.getByRole("button", { name: "Select Active Positions" }));
    for (const name of ["Account 1", "Account 2"]) {
      await user.click(screen.getByRole("checkbox", { name: `Select AAPL 10/18/2024 230.00 C of ${name}` }));
    }

    await user.click(screen.getByRole("button", { name: "Exit selected positions" }));

    expect(await screen.findByRole("dialog", { name: "Warning" })).toHaveTextContent(
      "Quantity size of position selected are not same!",
    );
    expect(screen.queryByRole("dialog", { name: "Option Exit Order" })).toBeNull();
  });

  it("toasts 'Exit order failed' when refused", async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = renderOptionScreen({ positions: [positionJson(1)] });
    server.on("POST /api/copy_trading_account/exit_order/COMMON", () =>
      jsonResponse(400, { error: "Quantity is more than the position holds", code: "bad_request" }),
    );
    await user.click(
      await within(positionsTable()).findByRole("button", { name: "Exit AAPL 10/18/2024 230.00 C of Account 1" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Option Exit Order" });

    await user.click(within(dialog).getByRole("button", { name: "Exit order" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message: "Exit order failed: Quantity is more than the position holds",
      }),
    );
    expect(dialog).toBeInTheDocument();
  });
});

describe("ChangePositionsDialog", () => {
  it("shows a row per selected position and submits them together", async () => {
    const user = userEvent.setup({ delay: null });
    const { server, fake, state } = renderOptionScreen({ positions: [positionJson(1), positionJson(2, SHORT)] });
    server.on("POST /api/copy_trading_account/exit_order_multiple/COMMON", () => {
      state.rows.push(orderRowJson(1, 1, { optionChainStatus: "ACCEPTED", optionChainInstruction: "SELL_TO_CLOSE" }));
      return textResponse(200, "success");
    });
    await within(positionsTable()).findAllByText("AAPL 10/18/2024 230.00 C");
    await user.click(screen.getByRole("button", { name: "Select Active Positions" }));
    for (const name of ["Account 1", "Account 2"]) {
      await user.click(screen.getByRole("checkbox", { name: `Select AAPL 10/18/2024 230.00 C of ${name}` }));
    }

    await user.click(screen.getByRole("button", { name: "Change Selected" }));

    const dialog = await screen.findByRole("dialog", { name: "Change Multiple Positions" });
    expect(headings(within(dialog).getByRole("table"))).toEqual([
      "Symbol Description",
      "Settled Qty",
      "Bid / Ask / Last",
      "Instruction",
      "Order Type",
      "Quantity",
      "Price",
    ]);
    expect(within(dialog).getByLabelText("Instruction for AAPL 10/18/2024 230.00 C of Account 2")).toHaveValue(
      "BUY_TO_CLOSE",
    );
    await user.selectOptions(
      within(dialog).getByLabelText("Order Type for AAPL 10/18/2024 230.00 C of Account 1"),
      "MARKET",
    );
    expect(within(dialog).queryByLabelText("Price for AAPL 10/18/2024 230.00 C of Account 1")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeEnabled();

    await user.click(within(dialog).getByRole("button", { name: "Submit Changes" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith(
        { ok: true, message: "Selected positions successfully exited." },
        expect.stringMatching(/#command-1$/),
      ),
    );
    expect(showSuccess).not.toHaveBeenCalled();
    const body = JSON.parse(fake.requests.filter((r) => r.method === "POST").at(-1)?.body ?? "null") as {
      ordersToExit: Record<string, unknown>[];
    };
    expect(
      body.ordersToExit.map((o) => [
        o.accountId,
        o.optionChainInstruction,
        o.optionChainOrderType,
        o.optionChainQuantity,
        o.optionChainPrice,
      ]),
    ).toEqual([
      [1, "SELL_TO_CLOSE", "MARKET", 2, 0],
      [2, "BUY_TO_CLOSE", "LIMIT", 2, 0.8],
    ]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Change Selected" })).toBeNull());
  });
});
