// Tests of the saved sets: delete with confirmation and the Review Order Set placing a set.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson, OPERATOR_SETTINGS_JSON } from "../../shared/test/accountFixtures";
import { jsonResponse, textResponse } from "../../shared/test/fakeTransport";
import { calls, testRoot } from "../../shared/test/testRoot";
import { HIGH_CALL, LOW_CALL } from "../test/verticalFixtures";

const LIST = "GET /api/option_contract_save_order/get_option_contract_save_order_list/VERTICAL";
const REMOVE = "DELETE /api/option_contract_save_order/remove_option_contract_save_order/VERTICAL";
const PLACE = "POST /api/copy_trading_account/place_order/VERTICAL";

const LEGS = [
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
];

function harness() {
  const h = testRoot({
    [LIST]: () =>
      jsonResponse(200, {
        success: true,
        list: [
          { setName: "Bull call", orderLegs: JSON.stringify(LEGS) },
          { setName: "Empty", orderLegs: "[]" },
        ],
      }),
    "GET /api/operator/settings": () => jsonResponse(200, OPERATOR_SETTINGS_JSON),
    "GET /api/trading_account/database": () => jsonResponse(200, [accountJson(1)]),
  });
  return { ...h, verticals: h.root.verticals };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("OrderSetStore delete", () => {
  it("asks first; confirming sends the name and shows the answer's list: 'Set deleted successfully.'", async () => {
    const { verticals, requests, server } = harness();
    server.on(REMOVE, () => jsonResponse(200, { success: true, list: [{ setName: "Empty", orderLegs: "[]" }] }));
    await verticals.sets.load();
    verticals.sets.askDelete("Bull call");
    expect(verticals.sets.deleteName).toBe("Bull call");
    expect(requests.filter((r) => r.method === "DELETE")).toEqual([]);
    await expect(verticals.sets.confirmDelete()).resolves.toEqual({ ok: true, message: "Set deleted successfully." });
    expect(calls(requests).filter(([m]) => m === "DELETE")).toEqual([
      [
        "DELETE",
        "/api/option_contract_save_order/remove_option_contract_save_order/VERTICAL",
        JSON.stringify({ setName: "Bull call" }),
      ],
    ]);
    expect([verticals.sets.sets.map((set) => set.setName), verticals.sets.deleteName]).toEqual([["Empty"], null]);
  });

  it("cancelling the confirmation deletes nothing; a failure says 'Failed to delete set.'", async () => {
    const { verticals, requests, server } = harness();
    server.on(REMOVE, () => jsonResponse(404, { error: "no such set", code: "not_found" }));
    await verticals.sets.load();
    verticals.sets.askDelete("Bull call");
    verticals.sets.cancelDelete();
    expect(requests.filter((r) => r.method === "DELETE")).toEqual([]);
    verticals.sets.askDelete("Bull call");
    await expect(verticals.sets.confirmDelete()).resolves.toEqual({
      ok: false,
      message: "Failed to delete set. no such set",
    });
    expect(verticals.sets.sets.length).toBe(2);
  });
});

describe("ReviewSetDialogStore", () => {
  it("shows the set's net and places its legs: 'Order set placed successfully!'", async () => {
    const { verticals, requests, server } = harness();
    server.on(PLACE, () => textResponse(200, "success"));
    await verticals.sets.load();
    const set = verticals.sets.sets[0];
    if (set === undefined) throw new Error("no set");
    verticals.reviewDialog.open(set);
    expect(verticals.reviewDialog.net).toEqual({ type: "NET_DEBIT", price: 0.65 });
    await expect(verticals.reviewDialog.place()).resolves.toEqual({ ok: true, message: "Order set placed successfully!" });
    expect(calls(requests).filter(([m]) => m === "POST")).toEqual([
      [
        "POST",
        "/api/copy_trading_account/place_order/VERTICAL",
        JSON.stringify({ allTradingAccountsOrderList: [], orderLegs: LEGS }),
      ],
    ]);
    expect(verticals.reviewDialog.isOpen).toBe(false);
  });

  it("a set without legs says 'There are no orders in this set to place.' and sends nothing", async () => {
    const { verticals, requests } = harness();
    await verticals.sets.load();
    const empty = verticals.sets.sets[1];
    if (empty === undefined) throw new Error("no set");
    verticals.reviewDialog.open(empty);
    await expect(verticals.reviewDialog.place()).resolves.toEqual({
      ok: false,
      message: "There are no orders in this set to place.",
    });
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("an answer some accounts accepted says so as a warning and closes the dialog", async () => {
    const { verticals, server } = harness();
    await verticals.sets.load();
    const set = verticals.sets.sets[0];
    if (set === undefined) throw new Error("no set");
    verticals.reviewDialog.open(set);
    server.on(PLACE, () =>
      jsonResponse(200, { agentTradingSessionID: 4, accepted: [1], failed: [{ accountId: 2, accountName: "Beta", reason: "token expired" }] }),
    );
    await expect(verticals.reviewDialog.place()).resolves.toEqual({
      ok: true,
      partial: true,
      message: "Placed on 1 of 2 accounts; 1 not sent: token expired (1)",
    });
    expect(verticals.reviewDialog.isOpen).toBe(false);
  });

  it("an answer no account accepted is 'Failed to place orders: ' with the text; a refusal 'Error placing orders: ' with the message", async () => {
    const { verticals, server } = harness();
    await verticals.sets.load();
    const set = verticals.sets.sets[0];
    if (set === undefined) throw new Error("no set");
    verticals.reviewDialog.open(set);
    server.on(PLACE, () =>
      jsonResponse(200, { agentTradingSessionID: 4, accepted: [], failed: [{ accountId: 2, accountName: "Beta", reason: "token expired" }] }),
    );
    await expect(verticals.reviewDialog.place()).resolves.toEqual({
      ok: false,
      message: "Failed to place orders: Beta: token expired",
    });
    server.on(PLACE, () => jsonResponse(409, { error: "No active trading account", code: "no_active_accounts" }));
    await expect(verticals.reviewDialog.place()).resolves.toEqual({
      ok: false,
      message: "Error placing orders: No active trading account",
    });
    expect(verticals.reviewDialog.isOpen).toBe(true);
  });
});
