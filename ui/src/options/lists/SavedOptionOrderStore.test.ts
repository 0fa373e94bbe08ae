// Tests of the saved orders: the CALL and PUT lists sorted by symbol, and removing one.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../shared/test/fakeTransport";
import { calls, testRoot } from "../../shared/test/testRoot";
import { savedOrderJson } from "../test/optionFixtures";

const LIST = "GET /api/option_contract_save_order/get_option_contract_save_order_list/COMMON";
const REMOVE = "DELETE /api/option_contract_save_order/remove_option_contract_save_order/COMMON";

function saved(symbol: string, description: string) {
  return savedOrderJson(symbol, description, 2);
}

const LIST_ANSWER = {
  success: true,
  list: [
    saved("TSLA  241018C00250000", "TSLA 10/18/2024 250.00 C"),
    saved("SPY   241018P00500000", "SPY 10/18/2024 500.00 P"),
    saved("AAPL  241018C00230000", "AAPL 10/18/2024 230.00 C"),
  ],
};

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("SavedOptionOrderStore", () => {
  it("splits the saved orders into calls and puts, each sorted by symbol", async () => {
    const { root } = testRoot({ [LIST]: () => jsonResponse(200, LIST_ANSWER) });

    await root.options.savedOrders.load();

    expect(root.options.savedOrders.calls.map((o) => o.optionChainSymbol)).toEqual([
      "AAPL  241018C00230000",
      "TSLA  241018C00250000",
    ]);
    expect(root.options.savedOrders.puts.map((o) => o.optionChainDescription)).toEqual(["SPY 10/18/2024 500.00 P"]);
    expect(root.options.savedOrders.calls[0]).toMatchObject({ optionChainQuantity: "2", optionChainPrice: "1.5" });
  });

  it("removes one by symbol and shows the list the server answers", async () => {
    const { root, requests } = testRoot({
      [LIST]: () => jsonResponse(200, LIST_ANSWER),
      [REMOVE]: () => jsonResponse(200, { success: true, list: LIST_ANSWER.list.slice(1) }),
    });
    await root.options.savedOrders.load();

    await expect(root.options.savedOrders.remove("TSLA  241018C00250000")).resolves.toEqual({
      ok: true,
      message: "Remove option contract save order successful",
    });

    expect(calls(requests).at(-1)).toEqual([
      "DELETE",
      "/api/option_contract_save_order/remove_option_contract_save_order/COMMON",
      '{"optionChainSymbol":"TSLA  241018C00250000"}',
    ]);
    expect(root.options.savedOrders.calls.map((o) => o.optionChainSymbol)).toEqual(["AAPL  241018C00230000"]);
  });

  it("says 'Remove option contract save order failed' when the server refuses", async () => {
    const { root } = testRoot({
      [REMOVE]: () => jsonResponse(404, { error: "No saved order for that option symbol", code: "not_found" }),
    });

    await expect(root.options.savedOrders.remove("X")).resolves.toEqual({
      ok: false,
      message: "Remove option contract save order failed: No saved order for that option symbol",
    });
  });

  it("P on a saved order opens the place dialog filled with it", async () => {
    const { root } = testRoot({
      [LIST]: () => jsonResponse(200, LIST_ANSWER),
      "GET /api/operator/settings": () => jsonResponse(502, { error: "down" }),
      "GET /api/trading_account/database": () => jsonResponse(200, []),
    });
    await root.options.savedOrders.load();
    const [order] = root.options.savedOrders.puts;
    if (order === undefined) {
      throw new Error("expected a put");
    }

    root.options.placeSaved(order);

    const dialog = root.options.placeDialog;
    expect(dialog.isOpen).toBe(true);
    expect([dialog.stockPair, dialog.symbol, dialog.description]).toEqual([
      "SPY",
      "SPY   241018P00500000",
      "SPY 10/18/2024 500.00 P",
    ]);
    expect([dialog.form.instruction, dialog.form.orderType, dialog.form.quantity, dialog.form.price]).toEqual([
      "BUY_TO_OPEN",
      "LIMIT",
      "2",
      "1.50",
    ]);
  });
});
