// Tests of the replace dialog's store: defaults, the three scopes' payloads and their messages.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson, OPERATOR_SETTINGS_JSON } from "../../shared/test/accountFixtures";
import { jsonResponse, textResponse } from "../../shared/test/fakeTransport";
import { orderRowJson, ordersAnswer, type OrderRowJson } from "../test/optionFixtures";
import type { RouteHandler } from "../../shared/test/routeResponder";
import { testRoot } from "../../shared/test/testRoot";

const INDIVIDUAL = "PUT /api/copy_trading_account/replace_order_individual/COMMON";
const SELECTED = "PUT /api/copy_trading_account/replace_order/COMMON";

async function withSession(rows: OrderRowJson[], routes: Readonly<Record<string, RouteHandler>> = {}) {
  const harness = testRoot({
    "GET /api/copy_trading_account/database/COMMON": () => jsonResponse(200, ordersAnswer(rows)),
    "GET /api/operator/settings": () => jsonResponse(200, OPERATOR_SETTINGS_JSON),
    "GET /api/trading_account/database": () =>
      jsonResponse(200, [accountJson(1), accountJson(2, { accountType: "big_account" })]),
    ...routes,
  });
  await harness.root.options.orderTable.load();
  const session = harness.root.options.orderTable.sessions[0];
  if (session === undefined) {
    throw new Error("expected a session");
  }
  return { ...harness, session, dialog: harness.root.options.replaceDialog };
}

