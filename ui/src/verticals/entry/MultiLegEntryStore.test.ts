// Tests of Multi-Leg Order Entry: the chain, staging legs and their messages, the net, placing and saving a set.
import { runInAction } from "mobx";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson, OPERATOR_SETTINGS_JSON } from "../../shared/test/accountFixtures";
import { jsonResponse, textResponse } from "../../shared/test/fakeTransport";
import type { RouteHandler } from "../../shared/test/routeResponder";
import { calls, testRoot } from "../../shared/test/testRoot";
import { HIGH_CALL, LOW_CALL, VERTICAL_CHAIN } from "../test/verticalFixtures";

const CHAIN = "GET /api/copy_trading_account/get_option_chain_list/COMMON";
const PLACE = "POST /api/copy_trading_account/place_order/VERTICAL";
const SAVE = "POST /api/option_contract_save_order/add_option_contract_save_order/VERTICAL";

function entryHarness(routes: Readonly<Record<string, RouteHandler>> = {}) {
  const harness = testRoot({
    "GET /api/operator/settings": () => jsonResponse(200, OPERATOR_SETTINGS_JSON),
    "GET /api/trading_account/database": () =>
      jsonResponse(200, [accountJson(1), accountJson(2), accountJson(3, { accountType: "big_account" })]),
    [CHAIN]: () => jsonResponse(200, VERTICAL_CHAIN),
    ...routes,
  });
  return { ...harness, entry: harness.root.verticals.entry };
}

/** Stages buy 230 at its bid 1.10 and sell 235 at its bid 0.45. */
async function stageVertical(entry: ReturnType<typeof entryHarness>["entry"]) {
  entry.open();
  entry.setTicker("aapl");
  await entry.setSide("CALL");
  entry.setStrike("230.0");
  expect(entry.addLeg()).toBeNull();
  entry.setStrike("235.0");
  entry.form.setInstruction("SELL_TO_OPEN");
  expect(entry.addLeg()).toBeNull();
}

