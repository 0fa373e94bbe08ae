// Tests of the leg dialogs: cancel legs, replace legs, re-place legs and the individual delete, with their bodies and texts.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson, OPERATOR_SETTINGS_JSON } from "../../shared/test/accountFixtures";
import { jsonResponse, textResponse } from "../../shared/test/fakeTransport";
import { calls, testRoot } from "../../shared/test/testRoot";
import { HIGH_CALL, LOW_CALL, verticalRowsJson, type VerticalRowJson } from "../test/verticalFixtures";
import { byOrder, parseVerticalOrderRow, parseVerticalSessions, type VerticalSession } from "./VerticalOrderRow";
import { LegDraft, priceLegsFromQuotes } from "./LegDraft";
import type { Quote } from "../../shared/quotes/Quote";

const CANCEL = "DELETE /api/copy_trading_account/cancel_order/VERTICAL";
const CANCEL_ONE = "DELETE /api/copy_trading_account/cancel_order_individual/VERTICAL";
const REPLACE = "PUT /api/copy_trading_account/replace_individual_legs/VERTICAL";
const PLACE = "POST /api/copy_trading_account/place_order/VERTICAL";

function session(rows: VerticalRowJson[]): VerticalSession {
  const [parsed] = parseVerticalSessions({ [String(rows[0]?.agentTradingSessionID)]: rows });
  if (parsed === undefined) {
    throw new Error("no session");
  }
  return parsed;
}

function harness() {
  return testRoot({
    "GET /api/operator/settings": () => jsonResponse(200, OPERATOR_SETTINGS_JSON),
    "GET /api/trading_account/database": () =>
      jsonResponse(200, [accountJson(1), accountJson(2), accountJson(3, { accountType: "big_account" })]),
  });
}