function sentBody(requests: readonly { method: string; body: string | undefined }[]): unknown {
  return JSON.parse(requests.filter((r) => r.method === "PUT").at(-1)?.body ?? "null");
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("ReplaceOrderDialogStore", () => {
  it("an individual replace is titled with the username and starts from the row, quantity before tiers", async () => {
    const { dialog, session } = await withSession([
      orderRowJson(7, 2, { optionChainQuantity: 6, optionChainPrice: 1.4, optionChainInstruction: "SELL_TO_OPEN" }),
    ]);
    const row = session.rows[0];
    if (row === undefined) {
      throw new Error("expected a row");
    }

    dialog.open("individual", 7, [row]);

    expect(dialog.title).toBe("Replace Order: user2");
    expect(dialog.form.instructions).toEqual(["BUY_TO_OPEN", "SELL_TO_OPEN", "SELL_TO_CLOSE", "BUY_TO_CLOSE"]);
    expect([dialog.form.instruction, dialog.form.orderType, dialog.form.price]).toEqual([
      "SELL_TO_OPEN",
      "LIMIT",
      "1.40",
    ]);
    await vi.waitFor(() => expect(dialog.form.quantity).toBe("2"));
    expect(dialog.previewText).toBe("Big ×3: 1 account → 6 contracts; Total 6 contracts on 1 account");
  });

  it("refuses terms every order already has, tier multiplier counted, before sending or checking anything", async () => {
    const { dialog, session, requests } = await withSession([
      orderRowJson(7, 1, { optionChainPrice: 1.25 }),
      orderRowJson(7, 2, { optionChainQuantity: 3, optionChainPrice: 1.25 }),
    ]);
    dialog.open("session", 7, session.rows);
    await vi.waitFor(() => expect(dialog.tiers.ready).toBe(true));
    const before = requests.length;

    await expect(dialog.checkAccounts()).resolves.toEqual({
      ok: false,
      message: "Checking the accounts failed: nothing to change: every order already has these terms",
    });
    await expect(dialog.submit()).resolves.toEqual({
      ok: false,
      message: "Replace order failed: nothing to change: every order already has these terms",
    });
    expect(dialog.nothingToChange).toBe(true);
    expect(requests.slice(before)).toEqual([]);
    // Big ×3: 2 contracts would send it 6 where it holds 3, a change.
    dialog.form.setQuantity("2");
    expect(dialog.nothingToChange).toBe(false);
  });

  it("sends an individual replace and says 'Replace order successful'", async () => {
    const { dialog, session, requests } = await withSession([orderRowJson(7, 1)], {
      [INDIVIDUAL]: () => textResponse(200, "success"),
    });
    dialog.open("individual", 7, session.rows);
    dialog.form.setPrice("1.1");

    await expect(dialog.submit()).resolves.toEqual({ ok: true, message: "Replace order successful" });

    expect(sentBody(requests)).toEqual({
      agentTradingSessionID: 7,
      accountId: 1,
      accountName: "Account 1",
      accountUsername: "user1",
      optionChainOrderId: 701,
      optionChainSymbol: "AAPL  241018C00230000",
      optionChainInstruction: "BUY_TO_OPEN",
      optionChainOrderType: "LIMIT",
      optionChainQuantity: 1,
      optionChainPrice: 1.1,
    });
    expect(dialog.isOpen).toBe(false);
  });

  it("says 'Replace order failed' and stays open when the server refuses", async () => {
    const { dialog, session } = await withSession([orderRowJson(7, 1)], {
      [INDIVIDUAL]: () => jsonResponse(409, { error: "order 701 of account 1 is FILLED", code: "not_replaceable" }),
    });
    dialog.open("individual", 7, session.rows);

    await expect(dialog.submit()).resolves.toEqual({
      ok: false,
      message: "Replace order failed: order 701 of account 1 is FILLED",
    });
    expect(dialog.isOpen).toBe(true);
  });

  it.each([
    ["1.5", "1.10", "quantity", "Replace order failed: Quantity must be a whole number of at least 1"],
    ["0", "1.10", "quantity", "Replace order failed: Quantity must be a whole number of at least 1"],
    ["2", "-1", "price", "Replace order failed: Price must be a number of at least 0"],
    ["2", "0", "price", "Replace order failed: Price must be more than 0 for a LIMIT order"],
    ["2", "1.005", "price", "Replace order failed: Price must be in steps of 0.01"],
  ])("refuses quantity %j at price %j without a request and marks the %s", async (quantity, price, field, message) => {
    const { dialog, session, requests } = await withSession([orderRowJson(7, 1)]);
    dialog.open("individual", 7, session.rows);
    dialog.form.fill({ instruction: "BUY_TO_OPEN", orderType: "LIMIT", quantity, price });
    expect([dialog.form.shownQuantityProblem, dialog.form.shownPriceProblem]).toEqual([null, null]);

    await expect(dialog.submit()).resolves.toEqual({ ok: false, message });

    expect(requests.filter((request) => request.method === "PUT")).toEqual([]);
    expect(dialog.isOpen).toBe(true);
    const marked = field === "quantity" ? dialog.form.shownQuantityProblem : dialog.form.shownPriceProblem;
    expect(marked).not.toBeNull();
    expect(message.toLowerCase()).toContain(marked?.toLowerCase());
  });

  it("sends the selected orders together and says 'Replace selected order successful'", async () => {
    const { dialog, session, requests } = await withSession([orderRowJson(8, 1), orderRowJson(8, 2)], {
      [SELECTED]: () => textResponse(200, "success"),
    });
    dialog.open("selected", 8, session.rows);
    dialog.form.setOrderType("MARKET");

    expect(dialog.title).toBe("Replace Selected Orders");
    await expect(dialog.submit()).resolves.toEqual({ ok: true, message: "Replace selected order successful" });
    expect(sentBody(requests)).toEqual({
      agentTradingSessionID: 8,
      allTradingAccountsOrderList: [
        { accountId: 1, accountName: "Account 1", accountUsername: "user1", optionChainOrderId: 801 },
        { accountId: 2, accountName: "Account 2", accountUsername: "user2", optionChainOrderId: 802 },
      ],
      optionChainSymbol: "AAPL  241018C00230000",
      optionChainInstruction: "BUY_TO_OPEN",
      optionChainOrderType: "MARKET",
      optionChainQuantity: 1,
      optionChainPrice: 0,
    });
  });

  it("a partial answer to the selected replace says where it replaced and why not elsewhere, and closes", async () => {
    const { dialog, session } = await withSession([orderRowJson(8, 1), orderRowJson(8, 2)], {
      [SELECTED]: () => jsonResponse(200, { accepted: [1], failed: [{ accountId: 2, accountName: "B", reason: "x" }] }),
    });
    dialog.open("selected", 8, session.rows);

    await expect(dialog.submit()).resolves.toEqual({
      ok: true,
      partial: true,
      message: "Replaced on 1 of 2 accounts; 1 not replaced: x (1)",
    });
    expect(dialog.isOpen).toBe(false);
  });

  it("an answer no account accepted is 'Replace selected order failed' and keeps the dialog open", async () => {
    const { dialog, session } = await withSession([orderRowJson(8, 1), orderRowJson(8, 2)], {
      [SELECTED]: () => jsonResponse(200, { accepted: [], failed: [{ accountId: 2, accountName: "B", reason: "x" }] }),
    });
    dialog.open("selected", 8, session.rows);

    await expect(dialog.submit()).resolves.toEqual({
      ok: false,
      message: "Replace selected order failed: refused on 1 account (B: x)",
    });
    expect(dialog.isOpen).toBe(true);
  });

  it("R on a session replaces its replaceable rows through the selected call", async () => {
    const { root, session, requests } = await withSession(
      [orderRowJson(9, 1), orderRowJson(9, 2, { optionChainStatus: "FILLED" })],
      { [SELECTED]: () => textResponse(200, "success") },
    );

    root.options.replaceSession(session);
    const dialog = root.options.replaceDialog;

    expect(dialog.title).toBe("Replace Orders of Session 9");
    expect(dialog.targets.map((r) => r.accountId)).toEqual([1]);
    await expect(dialog.submit()).resolves.toEqual({ ok: true, message: "Replace order successful" });
    expect(sentBody(requests)).toMatchObject({
      agentTradingSessionID: 9,
      allTradingAccountsOrderList: [{ accountId: 1 }],
    });
  });
});