const STAGED_LEGS = [
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

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("MultiLegEntryStore chain", () => {
  it("CALL loads the ticker's chain (upper-cased) and picks the first expiry and the lowest strike at its bid", async () => {
    const { entry, requests } = entryHarness();
    entry.open();
    entry.setTicker("aapl");
    await expect(entry.setSide("CALL")).resolves.toBeNull();
    expect(requests.find((r) => r.url.includes("get_option_chain_list"))?.url).toBe(
      "/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=AAPL&optionChainCallPut=CALL",
    );
    expect(entry.chain.map((expiry) => expiry.label)).toEqual(["18-10-2024 (4)"]);
    expect([entry.strike, entry.form.price, entry.form.quantity, entry.form.instruction, entry.form.orderType]).toEqual([
      "230.0",
      "1.10",
      "1",
      "BUY_TO_OPEN",
      "LIMIT",
    ]);
  });

  it("a failed chain says 'Failed to get option chain.' with the server's reason", async () => {
    const { entry } = entryHarness({ [CHAIN]: () => jsonResponse(404, { error: "Unknown ticker ZZZ", code: "x" }) });
    entry.open();
    entry.setTicker("zzz");
    await expect(entry.setSide("PUT")).resolves.toEqual({
      ok: false,
      message: "Failed to get option chain. Unknown ticker ZZZ",
    });
    expect(entry.chain).toEqual([]);
  });
});

describe("MultiLegEntryStore legs", () => {
  it("Add leg without a contract says 'Please select a valid option contract first.' and stages nothing", () => {
    const { entry } = entryHarness();
    entry.open();
    expect(entry.addLeg()).toEqual({ ok: false, message: "Please select a valid option contract first." });
    expect(entry.legs).toEqual([]);
  });

  it("staged legs show their net before sending and can be removed", async () => {
    const { entry } = entryHarness();
    await stageVertical(entry);
    expect(entry.legs).toEqual(STAGED_LEGS);
    expect(entry.net).toEqual({ type: "NET_DEBIT", price: 0.65 });
    // Quotes follow the legs' order (the picked 235 is the second leg already).
    expect(entry.quotedEntries.map((quoted) => quoted.label)).toEqual([LOW_CALL.description, HIGH_CALL.description]);
    entry.setStrike("230.0");
    expect(entry.quotedEntries.map((quoted) => quoted.label)).toEqual([LOW_CALL.description, HIGH_CALL.description]);
    entry.removeLeg(0);
    expect(entry.legs).toEqual([STAGED_LEGS[1]]);
    expect(entry.net).toEqual({ type: "NET_CREDIT", price: 0.45 });
  });

  it("shows the spreads per tier for the first leg's quantity", async () => {
    const { entry } = entryHarness();
    await stageVertical(entry);
    await vi.waitFor(() => expect(entry.tiers.ready).toBe(true));
    expect(entry.previewText).toBe(
      "Small ×1: 2 accounts → 1 spread each; Big ×3: 1 account → 3 spreads; Total 5 spreads on 3 accounts",
    );
  });
});

describe("MultiLegEntryStore one spread", () => {
  const MIXED = "Order Type must be LIMIT like the staged legs: a spread is one order at one net price";

  it("a leg whose order type differs from the staged legs' is marked and refused, and nothing is staged", async () => {
    const { entry } = entryHarness();
    entry.open();
    entry.setTicker("aapl");
    await entry.setSide("CALL");
    entry.setStrike("230.0");
    expect(entry.orderTypeProblem).toBeNull();
    expect(entry.addLeg()).toBeNull();
    entry.setStrike("235.0");
    entry.form.setInstruction("SELL_TO_OPEN");
    entry.form.setOrderType("MARKET");
    expect(entry.orderTypeProblem).toBe("Must be LIMIT like the staged legs: a spread is one order at one net price");
    expect(entry.addLeg()).toEqual({ ok: false, message: MIXED });
    expect(entry.legs).toEqual([STAGED_LEGS[0]]);
    expect(entry.net).toEqual({ type: "NET_DEBIT", price: 1.1 });
    entry.form.setOrderType("LIMIT");
    expect(entry.orderTypeProblem).toBeNull();
  });

  it("MARKET legs make a MARKET spread", async () => {
    const { entry } = entryHarness();
    entry.open();
    entry.setTicker("aapl");
    await entry.setSide("CALL");
    entry.setStrike("230.0");
    entry.form.setOrderType("MARKET");
    expect(entry.addLeg()).toBeNull();
    entry.setStrike("235.0");
    entry.form.setInstruction("SELL_TO_OPEN");
    expect(entry.addLeg()).toBeNull();
    expect(entry.legs.map((leg) => [leg.optionChainOrderType, leg.optionChainPrice])).toEqual([
      ["MARKET", 0],
      ["MARKET", 0],
    ]);
    expect(entry.net).toEqual({ type: "MARKET", price: 0 });
  });

  it("a leg whose quantity differs, or whose quantity or price cannot be sent, is refused with the field named", async () => {
    const { entry } = entryHarness();
    entry.open();
    entry.setTicker("aapl");
    await entry.setSide("CALL");
    entry.setStrike("230.0");
    entry.form.setPrice("abc");
    expect(entry.addLeg()).toEqual({ ok: false, message: "Price must be a number of at least 0" });
    entry.form.setPrice("1,000.10");
    entry.form.setQuantity("1,000");
    expect(entry.addLeg()).toBeNull();
    expect(entry.legs[0]).toMatchObject({ optionChainQuantity: 1000, optionChainPrice: 1000.1 });
    entry.setStrike("235.0");
    entry.form.setInstruction("SELL_TO_OPEN");
    entry.form.setQuantity("2");
    expect(entry.addLeg()).toEqual({
      ok: false,
      message: "Quantity must be 1000 like the staged legs: every leg of a spread has the same quantity",
    });
    entry.form.setQuantity("1000");
    entry.form.setPrice("0");
    expect(entry.addLeg()).toBeNull();
    expect(entry.net).toEqual({ type: "NET_DEBIT", price: 1000.1 });
  });

  it("staged legs of mixed order types are refused on Place set and Check accounts, and nothing is sent", async () => {
    const { entry, requests } = entryHarness();
    await stageVertical(entry);
    const [buy, sell] = STAGED_LEGS;
    if (buy === undefined || sell === undefined) throw new Error("no legs");
    runInAction(() => {
      entry.legs = [buy, { ...sell, optionChainOrderType: "MARKET", optionChainPrice: 0 }];
    });
    expect(entry.net).toBeNull();
    const problem = "Leg 2 Order Type must be LIMIT like leg 1: a spread is one order at one net price";
    expect(entry.legsProblem).toBe(problem);
    await expect(entry.place()).resolves.toEqual({ ok: false, message: `Copy trading failed: ${problem}` });
    await expect(entry.checkAccounts()).resolves.toEqual({ ok: false, message: `Checking the accounts failed: ${problem}` });
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);
    expect(entry.isOpen).toBe(true);
  });
});

