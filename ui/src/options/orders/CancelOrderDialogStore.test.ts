// Tests of the cancel dialog's store: the three scopes' payloads and their messages.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, textResponse } from "../../shared/test/fakeTransport";
import { orderRowJson, ordersAnswer, type OrderRowJson } from "../test/optionFixtures";
import type { RouteHandler } from "../../shared/test/routeResponder";
import { calls, testRoot } from "../../shared/test/testRoot";

const INDIVIDUAL = "DELETE /api/copy_trading_account/cancel_order_individual/COMMON";
const SELECTED = "DELETE /api/copy_trading_account/cancel_order/COMMON";

async function withSession(rows: OrderRowJson[], routes: Readonly<Record<string, RouteHandler>>) {
  const harness = testRoot({
    "GET /api/copy_trading_account/database/COMMON": () => jsonResponse(200, ordersAnswer(rows)),
    ...routes,
  });
  await harness.root.options.orderTable.load();
  const session = harness.root.options.orderTable.sessions[0];
  if (session === undefined) {
    throw new Error("expected a session");
  }
  return { ...harness, session, dialog: harness.root.options.cancelDialog };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("CancelOrderDialogStore", () => {
  it("cancels one account's order, titled with its username: 'Order deleted successful'", async () => {
    const { dialog, session, requests } = await withSession([orderRowJson(4, 2), orderRowJson(4, 3)], {
      [INDIVIDUAL]: () => textResponse(200, "success"),
    });
    const row = session.rows[1];
    if (row === undefined) {
      throw new Error("expected two rows");
    }

    dialog.open("individual", 4, [row]);

    expect(dialog.title).toBe("Option Delete Order: user3");
    expect(dialog.question).toBe("Cancel the order AAPL 10/18/2024 230.00 C on 1 account (1 contract)?");
    await expect(dialog.confirm()).resolves.toEqual({ ok: true, message: "Order deleted successful" });
    expect(calls(requests).filter(([method]) => method === "DELETE")).toEqual([
      [
        "DELETE",
        "/api/copy_trading_account/cancel_order_individual/COMMON",
        '{"agentTradingSessionID":4,"accountId":3,"accountUsername":"user3","optionChainOrderId":403}',
      ],
    ]);
    expect(dialog.isOpen).toBe(false);
  });

  it("says 'Order deleted failed' when the server refuses", async () => {
    const { dialog, session } = await withSession([orderRowJson(4, 2)], {
      [INDIVIDUAL]: () => jsonResponse(409, { error: "The order is already canceled", code: "already_canceled" }),
    });
    dialog.open("individual", 4, session.rows);

    await expect(dialog.confirm()).resolves.toEqual({
      ok: false,
      message: "Order deleted failed: The order is already canceled",
    });
    expect(dialog.isOpen).toBe(true);
  });

  it("cancels the selected orders together: 'Selected order deleted successful' / 'failed'", async () => {
    const state = { answer: textResponse(200, "success") };
    const { dialog, session, requests } = await withSession([orderRowJson(4, 2), orderRowJson(4, 3)], {
      [SELECTED]: () => state.answer,
    });
    dialog.open("selected", 4, session.rows);

    expect(dialog.title).toBe("Option Delete Selected Orders");
    expect(dialog.question).toBe("Cancel the order AAPL 10/18/2024 230.00 C on 2 accounts (1 contract each, 2 in all)?");
    await expect(dialog.confirm()).resolves.toEqual({ ok: true, message: "Selected order deleted successful" });
    expect(JSON.parse(requests.at(-1)?.body ?? "null")).toEqual({
      agentTradingSessionID: 4,
      allTradingAccountsOrderList: [
        { accountId: 2, accountName: "Account 2", accountUsername: "user2", optionChainOrderId: 402 },
        { accountId: 3, accountName: "Account 3", accountUsername: "user3", optionChainOrderId: 403 },
      ],
    });

    state.answer = jsonResponse(200, {
      accepted: [2],
      failed: [{ accountId: 3, accountName: "Account 3", reason: "x" }],
    });
    dialog.open("selected", 4, session.rows);
    await expect(dialog.confirm()).resolves.toEqual({
      ok: true,
      partial: true,
      message: "Canceled on 1 of 2 accounts; 1 not canceled: x (1)",
    });
    expect(dialog.isOpen).toBe(false);

    state.answer = jsonResponse(200, {
      accepted: [],
      failed: [{ accountId: 3, accountName: "Account 3", reason: "x" }],
    });
    dialog.open("selected", 4, session.rows);
    await expect(dialog.confirm()).resolves.toEqual({
      ok: false,
      message: "Selected order deleted failed: refused on 1 account (Account 3: x)",
    });
    expect(dialog.isOpen).toBe(true);
  });

  it("C on a session cancels its open rows", async () => {
    const { root, session, requests } = await withSession(
      [orderRowJson(6, 1), orderRowJson(6, 2, { optionChainStatus: "CANCELED", optionChainOwnStatusColor: "none" })],
      { [SELECTED]: () => textResponse(200, "success") },
    );

    root.options.cancelSession(session);

    expect(root.options.cancelDialog.targets.map((r) => r.accountId)).toEqual([1]);
    await expect(root.options.cancelDialog.confirm()).resolves.toEqual({
      ok: true,
      message: "Order deleted successful",
    });
    expect(JSON.parse(requests.at(-1)?.body ?? "null")).toMatchObject({
      agentTradingSessionID: 6,
      allTradingAccountsOrderList: [{ accountId: 1, optionChainOrderId: 601 }],
    });
  });
});
