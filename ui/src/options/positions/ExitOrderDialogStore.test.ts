// Tests of the exit dialog's store: the single and selected payloads and their messages.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, textResponse } from "../../shared/test/fakeTransport";
import { positionJson, positionsAnswer, type PositionJson } from "../test/optionFixtures";
import type { RouteHandler } from "../../shared/test/routeResponder";
import { testRoot } from "../../shared/test/testRoot";

const EXIT = "POST /api/copy_trading_account/exit_order/COMMON";

async function withPositions(positions: PositionJson[], routes: Readonly<Record<string, RouteHandler>>) {
  const harness = testRoot({
    "GET /api/copy_trading_position_account/database/COMMON": () => jsonResponse(200, positionsAnswer(positions)),
    ...routes,
  });
  await harness.root.options.positionTable.load();
  return { ...harness, dialog: harness.root.options.exitDialog };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("ExitOrderDialogStore", () => {
  it("exits one row's position: 'Exit order successful'", async () => {
    const { root, dialog, requests } = await withPositions([positionJson(1), positionJson(2)], {
      [EXIT]: () => textResponse(200, "success"),
    });
    const [first] = root.options.positionTable.rows;
    if (first === undefined) {
      throw new Error("expected a position");
    }
    root.options.exitPosition(first);
    dialog.form.setPrice("1.3");

    await expect(dialog.submit()).resolves.toEqual({ ok: true, message: "Exit order successful" });

    expect(JSON.parse(requests.at(-1)?.body ?? "null")).toEqual({
      allTradingAccountsOrderList: [{ accountId: 1, accountName: "Account 1", accountUsername: "user1" }],
      optionChainSymbol: "AAPL  241018C00230000",
      optionChainInstruction: "SELL_TO_CLOSE",
      optionChainOrderType: "LIMIT",
      optionChainQuantity: 2,
      optionChainPrice: 1.3,
    });
    expect(dialog.isOpen).toBe(false);
  });

  it("exits the selected positions together and leaves selection mode", async () => {
    const { root, dialog, requests } = await withPositions([positionJson(1), positionJson(2)], {
      [EXIT]: () => textResponse(200, "success"),
    });
    root.options.positionTable.setSelectionMode(true);
    for (const position of root.options.positionTable.rows) {
      root.options.positionTable.setSelected(position, true);
    }
    root.options.exitSelected();
    dialog.form.setOrderType("MARKET");

    await expect(dialog.submit()).resolves.toEqual({ ok: true, message: "Exit order successful" });

    expect(JSON.parse(requests.at(-1)?.body ?? "null")).toMatchObject({
      allTradingAccountsOrderList: [{ accountId: 1 }, { accountId: 2 }],
      optionChainOrderType: "MARKET",
      optionChainPrice: 0,
    });
    expect(root.options.positionTable.selectionMode).toBe(false);
  });

  it.each([
    [
      "a refusal",
      () => jsonResponse(400, { error: "Quantity is more than the position holds", code: "bad_request" }),
      "Exit order failed: Quantity is more than the position holds",
    ],
    [
      "a partial answer",
      () => jsonResponse(200, { accepted: [], failed: [{ accountId: 1, reason: "no position" }] }),
      "Exit order failed: refused on 1 account (account 1: no position)",
    ],
  ])("says 'Exit order failed' with the reason on %s and stays open", async (_what, answer, message) => {
    const { root, dialog } = await withPositions([positionJson(1)], { [EXIT]: answer });
    const [first] = root.options.positionTable.rows;
    if (first === undefined) {
      throw new Error("expected a position");
    }
    root.options.exitPosition(first);

    await expect(dialog.submit()).resolves.toEqual({ ok: false, message });
    expect(dialog.isOpen).toBe(true);
  });
});