describe("MultiLegEntryStore place", () => {
  it("without legs says 'Please add at least one symbol order to the list before placing.' and sends nothing", async () => {
    const { entry, requests } = entryHarness();
    entry.open();
    await expect(entry.place()).resolves.toEqual({
      ok: false,
      message: "Please add at least one symbol order to the list before placing.",
    });
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("sends the staged legs with an empty account list; success closes and clears", async () => {
    const { entry, requests, server } = entryHarness();
    server.on(PLACE, () => textResponse(200, "success"));
    await stageVertical(entry);
    await expect(entry.place()).resolves.toEqual({ ok: true, message: "Copy trading successful" });
    expect(calls(requests).filter(([method]) => method === "POST")).toEqual([
      [
        "POST",
        "/api/copy_trading_account/place_order/VERTICAL",
        JSON.stringify({ allTradingAccountsOrderList: [], orderLegs: STAGED_LEGS }),
      ],
    ]);
    expect([entry.isOpen, entry.legs]).toEqual([false, []]);
  });

  it("a refusal says 'Copy trading failed: ' with the server's text and keeps the legs", async () => {
    const { entry, server } = entryHarness();
    server.on(PLACE, () => jsonResponse(400, { error: "Leg 2 Price must be at most 2 decimals", code: "bad" }));
    await stageVertical(entry);
    await expect(entry.place()).resolves.toEqual({
      ok: false,
      message: "Copy trading failed: Leg 2 Price must be at most 2 decimals",
    });
    expect([entry.isOpen, entry.legs.length, entry.pending]).toEqual([true, 2, false]);
  });

  it("a partial answer counts the accounts that did not take the order by reason, and closes", async () => {
    const { entry, server } = entryHarness();
    server.on(PLACE, () =>
      jsonResponse(200, {
        agentTradingSessionID: 9,
        accepted: [1],
        failed: [{ accountId: 2, accountName: "Beta", reason: "token expired" }],
      }),
    );
    await stageVertical(entry);
    await expect(entry.place()).resolves.toEqual({
      ok: true,
      partial: true,
      message: "Placed on 1 of 2 accounts; 1 not sent: token expired (1)",
    });
    expect(entry.isOpen).toBe(false);
  });

  it("an answer no account accepted names the accounts that failed and stays open", async () => {
    const { entry, server } = entryHarness();
    server.on(PLACE, () =>
      jsonResponse(200, {
        agentTradingSessionID: 9,
        accepted: [],
        failed: [{ accountId: 2, accountName: "Beta", reason: "token expired" }],
      }),
    );
    await stageVertical(entry);
    await expect(entry.place()).resolves.toEqual({ ok: false, message: "Copy trading failed: Beta: token expired" });
    expect(entry.isOpen).toBe(true);
  });
});

describe("MultiLegEntryStore save set", () => {
  it("without legs says '...before saving.' and opens no prompt", () => {
    const { entry } = entryHarness();
    entry.open();
    expect(entry.askSave()).toEqual({
      ok: false,
      message: "Please add at least one symbol order to the list before saving.",
    });
    expect(entry.namePromptOpen).toBe(false);
  });

  it("cancelling the prompt saves nothing", async () => {
    const { entry, requests } = entryHarness();
    await stageVertical(entry);
    expect(entry.askSave()).toBeNull();
    entry.setSetName("Bull call");
    entry.cancelSave();
    expect(entry.namePromptOpen).toBe(false);
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("OK saves the legs as JSON text under the name and shows the answer's list", async () => {
    const { entry, requests, server, root } = entryHarness();
    server.on(SAVE, () =>
      jsonResponse(200, { success: true, list: [{ setName: "Bull call", orderLegs: JSON.stringify(STAGED_LEGS) }] }),
    );
    await stageVertical(entry);
    entry.askSave();
    entry.setSetName(" Bull call ");
    await expect(entry.confirmSave()).resolves.toEqual({ ok: true, message: "Order set saved successfully." });
    expect(calls(requests).filter(([method]) => method === "POST")).toEqual([
      [
        "POST",
        "/api/option_contract_save_order/add_option_contract_save_order/VERTICAL",
        JSON.stringify({ setName: "Bull call", orderLegs: JSON.stringify(STAGED_LEGS) }),
      ],
    ]);
    expect(root.verticals.sets.sets).toEqual([{ setName: "Bull call", legs: STAGED_LEGS }]);
    expect(entry.namePromptOpen).toBe(false);
  });

  it("a taken name says 'Save order set failed.' with the reason and keeps the prompt", async () => {
    const { entry, server } = entryHarness();
    server.on(SAVE, () => jsonResponse(409, { error: "Set Name is already taken", code: "duplicate" }));
    await stageVertical(entry);
    entry.askSave();
    entry.setSetName("Bull call");
    await expect(entry.confirmSave()).resolves.toEqual({
      ok: false,
      message: "Save order set failed. Set Name is already taken",
    });
    expect(entry.namePromptOpen).toBe(true);
  });
});

describe("MultiLegEntryStore plan preview and Split a total", () => {
  it("asks the plan of the staged legs once they are one spread, with splitTotal when a total is typed", async () => {
    const plan = { splitTotal: 7, accounts: [] };
    const { entry, requests, previewScheduler } = entryHarness({
      "POST /api/plan_preview/VERTICAL/place_order": () => jsonResponse(200, plan),
    });
    await stageVertical(entry);
    entry.split.setText("7");
    previewScheduler.fire();
    await vi.waitFor(() => expect(entry.plan.state).toBe("ready"));

    expect(calls(requests).filter(([, url]) => url.includes("plan_preview"))).toEqual([
      [
        "POST",
        "/api/plan_preview/VERTICAL/place_order",
        JSON.stringify({ allTradingAccountsOrderList: [], orderLegs: STAGED_LEGS, splitTotal: 7 }),
      ],
    ]);
  });

  it("a total that cannot be sent stops the plan and the place, naming Split a total; nothing is sent", async () => {
    const { entry, requests, previewScheduler } = entryHarness({ [PLACE]: () => textResponse(200, "success") });
    await stageVertical(entry);
    entry.split.setText("0");

    expect(entry.plan.state).toBe("incomplete");
    expect(previewScheduler.live()).toEqual([]);
    await expect(entry.place()).resolves.toEqual({
      ok: false,
      message: expect.stringContaining("Split a total must be a whole number between 1 and 1,000,000, or empty"),
    });
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);
  });
});
