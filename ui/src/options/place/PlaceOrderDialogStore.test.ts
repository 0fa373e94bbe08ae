// Tests of the place dialog's store: chain pickers, MARKET, picking a contract, the preview and placing.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson, OPERATOR_SETTINGS_JSON } from "../../shared/test/accountFixtures";
import { deferred, jsonResponse, textResponse } from "../../shared/test/fakeTransport";
import { AAPL_CALL_CHAIN, chainEntry } from "../test/optionFixtures";
import type { RouteHandler } from "../../shared/test/routeResponder";
import { calls, testRoot } from "../../shared/test/testRoot";

const CHAIN = "GET /api/copy_trading_account/get_option_chain_list/COMMON";
const PLACE = "POST /api/copy_trading_account/place_order/COMMON";

function placeHarness(routes: Readonly<Record<string, RouteHandler>> = {}) {
  const harness = testRoot({
    "GET /api/operator/settings": () => jsonResponse(200, OPERATOR_SETTINGS_JSON),
    "GET /api/trading_account/database": () =>
      jsonResponse(200, [
        accountJson(1),
        accountJson(2),
        accountJson(3, { accountType: "big_account" }),
        accountJson(4, { accountType: "medium_account", accountTradingActive: false }),
        accountJson(5, { accountType: "medium_account", accountStatus: "authorization_needed" }),
      ]),
    [CHAIN]: () => jsonResponse(200, AAPL_CALL_CHAIN),
    ...routes,
  });
  const dialog = harness.root.options.placeDialog;
  return { ...harness, dialog };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("PlaceOrderDialogStore chain pickers", () => {
  it("checking CALL loads the chain with a 5 s timeout and preselects the first expiry and strike", async () => {
    const { dialog, requests } = placeHarness();
    dialog.open();
    dialog.setStockPair("aapl");

    await expect(dialog.setSide("CALL", true)).resolves.toBeNull();

    expect(dialog.stockPair).toBe("AAPL");
    const chainCall = requests.find((r) => r.url.startsWith("/api/copy_trading_account/get_option_chain_list"));
    expect(chainCall?.url).toBe(
      "/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=AAPL&optionChainCallPut=CALL",
    );
    expect(dialog.chain.map((e) => e.label)).toEqual(["18-10-2024 (4)", "25-10-2024 (11)"]);
    expect([dialog.expiryKey, dialog.strike, dialog.description, dialog.symbol, dialog.form.price]).toEqual([
      "2024-10-18:4",
      "95.0",
      "AAPL 10/18/2024 95.00 C",
      "AAPL  241018C00095000",
      "135.50",
    ]);
  });

  it("CALL and PUT exclude each other; each loads its own chain", async () => {
    const { dialog, requests, server } = placeHarness();
    server.on(CHAIN, (request) =>
      jsonResponse(
        200,
        request.url.endsWith("PUT")
          ? { "2024-10-18:4": { "220.0": [chainEntry("AAPL 10/18/2024 220.00 P", "AAPL  241018P00220000", 0.7)] } }
          : AAPL_CALL_CHAIN,
      ),
    );
    dialog.open();
    dialog.setStockPair("AAPL");
    await dialog.setSide("CALL", true);

    await dialog.setSide("PUT", true);

    expect(dialog.side).toBe("PUT");
    expect(requests.filter((r) => r.url.includes("get_option_chain_list")).map((r) => r.url.split("&")[1])).toEqual([
      "optionChainCallPut=CALL",
      "optionChainCallPut=PUT",
    ]);
    expect([dialog.strike, dialog.description, dialog.form.price]).toEqual([
      "220.0",
      "AAPL 10/18/2024 220.00 P",
      "0.70",
    ]);

    await dialog.setSide("PUT", false);
    expect(dialog.side).toBeNull();
    expect(dialog.chain).toEqual([]);
  });

  it("changing the expiry goes to its first strike; choosing a strike sets description, symbol and bid", async () => {
    const { dialog } = placeHarness();
    dialog.open();
    dialog.setStockPair("AAPL");
    await dialog.setSide("CALL", true);

    dialog.setExpiry("2024-10-25:11");
    expect([dialog.strike, dialog.strikeQuery, dialog.description, dialog.form.price]).toEqual([
      "230.0",
      "",
      "AAPL 10/25/2024 230.00 C",
      "3.10",
    ]);

    const strike = dialog.strikes.find((entry) => entry.strike === "235.0");
    if (strike === undefined) {
      throw new Error("no 235 strike");
    }
    dialog.setStrike(strike);
    expect([dialog.description, dialog.symbol, dialog.form.price]).toEqual([
      "AAPL 10/25/2024 235.00 C",
      "AAPL  241025C00235000",
      "1.90",
    ]);
  });

  it("the strike type-ahead filters by prefix", async () => {
    const { dialog } = placeHarness();
    dialog.open();
    dialog.setStockPair("AAPL");
    await dialog.setSide("CALL", true);

    dialog.setStrikeQuery("2");

    expect(dialog.filteredStrikes.map((entry) => entry.strike)).toEqual(["225.0", "230.0"]);
  });

  it.each([
    [
      "an error",
      () => jsonResponse(502, { error: "brokerage down", code: "brokerage_unavailable" }),
      "Failed to get option chain: brokerage down",
    ],
    ["a null answer", () => jsonResponse(200, null), "Failed to get option chain: the option chain answer is not an object"],
    ["an empty chain", () => jsonResponse(200, {}), "Failed to get option chain"],
  ])("says 'Failed to get option chain' on %s", async (_what, answer, message) => {
    const { dialog } = placeHarness({ [CHAIN]: answer });
    dialog.open();
    dialog.setStockPair("AAPL");

    await expect(dialog.setSide("CALL", true)).resolves.toEqual({ ok: false, message });
    expect(dialog.chain).toEqual([]);
    expect(dialog.chainLoading).toBe(false);
  });

  it("says 'Failed to get option chain' without asking when there is no ticker", async () => {
    const { dialog, requests } = placeHarness();
    dialog.open();

    await expect(dialog.setSide("PUT", true)).resolves.toEqual({ ok: false, message: "Failed to get option chain" });
    expect(requests.filter((r) => r.url.includes("get_option_chain_list"))).toHaveLength(0);
  });

  it("marks a Stock Pair that is no ticker and loads no chain for it", async () => {
    const { dialog, requests } = placeHarness();
    dialog.open();
    dialog.setStockPair("aa pl");

    expect(dialog.stockPairProblem).toBe("Must be a ticker: a letter, then up to 9 letters, digits, '.', '/' or '-'");
    await expect(dialog.setSide("CALL", true)).resolves.toEqual({
      ok: false,
      message:
        "Failed to get option chain: Stock Pair must be a ticker: a letter, then up to 9 letters, digits, '.', '/' or '-'",
    });
    expect(requests.filter((r) => r.url.includes("get_option_chain_list"))).toHaveLength(0);
  });

  it("drops the answer of a chain that was asked for before the ticker changed", async () => {
    const late = deferred<Response>();
    const { dialog } = placeHarness({ [CHAIN]: () => late.promise });
    dialog.open();
    dialog.setStockPair("AAPL");
    const loading = dialog.setSide("CALL", true);

    dialog.setStockPair("MSFT");
    late.resolve(jsonResponse(200, AAPL_CALL_CHAIN));
    await loading;

    expect(dialog.chain).toEqual([]);
    expect(dialog.description).toBe("");
  });

  it("MARKET sets the price to 0 and hides it; LIMIT shows it again", () => {
    const { dialog } = placeHarness();
    dialog.open();
    dialog.form.setPrice("2.5");

    dialog.form.setOrderType("MARKET");
    expect([dialog.form.price, dialog.form.priceShown]).toEqual(["0", false]);

    dialog.form.setOrderType("LIMIT");
    expect(dialog.form.priceShown).toBe(true);
  });

  it("picking a saved contract makes it the Stock Pair and resets the form", async () => {
    const { dialog } = placeHarness();
    dialog.open();
    dialog.setStockPair("AAPL");
    await dialog.setSide("CALL", true);
    dialog.form.setInstruction("SELL_TO_OPEN");
    dialog.form.setOrderType("MARKET");
    dialog.form.setQuantity("7");

    dialog.pickContract("SPY");

    expect([dialog.stockPair, dialog.side, dialog.description, dialog.pickedContract]).toEqual([
      "SPY",
      null,
      "",
      "SPY",
    ]);
    expect([dialog.form.instruction, dialog.form.orderType, dialog.form.quantity, dialog.form.price]).toEqual([
      "BUY_TO_OPEN",
      "LIMIT",
      "1",
      "0",
    ]);
  });

  it("a new order defaults to BUY_TO_OPEN, LIMIT, quantity 1, price 0", () => {
    const { dialog } = placeHarness();

    dialog.open();

    expect(dialog.form.instructions).toEqual(["BUY_TO_OPEN", "SELL_TO_OPEN"]);
    expect([dialog.form.instruction, dialog.form.orderType, dialog.form.quantity, dialog.form.price]).toEqual([
      "BUY_TO_OPEN",
      "LIMIT",
      "1",
      "0",
    ]);
  });
});

describe("PlaceOrderDialogStore preview", () => {
  it("shows per tier what the active accounts get, and follows the quantity", async () => {
    const { dialog } = placeHarness();
    dialog.open();
    expect(dialog.previewText).toBe("Loading the account tiers…");

    await vi.waitFor(() => expect(dialog.tiers.ready).toBe(true));
    dialog.form.setQuantity("2");
    expect(dialog.previewText).toBe(
      "Small ×1: 2 accounts → 2 contracts each; Big ×3: 1 account → 6 contracts; Total 10 contracts on 3 accounts",
    );

    dialog.form.setQuantity("two");
    expect(dialog.previewText).toBe("Enter a whole number of contracts");
  });

  it("says why when the tiers cannot be loaded", async () => {
    const { dialog } = placeHarness({ "GET /api/operator/settings": () => textResponse(502, "Bad Gateway") });
    dialog.open();

    await vi.waitFor(() => expect(dialog.previewText).toBe("Could not load the account tiers: Bad Gateway"));
  });
});

describe("PlaceOrderDialogStore place", () => {
  async function chosen(routes: Readonly<Record<string, RouteHandler>>) {
    const harness = placeHarness(routes);
    harness.dialog.open();
    harness.dialog.setStockPair("AAPL");
    await harness.dialog.setSide("CALL", true);
    harness.dialog.setExpiry("2024-10-25:11");
    harness.dialog.form.setQuantity("2");
    harness.dialog.form.setPrice("3.05");
    return harness;
  }

  it("sends the order to all active accounts and says 'Place order successful' on success", async () => {
    const { dialog, requests } = await chosen({ [PLACE]: () => textResponse(200, "success") });

    await expect(dialog.place()).resolves.toEqual({ ok: true, message: "Place order successful" });

    expect(calls(requests).filter(([method]) => method === "POST")).toEqual([
      [
        "POST",
        "/api/copy_trading_account/place_order/COMMON",
        JSON.stringify({
          allTradingAccountsOrderList: [],
          optionChainSymbol: "AAPL  241025C00230000",
          optionChainInstruction: "BUY_TO_OPEN",
          optionChainOrderType: "LIMIT",
          optionChainQuantity: 2,
          optionChainPrice: 3.05,
        }),
      ],
    ]);
    expect(dialog.isOpen).toBe(false);
  });

  it("sends price 0 for MARKET", async () => {
    const { dialog, requests } = await chosen({ [PLACE]: () => textResponse(200, "success") });
    dialog.form.setOrderType("MARKET");

    await dialog.place();

    expect(JSON.parse(requests.at(-1)?.body ?? "{}")).toMatchObject({
      optionChainOrderType: "MARKET",
      optionChainPrice: 0,
    });
  });

  it("says an order some accounts took went out, counting the others by reason, and closes", async () => {
    const { dialog } = await chosen({
      [PLACE]: () =>
        jsonResponse(200, {
          agentTradingSessionID: 10,
          accepted: [1, 2],
          failed: [{ accountId: 3, accountName: "Account 3", reason: "insufficient buying power" }],
        }),
    });

    await expect(dialog.place()).resolves.toEqual({
      ok: true,
      partial: true,
      message: "Placed on 2 of 3 accounts; 1 not sent: insufficient buying power (1)",
    });
    expect(dialog.isOpen).toBe(false);
    expect(dialog.pending).toBe(false);
  });

  it("names the refused accounts after 'Place order failed: ' and stays open when no account took the order", async () => {
    const { dialog } = await chosen({
      [PLACE]: () =>
        jsonResponse(200, {
          agentTradingSessionID: 10,
          accepted: [],
          failed: [{ accountId: 3, accountName: "Account 3", reason: "insufficient buying power" }],
        }),
    });

    await expect(dialog.place()).resolves.toEqual({
      ok: false,
      message: "Place order failed: refused on 1 account (Account 3: insufficient buying power)",
    });
    expect(dialog.isOpen).toBe(true);
    expect(dialog.pending).toBe(false);
  });

  it("shows the server's error after 'Place order failed: '", async () => {
    const { dialog } = await chosen({
      [PLACE]: () =>
        jsonResponse(400, {
          error: "Option Contract Total must be a whole number from 1 to 100000",
          code: "bad_request",
        }),
    });
    dialog.form.setQuantity("200000");

    await expect(dialog.place()).resolves.toEqual({
      ok: false,
      message: "Place order failed: Option Contract Total must be a whole number from 1 to 100000",
    });
  });

  it.each([
    ["0", "3.05", "Place order failed: Option Contract Total must be a whole number of at least 1"],
    ["2.5", "3.05", "Place order failed: Option Contract Total must be a whole number of at least 1"],
    ["", "3.05", "Place order failed: Option Contract Total must be a whole number of at least 1"],
    ["2", "0", "Place order failed: Price must be more than 0 for a LIMIT order"],
    ["2", "-3", "Place order failed: Price must be a number of at least 0"],
    ["2", "3.055", "Place order failed: Price must be in steps of 0.01"],
  ])("sends nothing for quantity %j at price %j and marks the field", async (quantity, price, message) => {
    const { dialog, requests } = await chosen({ [PLACE]: () => textResponse(200, "success") });
    dialog.form.setQuantity(quantity);
    dialog.form.setPrice(price);

    await expect(dialog.place()).resolves.toEqual({ ok: false, message });

    expect(requests.filter((r) => r.method === "POST")).toEqual([]);
    expect(dialog.isOpen).toBe(true);
    expect(dialog.pending).toBe(false);
    const marked = [dialog.form.shownQuantityProblem, dialog.form.shownPriceProblem].filter((p) => p !== null);
    expect(marked).toHaveLength(1);
  });

  it("sends nothing without a contract and marks Stock Pair, then Strike Price", async () => {
    const { dialog, requests } = placeHarness({ [PLACE]: () => textResponse(200, "success") });
    dialog.open();
    expect([dialog.stockPairProblem, dialog.strikeProblem]).toEqual([null, null]);

    await expect(dialog.place()).resolves.toEqual({
      ok: false,
      message: "Place order failed: Stock Pair is required",
    });
    expect(dialog.stockPairProblem).toBe("Is required");

    dialog.setStockPair("AAPL");
    expect(dialog.stockPairProblem).toBeNull();
    await expect(dialog.place()).resolves.toEqual({
      ok: false,
      message: "Place order failed: Strike Price must be chosen: tick CALL or PUT, then pick an expiry and a strike",
    });
    expect(dialog.strikeProblem).toBe("Must be chosen: tick CALL or PUT, then pick an expiry and a strike");
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);

    await dialog.setSide("CALL", true);
    expect(dialog.strikeProblem).toBeNull();
    dialog.open();
    expect(dialog.stockPairProblem).toBeNull();
  });

  it("is pending while in flight and sends nothing, and says nothing, on a second press", async () => {
    const answer = deferred<Response>();
    const { dialog, requests } = await chosen({ [PLACE]: () => answer.promise });

    const first = dialog.place();
    expect(dialog.pending).toBe(true);
    await expect(dialog.place()).resolves.toEqual({ ok: false, message: "", quiet: true });
    answer.resolve(textResponse(200, "success"));
    await first;

    expect(requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });
});

describe("PlaceOrderDialogStore prefilled", () => {
  it("a session's order placed again is divided back by its account's multiplier", async () => {
    const { dialog } = placeHarness();

    const picked = dialog.openWith(
      {
        symbol: "AAPL  241018C00230000",
        description: "AAPL 10/18/2024 230.00 C",
        instruction: "SELL_TO_OPEN",
        orderType: "LIMIT",
        quantity: "6",
        price: "1.5",
      },
      3,
    );

    expect([dialog.stockPair, dialog.symbol, dialog.description, dialog.form.instruction]).toEqual([
      "AAPL",
      "AAPL  241018C00230000",
      "AAPL 10/18/2024 230.00 C",
      "SELL_TO_OPEN",
    ]);
    await expect(picked).resolves.toBeNull();
    await vi.waitFor(() => expect(dialog.form.quantity).toBe("2"));
    expect(dialog.form.price).toBe("1.50");
  });

  it("picks CALL or PUT, the expiry and the strike from the option symbol, keeping the order's price", async () => {
    const { dialog, requests } = placeHarness();

    const picked = dialog.openWith({
      symbol: "AAPL  241018C00230000",
      description: "AAPL 10/18/2024 230.00 C",
      instruction: "BUY_TO_OPEN",
      orderType: "LIMIT",
      quantity: "1",
      price: "1.5",
    });
    expect(dialog.side).toBe("CALL");
    expect(dialog.chainLoading).toBe(true);

    await expect(picked).resolves.toBeNull();
    expect(requests.find((r) => r.url.includes("get_option_chain_list"))?.url).toBe(
      "/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=AAPL&optionChainCallPut=CALL",
    );
    expect([dialog.expiryKey, dialog.strike, dialog.symbol, dialog.description, dialog.form.price]).toEqual([
      "2024-10-18:4",
      "230.0",
      "AAPL  241018C00230000",
      "AAPL 10/18/2024 230.00 C",
      "1.50",
    ]);
  });

  it("keeps the order's contract and says so when the chain no longer offers it", async () => {
    const { dialog } = placeHarness();

    const picked = dialog.openWith({
      symbol: "AAPL  241011C00230000",
      description: "AAPL 10/11/2024 230.00 C",
      instruction: "BUY_TO_OPEN",
      orderType: "LIMIT",
      quantity: "1",
      price: "1.5",
    });

    await expect(picked).resolves.toEqual({
      ok: false,
      message: "Failed to get option chain: AAPL 10/11/2024 230.00 C is not in the option chain",
    });
    expect([dialog.symbol, dialog.description, dialog.expiryKey, dialog.side]).toEqual([
      "AAPL  241011C00230000",
      "AAPL 10/11/2024 230.00 C",
      null,
      "CALL",
    ]);
  });

  it("keeps the order's contract when the chain cannot be loaded", async () => {
    const { dialog } = placeHarness({ [CHAIN]: () => jsonResponse(502, { error: "brokerage down", code: "x" }) });

    const picked = dialog.openWith({
      symbol: "AAPL  241018C00230000",
      description: "AAPL 10/18/2024 230.00 C",
      instruction: "BUY_TO_OPEN",
      orderType: "LIMIT",
      quantity: "1",
      price: "1.5",
    });

    await expect(picked).resolves.toEqual({ ok: false, message: "Failed to get option chain: brokerage down" });
    expect([dialog.symbol, dialog.description]).toEqual(["AAPL  241018C00230000", "AAPL 10/18/2024 230.00 C"]);
  });
});

describe("PlaceOrderDialogStore saving and the contract list", () => {
  it("refuses to save an incomplete order without a request, naming and marking what is missing", async () => {
    const { dialog, requests } = placeHarness();
    dialog.open();

    await expect(dialog.saveOrder()).resolves.toEqual({
      ok: false,
      message:
        "Please ensure option contract information is completed: Symbol is empty, Description is empty, Price is 0",
    });
    expect(dialog.form.shownPriceProblem).not.toBeNull();
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });

  it("saves the chosen order and takes the list from the answer", async () => {
    const saved = {
      optionChainSymbol: "AAPL  241018C00095000",
      optionChainDescription: "AAPL 10/18/2024 95.00 C",
      optionChainInstruction: "BUY_TO_OPEN",
      optionChainOrderType: "LIMIT",
      optionChainQuantity: 1,
      optionChainPrice: "135.5",
    };
    const { dialog, requests, root } = placeHarness({
      "POST /api/option_contract_save_order/add_option_contract_save_order/COMMON": () =>
        jsonResponse(200, { success: true, list: [saved] }),
    });
    dialog.open();
    dialog.setStockPair("AAPL");
    await dialog.setSide("CALL", true);

    await expect(dialog.saveOrder()).resolves.toEqual({ ok: true, message: "Save order successful" });

    expect(JSON.parse(requests.at(-1)?.body ?? "{}")).toEqual({ ...saved, optionChainPrice: 135.5 });
    expect(
      root.options.savedOrders.calls.map((o) => [o.optionChainSymbol, o.optionChainQuantity, o.optionChainPrice]),
    ).toEqual([["AAPL  241018C00095000", "1", "135.5"]]);
  });

  it("says 'Save order failed' when the server refuses", async () => {
    const { dialog } = placeHarness({
      "POST /api/option_contract_save_order/add_option_contract_save_order/COMMON": () =>
        jsonResponse(400, { error: "optionChainSymbol is not a valid option symbol", code: "bad_request" }),
    });
    dialog.open();
    dialog.setStockPair("AAPL");
    await dialog.setSide("CALL", true);

    await expect(dialog.saveOrder()).resolves.toEqual({
      ok: false,
      message: "Save order failed: optionChainSymbol is not a valid option symbol",
    });
  });

  it("adds a ticker upper-cased, refusing an empty or known one with the dialog's texts", async () => {
    const { dialog, root, requests } = placeHarness({
      "POST /api/option_contract/add_option_contract/": (request) =>
        jsonResponse(200, { success: true, list: ["AAPL", JSON.parse(request.body ?? "{}").optionChainSymbol] }),
      "GET /api/option_contract/get_option_contract_list": () => jsonResponse(200, ["AAPL"]),
    });
    await root.options.contracts.load();
    dialog.open();

    await expect(dialog.addContract()).resolves.toEqual({
      ok: false,
      message: "Please ensure option contract symbol is completed",
    });
    dialog.setContractInput("aapl");
    await expect(dialog.addContract()).resolves.toEqual({ ok: false, message: "Option contract is already existed" });
    dialog.setContractInput("msft");
    await expect(dialog.addContract()).resolves.toEqual({ ok: true, message: "Add option contract successful" });

    expect(requests.filter((r) => r.method === "POST").map((r) => r.body)).toEqual(['{"optionChainSymbol":"MSFT"}']);
    expect(root.options.contracts.tickers).toEqual(["AAPL", "MSFT"]);
    expect(dialog.contractInput).toBe("");
  });

  it("says 'Option contract is already existed' when the server finds a duplicate", async () => {
    const { dialog } = placeHarness({
      "POST /api/option_contract/add_option_contract/": () =>
        jsonResponse(409, { error: "Option contract is already existed", code: "option_contract_exists" }),
    });
    dialog.open();
    dialog.setContractInput("SPY");

    await expect(dialog.addContract()).resolves.toEqual({ ok: false, message: "Option contract is already existed" });
  });

  it("removes the picked ticker", async () => {
    const { dialog, root, requests } = placeHarness({
      "DELETE /api/option_contract/remove_option_contract/": () => jsonResponse(200, { success: true, list: [] }),
    });
    dialog.open();

    await expect(dialog.removeContract()).resolves.toEqual({
      ok: false,
      message: "Please ensure option contract symbol is completed",
    });
    dialog.pickContract("SPY");
    await expect(dialog.removeContract()).resolves.toEqual({ ok: true, message: "Remove option contract successful" });

    expect(calls(requests).filter(([method]) => method === "DELETE")).toEqual([
      ["DELETE", "/api/option_contract/remove_option_contract/", '{"optionChainSymbol":"SPY"}'],
    ]);
    expect(root.options.contracts.tickers).toEqual([]);
    expect(dialog.pickedContract).toBeNull();
  });

  it("says 'Remove option contract failed' when the server refuses", async () => {
    const { dialog } = placeHarness({
      "DELETE /api/option_contract/remove_option_contract/": () =>
        jsonResponse(404, { error: "SPY is not in the option contract list", code: "not_found" }),
    });
    dialog.open();
    dialog.pickContract("SPY");

    await expect(dialog.removeContract()).resolves.toEqual({
      ok: false,
      message: "Remove option contract failed: SPY is not in the option contract list",
    });
  });
});