function sent(requests: Parameters<typeof calls>[0], method: string) {
  return calls(requests).filter(([m]) => m === method);
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("CancelLegsDialogStore", () => {
  const rows = [
    ...verticalRowsJson(7, 1),
    ...verticalRowsJson(7, 2, { optionChainStatus: "CANCELED", optionChainOwnStatusColor: "none" }),
    ...verticalRowsJson(7, 3),
  ];

  it("opens with nothing ticked; chooses each open order once for both its legs; CANCELED legs cannot be chosen", () => {
    const { root } = harness();
    const dialog = root.verticals.cancelDialog;
    dialog.open(session(rows));
    expect(dialog.targets).toEqual([]);
    for (const row of dialog.rows.filter((entry) => entry.optionChainLegIndex === 0)) {
      dialog.setChosen(row, true);
    }
    expect(dialog.targets.map((target) => target.accountId)).toEqual([1, 3]);
    const canceledLeg = dialog.rows.find((row) => row.accountId === 2);
    if (canceledLeg === undefined) throw new Error("missing row");
    dialog.setChosen(canceledLeg, true);
    expect(dialog.targets.map((target) => target.accountId)).toEqual([1, 3]);
    const secondLegOfOne = dialog.rows.find((row) => row.accountId === 1 && row.optionChainLegIndex === 1);
    if (secondLegOfOne === undefined) throw new Error("missing row");
    dialog.setChosen(secondLegOfOne, false);
    expect(dialog.targets.map((target) => target.accountId)).toEqual([3]);
  });

  it("with none chosen says 'Please select at least one leg to cancel.' and sends nothing", async () => {
    const { root, requests } = harness();
    const dialog = root.verticals.cancelDialog;
    dialog.open(session(rows), []);
    await expect(dialog.submit()).resolves.toEqual({ ok: false, message: "Please select at least one leg to cancel." });
    expect(sent(requests, "DELETE")).toEqual([]);
  });

  it("sends the chosen orders and says 'Selected legs canceled successfully'", async () => {
    const { root, requests, server } = harness();
    server.on(CANCEL, () => textResponse(200, "success"));
    const dialog = root.verticals.cancelDialog;
    dialog.open(session(rows), rows.map((row) => parseVerticalOrderRow(row, "row")));
    await expect(dialog.submit()).resolves.toEqual({ ok: true, message: "Selected legs canceled successfully" });
    expect(sent(requests, "DELETE")).toEqual([
      [
        "DELETE",
        "/api/copy_trading_account/cancel_order/VERTICAL",
        JSON.stringify({
          agentTradingSessionID: 7,
          allTradingAccountsOrderList: [
            { accountId: 1, accountName: "Account 1", accountUsername: "user1", optionChainOrderId: 701 },
            { accountId: 3, accountName: "Account 3", accountUsername: "user3", optionChainOrderId: 703 },
          ],
        }),
      ],
    ]);
    expect(dialog.isOpen).toBe(false);
  });

  it("a refusal says 'Order cancellation failed' with the reason and stays open", async () => {
    const { root, server } = harness();
    server.on(CANCEL, () => jsonResponse(409, { error: "the order is already canceled", code: "already_canceled" }));
    const dialog = root.verticals.cancelDialog;
    dialog.open(session(rows), rows.map((row) => parseVerticalOrderRow(row, "row")));
    await expect(dialog.submit()).resolves.toEqual({
      ok: false,
      message: "Order cancellation failed: the order is already canceled",
    });
    expect([dialog.isOpen, dialog.pending]).toEqual([true, false]);
  });
});

describe("ReplaceLegsDialogStore", () => {
  const rows = [...verticalRowsJson(7, 1), ...verticalRowsJson(7, 2, { optionChainQuantity: 3 }), ...verticalRowsJson(7, 3, { optionChainStatus: "FILLED" })];

  it("offers only WORKING, QUEUED, PENDING_ACTIVATION or REPLACED legs, starting at the net on the primary leg", () => {
    const { root } = harness();
    const dialog = root.verticals.replaceDialog;
    dialog.open(session(rows));
    expect(dialog.drafts.map((draft) => [draft.row.accountId, draft.form.price, draft.form.quantity])).toEqual([
      [1, "0.65", "1"],
      [1, "0.00", "1"],
      [2, "0.65", "3"],
      [2, "0.00", "3"],
    ]);
    const first = dialog.drafts[0];
    if (first === undefined) throw new Error("no draft");
    expect(dialog.netOfOrder(first.orderKey)).toEqual({ type: "NET_DEBIT", price: 0.65 });
  });

  it("sets every order's net at once from one field, keeping each order's debit or credit", () => {
    const { root } = harness();
    const dialog = root.verticals.replaceDialog;
    dialog.open(session(rows));
    dialog.setEveryNet("abc");
    dialog.applyEveryNet();
    expect(dialog.everyNetProblem).toBe("Set every net to: Must be a number of at least 0");
    expect(dialog.drafts.map((draft) => draft.form.price)).toEqual(["0.65", "0.00", "0.65", "0.00"]);
    dialog.setEveryNet("1.1");
    dialog.applyEveryNet();
    expect(dialog.everyNetProblem).toBeNull();
    expect(dialog.drafts.map((draft) => draft.form.price)).toEqual(["1.10", "0.00", "1.10", "0.00"]);
    const keys = [...new Set(dialog.drafts.map((draft) => draft.orderKey))];
    expect(keys.map((key) => dialog.newPriceText(key))).toEqual(["NET_DEBIT 1.10", "NET_DEBIT 1.10"]);
  });

  it("shows a single-leg order's new price as its own type and price, not as a net", () => {
    const { root } = harness();
    const dialog = root.verticals.replaceDialog;
    const [leg] = verticalRowsJson(9, 1, { optionChainOrderType: "LIMIT", optionChainPrice: 50 });
    if (leg === undefined) throw new Error("no leg");
    dialog.open(session([{ ...leg, optionChainInstruction: "SELL_TO_CLOSE", optionChainLegIndex: 0 }]));
    const [only] = dialog.drafts;
    if (only === undefined) throw new Error("no draft");
    expect(dialog.newPriceText(only.orderKey)).toBe("LIMIT 50.00");
    dialog.setEveryNet("48.5");
    dialog.applyEveryNet();
    expect(dialog.newPriceText(only.orderKey)).toBe("LIMIT 48.50");
  });

  it("with none chosen says 'Please select at least one leg to replace.'", async () => {
    const { root, requests } = harness();
    const dialog = root.verticals.replaceDialog;
    dialog.open(session(rows), []);
    await expect(dialog.submit()).resolves.toEqual({ ok: false, message: "Please select at least one leg to replace." });
    expect(sent(requests, "PUT")).toEqual([]);
  });

  it("sends legsToUpdate for both legs of each chosen order and says 'Replace order successful'", async () => {
    const { root, requests, server } = harness();
    server.on(REPLACE, () => textResponse(200, "success"));
    const parsed = session(rows);
    const dialog = root.verticals.replaceDialog;
    dialog.open(parsed, parsed.rows.filter((row) => row.accountId === 2));
    const [buy, sell] = dialog.chosenDrafts;
    if (buy === undefined || sell === undefined) throw new Error("no drafts");
    buy.form.setPrice("1.20");
    sell.form.setPrice("0.40");
    expect(dialog.netOfOrder(buy.orderKey)).toEqual({ type: "NET_DEBIT", price: 0.8 });
    await expect(dialog.submit()).resolves.toEqual({ ok: true, message: "Replace order successful" });
    expect(sent(requests, "PUT")).toEqual([
      [
        "PUT",
        "/api/copy_trading_account/replace_individual_legs/VERTICAL",
        JSON.stringify({
          agentTradingSessionID: 7,
          legsToUpdate: [
            {
              accountId: 2,
              optionChainOrderId: 702,
              optionChainSymbol: LOW_CALL.symbol,
              newInstruction: "BUY_TO_OPEN",
              newOrderType: "LIMIT",
              newQuantity: 3,
              newPrice: 1.2,
            },
            {
              accountId: 2,
              optionChainOrderId: 702,
              optionChainSymbol: HIGH_CALL.symbol,
              newInstruction: "SELL_TO_OPEN",
              newOrderType: "LIMIT",
              newQuantity: 3,
              newPrice: 0.4,
            },
          ],
        }),
      ],
    ]);
  });

  it("keeps each order's own net while the legs' quotes are read: untouched, it changes nothing and is not sent", async () => {
    const { root, requests, server, quoteScheduler } = harness();
    server.on("GET /api/copy_trading_account/get_option_quotes/COMMON", () =>
      jsonResponse(200, [
        { symbol: LOW_CALL.symbol, bid: 5.12, ask: 5.22, last: 5.17, mark: 5.17 },
        { symbol: HIGH_CALL.symbol, bid: 4.52, ask: 4.62, last: 4.57, mark: 4.57 },
      ]),
    );
    server.on(REPLACE, () => textResponse(200, "success"));
    const parsed = session(verticalRowsJson(7, 1, { optionChainPrice: 0.6 }));
    const dialog = root.verticals.replaceDialog;
    const soldLeg = parsed.rows[1];
    if (soldLeg === undefined) throw new Error("no sold leg");
    dialog.open(parsed, [soldLeg]);
    quoteScheduler.fire();
    await vi.waitFor(() => expect(dialog.quotes.quoteOf(LOW_CALL.symbol)?.mark).toBe(5.17));
    expect(dialog.drafts.map((draft) => draft.form.price)).toEqual(["0.60", "0.00"]);
    // Ticking the sold leg chose its whole order: both legs are sent, the bought one at its own terms.
    expect(dialog.chosenDrafts.map((draft) => draft.row.optionChainLegIndex)).toEqual([0, 1]);
    const key = dialog.drafts[0]?.orderKey ?? "";
    expect(dialog.netOfOrder(key)).toEqual({ type: "NET_DEBIT", price: 0.6 });
    await expect(dialog.submit()).resolves.toEqual({
      ok: false,
      message: "Replace order failed: nothing to change: every order already has these terms",
    });
    expect(sent(requests, "PUT")).toEqual([]);
    expect(dialog.nothingToChange).toBe(true);
    // A new net is a change: the bought leg's price moves, the sold leg keeps its own terms.
    dialog.drafts[0]?.form.setPrice("0.65");
    expect(dialog.nothingToChange).toBe(false);
    await expect(dialog.submit()).resolves.toEqual({ ok: true, message: "Replace order successful" });
    const body = JSON.parse(sent(requests, "PUT")[0]?.[2] ?? "null") as { legsToUpdate: { newPrice: number }[] };
    expect(body.legsToUpdate.map((leg) => leg.newPrice)).toEqual([0.65, 0]);
  });

  it("starts a credit spread whose first leg is bought at its net on the sold leg", () => {
    const { root } = harness();
    const dialog = root.verticals.replaceDialog;
    dialog.open(session(verticalRowsJson(7, 1, { optionChainOrderType: "NET_CREDIT", optionChainPrice: 1.25 })));
    expect(dialog.drafts.map((draft) => draft.form.price)).toEqual(["0.00", "1.25"]);
    expect(dialog.netOfOrder(dialog.drafts[0]?.orderKey ?? "")).toEqual({ type: "NET_CREDIT", price: 1.25 });
  });

  it("refuses legs of one order with different order types, or a price that cannot be sent, and sends nothing", async () => {
    const { root, requests } = harness();
    const dialog = root.verticals.replaceDialog;
    dialog.open(session(verticalRowsJson(7, 1)));
    const [buy, sell] = dialog.drafts;
    if (buy === undefined || sell === undefined) throw new Error("no drafts");
    sell.form.setOrderType("MARKET");
    expect(dialog.netOfOrder(buy.orderKey)).toBeNull();
    const mixed = "Leg 2 Order Type must be LIMIT like leg 1: a spread is one order at one net price";
    expect(dialog.orderProblem(buy.orderKey)).toBe(mixed);
    await expect(dialog.submit()).resolves.toEqual({
      ok: false,
      message: `Replace order failed: Order of Account 1: ${mixed}`,
    });
    sell.form.setOrderType("LIMIT");
    sell.form.setPrice("0.655");
    await expect(dialog.submit()).resolves.toEqual({
      ok: false,
      message: `Replace order failed: Price of ${HIGH_CALL.description} of Account 1 must be in steps of 0.01`,
    });
    await expect(dialog.checkAccounts()).resolves.toEqual({
      ok: false,
      message: `Checking the accounts failed: Price of ${HIGH_CALL.description} of Account 1 must be in steps of 0.01`,
    });
    expect(sent(requests, "PUT")).toEqual([]);
    expect(sent(requests, "POST")).toEqual([]);
  });

  it("a refusal says 'Replace order failed' with the reason", async () => {
    const { root, server } = harness();
    server.on(REPLACE, () => jsonResponse(409, { error: "the order is FILLED", code: "not_replaceable" }));
    const dialog = root.verticals.replaceDialog;
    dialog.open(session(rows));
    for (const draft of dialog.drafts) {
      draft.form.setQuantity("4");
    }
    await expect(dialog.submit()).resolves.toEqual({ ok: false, message: "Replace order failed: the order is FILLED" });
    expect(dialog.isOpen).toBe(true);
  });
});

describe("PlaceAgainDialogStore", () => {
  const rows = [...verticalRowsJson(7, 3, { optionChainQuantity: 6 }), ...verticalRowsJson(7, 1, { optionChainQuantity: 2 })];

  it("starts from the first account's legs with the quantity divided by its tier multiplier", async () => {
    const { root } = harness();
    const dialog = root.verticals.rePlaceDialog;
    dialog.open(session(rows));
    await vi.waitFor(() => expect(dialog.tiers.ready).toBe(true));
    expect(dialog.drafts.map((draft) => [draft.row.optionChainSymbol, draft.form.quantity, draft.form.price])).toEqual([
      [LOW_CALL.symbol, "2", "0.65"],
      [HIGH_CALL.symbol, "2", "0.00"],
    ]);
    expect(dialog.net).toEqual({ type: "NET_DEBIT", price: 0.65 });
    expect(dialog.previewText).toContain("Total 10 spreads on 3 accounts");
  });

  it("with no leg ticked says 'Please select at least one leg to place.'", async () => {
    const { root, requests } = harness();
    const dialog = root.verticals.rePlaceDialog;
    dialog.open(session(rows));
    for (const draft of dialog.drafts) dialog.setChosen(draft, false);
    await expect(dialog.submit()).resolves.toEqual({ ok: false, message: "Please select at least one leg to place." });
    expect(sent(requests, "POST")).toEqual([]);
  });

  it("places the ticked legs as a new order: 'Selected legs placed successfully as new orders.'", async () => {
    const { root, requests, server } = harness();
    server.on(PLACE, () => textResponse(200, "success"));
    const dialog = root.verticals.rePlaceDialog;
    dialog.open(session(rows));
    await vi.waitFor(() => expect(dialog.tiers.ready).toBe(true));
    dialog.drafts[1]?.form.setPrice("0.25");
    await expect(dialog.submit()).resolves.toEqual({
      ok: true,
      message: "Selected legs placed successfully as new orders.",
    });
    expect(sent(requests, "POST")).toEqual([
      [
        "POST",
        "/api/copy_trading_account/place_order/VERTICAL",
        JSON.stringify({
          allTradingAccountsOrderList: [],
          orderLegs: [
            {
              optionChainSymbol: LOW_CALL.symbol,
              optionChainDescription: LOW_CALL.description,
              optionChainInstruction: "BUY_TO_OPEN",
              optionChainOrderType: "LIMIT",
              optionChainQuantity: 2,
              optionChainPrice: 0.65,
            },
            {
              optionChainSymbol: HIGH_CALL.symbol,
              optionChainDescription: HIGH_CALL.description,
              optionChainInstruction: "SELL_TO_OPEN",
              optionChainOrderType: "LIMIT",
              optionChainQuantity: 2,
              optionChainPrice: 0.25,
            },
          ],
        }),
      ],
    ]);
  });

  it("a refusal says 'Place order failed: ' with the server's text", async () => {
    const { root, server } = harness();
    server.on(PLACE, () => jsonResponse(400, { error: "exactly two legs are needed", code: "bad" }));
    const dialog = root.verticals.rePlaceDialog;
    dialog.open(session(rows));
    const second = dialog.drafts[1];
    if (second === undefined) throw new Error("no second leg");
    dialog.setChosen(second, false);
    await expect(dialog.submit()).resolves.toEqual({
      ok: false,
      message: "Place order failed: exactly two legs are needed",
    });
  });
});

describe("DeleteOrderDialogStore", () => {
  it("asks about the order and cancels that account's order: 'Order deleted successful'", async () => {
    const { root, requests, server } = harness();
    server.on(CANCEL_ONE, () => textResponse(200, "success"));
    const dialog = root.verticals.deleteDialog;
    const row = session(verticalRowsJson(7, 2)).rows[1];
    if (row === undefined) throw new Error("no row");
    dialog.open(row);
    expect(dialog.question).toBe(`Are you sure to delete this order ${HIGH_CALL.description}?`);
    await expect(dialog.confirm()).resolves.toEqual({ ok: true, message: "Order deleted successful" });
    expect(sent(requests, "DELETE")).toEqual([
      [
        "DELETE",
        "/api/copy_trading_account/cancel_order_individual/VERTICAL",
        JSON.stringify({ agentTradingSessionID: 7, accountId: 2, accountUsername: "user2", optionChainOrderId: 702 }),
      ],
    ]);
  });

  it("does not open for a CANCELED leg, and a refusal says 'Order deleted failed' with the reason", async () => {
    const { root, server } = harness();
    server.on(CANCEL_ONE, () => jsonResponse(404, { error: "unknown order", code: "not_found" }));
    const dialog = root.verticals.deleteDialog;
    const canceled = session(verticalRowsJson(7, 2, { optionChainStatus: "CANCELED" })).rows[0];
    const working = session(verticalRowsJson(7, 2)).rows[0];
    if (canceled === undefined || working === undefined) throw new Error("no row");
    dialog.open(canceled);
    expect(dialog.isOpen).toBe(false);
    dialog.open(working);
    await expect(dialog.confirm()).resolves.toEqual({ ok: false, message: "Order deleted failed: unknown order" });
  });
});

describe("priceLegsFromQuotes", () => {
  const quoteOf = (symbol: string): Quote => {
    const mark = symbol === LOW_CALL.symbol ? 2.4 : 1.75;
    return { symbol, bid: mark - 0.05, ask: mark + 0.05, last: mark, mark };
  };

  it("leaves an order's legs as they are while one of its price fields has the focus, and prices them otherwise", () => {
    const rows = session(verticalRowsJson(7, 1)).rows;
    const focused = rows.map((row) => new LegDraft(row));
    focused[1]?.form.setPriceFocused(true);
    priceLegsFromQuotes(focused, quoteOf, new Set());
    expect(focused.map((draft) => draft.form.price)).toEqual(["0.65", "0.00"]);

    const idle = rows.map((row) => new LegDraft(row));
    priceLegsFromQuotes(idle, quoteOf, new Set());
    expect(idle.map((draft) => draft.form.price)).toEqual(["2.40", "1.75"]);
  });
});

describe("byOrder", () => {
  it("groups the legs of each account's order, in the order given", () => {
    const rows = session([...verticalRowsJson(7, 1), ...verticalRowsJson(7, 2)]).rows;
    const mixed = [rows[3], rows[0], rows[2], rows[1]].filter((row) => row !== undefined);
    const groups = byOrder(mixed, (row) => row);
    expect(Array.from(groups.keys())).toEqual(["2:702", "1:701"]);
    expect(Array.from(groups.values(), (legs) => legs.map((row) => row.optionChainLegIndex))).toEqual([
      [1, 0],
      [0, 1],
    ]);
  });
});
