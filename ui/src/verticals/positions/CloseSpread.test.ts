// Tests of closing a held vertical as a spread: the pairs found, the closing order sent, the net from the quotes.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../shared/test/fakeTransport";
import { testRoot } from "../../shared/test/testRoot";
import { splitNet } from "../orders/legPrices";
import { HIGH_CALL, LOW_CALL, verticalPositionJson } from "../test/verticalFixtures";
import { selectedSpread, spreadPairs } from "./spreadPairs";
import { parseVerticalPositions, type VerticalPosition } from "./VerticalPosition";

const EXIT = "POST /api/copy_trading_account/exit_order/VERTICAL";
const QUOTES = "GET /api/copy_trading_account/get_option_quotes/COMMON";

/** `accountId`'s holding of `quantity` of `contract` (negative when short), as the positions answer gives it. */
function holdingOf(contract: { symbol: string; description: string }, accountId: number, quantity: number) {
  return verticalPositionJson(accountId, {
    optionChainSymbol: contract.symbol,
    optionChainDescription: contract.description,
    optionChainSettledQuantity: quantity,
  });
}

/** Account 1 holds the 230/235 call spread ×2, account 2 holds it ×1 with 3 long, account 3 only the long leg. */
function positions(): VerticalPosition[] {
  return parseVerticalPositions({
    [LOW_CALL.description]: [
      holdingOf(LOW_CALL, 1, 2),
      holdingOf(LOW_CALL, 2, 3),
      holdingOf(LOW_CALL, 3, 1),
    ],
    [HIGH_CALL.description]: [holdingOf(HIGH_CALL, 1, -2), holdingOf(HIGH_CALL, 2, -1)],
  });
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("spreadPairs", () => {
  it("pairs a long and a short leg of one series per account, grouped across accounts", () => {
    const [pair, ...others] = spreadPairs(positions());
    expect(others).toEqual([]);
    expect(pair?.label).toBe("AAPL 2024-10-18 230.00/235.00 CALL");
    expect(pair?.closingNet).toBe("NET_CREDIT");
    expect(pair?.holdings.map((holding) => [holding.long.accountId, holding.spreads])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it("offers a short leg once: the narrowest long takes it, and a wider long only what is left", () => {
    const far = { symbol: "AAPL  241018C00252500", description: "AAPL 10/18/2024 252.50 C" };
    const held = parseVerticalPositions({
      [LOW_CALL.description]: [holdingOf(LOW_CALL, 1, 2), holdingOf(LOW_CALL, 2, 1)],
      [far.description]: [holdingOf(far, 1, 350), holdingOf(far, 2, 350)],
      [HIGH_CALL.description]: [holdingOf(HIGH_CALL, 1, -1), holdingOf(HIGH_CALL, 2, -3)],
    });
    expect(
      spreadPairs(held).map((pair) => [
        pair.label,
        pair.holdings.map((holding) => [holding.long.accountId, holding.spreads]),
      ]),
    ).toEqual([
      // Account 1's one short goes to the 230/235 spread; account 2's three cover its one 230 and two 252.50.
      ["AAPL 2024-10-18 230.00/235.00 CALL", [[1, 1], [2, 1]]],
      ["AAPL 2024-10-18 252.50/235.00 CALL", [[2, 2]]],
    ]);
  });

  it("finds the spread a selection of both legs forms, and none for a single leg", () => {
    const all = positions();
    const ofOne = all.filter((position) => position.accountId === 1);
    expect(selectedSpread(ofOne)?.holdings.map((holding) => holding.long.accountId)).toEqual([1]);
    expect(selectedSpread(all.filter((position) => position.accountId === 3))).toBeNull();
    expect(selectedSpread(all)).toBeNull();
  });
});

describe("CloseSpreadDialogStore", () => {
  it("sends one closing spread per chosen account, prices the net from the marks, and says when exits were cut", async () => {
    const { root, requests, server, quoteScheduler } = testRoot({
      [QUOTES]: () =>
        jsonResponse(200, [
          { symbol: LOW_CALL.symbol, bid: 1.1, ask: 1.2, last: 1.15, mark: 1.15 },
          { symbol: HIGH_CALL.symbol, bid: 0.45, ask: 0.55, last: 0.5, mark: 0.5 },
        ]),
    });
    server.on(EXIT, () =>
      jsonResponse(200, {
        agentTradingSessionID: 4,
        accepted: [1, 2],
        failed: [],
        capped: [{ accountId: 2, accountName: "Account 2", asked: 2, sent: 1 }],
      }),
    );
    const [pair] = spreadPairs(positions());
    if (pair === undefined) throw new Error("no pair");
    const dialog = root.verticals.closeSpreadDialog;
    dialog.open(pair);
    expect([dialog.orderType, dialog.quantity, dialog.price]).toEqual(["NET_CREDIT", "2", ""]);
    expect(dialog.perAccount).toEqual([
      { name: "Account 1", text: "holds 2 → 2 spreads" },
      { name: "Account 2", text: "holds 1 → 1 spread (cut to what it holds)" },
    ]);
    quoteScheduler.fire();
    await vi.waitFor(() => expect(dialog.price).toBe("0.65"));

    await expect(dialog.submit()).resolves.toEqual({
      ok: true,
      message: "Exit order successful. Cut to what is held: Account 2 1 of 2",
    });
    const body = JSON.parse(requests.find((request) => request.method === "POST")?.body ?? "null");
    expect(body).toEqual({
      allTradingAccountsOrderList: [
        { accountId: 1, accountName: "Account 1", accountUsername: "user1" },
        { accountId: 2, accountName: "Account 2", accountUsername: "user2" },
      ],
      optionChainPrimarySymbol: LOW_CALL.symbol,
      optionChainPrimaryInstruction: "SELL_TO_CLOSE",
      optionChainSecondarySymbol: HIGH_CALL.symbol,
      optionChainSecondaryInstruction: "BUY_TO_CLOSE",
      optionChainOrderType: "NET_CREDIT",
      optionChainQuantity: 2,
      optionChainPrice: "0.65",
    });
    expect(dialog.isOpen).toBe(false);
  });

  it("marks a missing net price and sends nothing", async () => {
    const { root, requests } = testRoot();
    const [pair] = spreadPairs(positions());
    if (pair === undefined) throw new Error("no pair");
    const dialog = root.verticals.closeSpreadDialog;
    dialog.open(pair, [1]);
    expect(dialog.chosenHoldings.map((holding) => holding.long.accountId)).toEqual([1]);
    await expect(dialog.submit()).resolves.toEqual({
      ok: false,
      message: "Exit order failed: Net Price must be greater than 0, in cents",
    });
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);
  });
});

describe("splitNet", () => {
  it("gives each leg its mark and balances the net on the first leg bought (debit) or sold (credit)", () => {
    const debit = [
      { instruction: "BUY_TO_OPEN", mark: 1.15 },
      { instruction: "SELL_TO_OPEN", mark: 0.5 },
    ];
    expect(splitNet(debit, 0.6, "NET_DEBIT")).toEqual([1.1, 0.5]);
    const credit = [
      { instruction: "SELL_TO_OPEN", mark: 1.15 },
      { instruction: "BUY_TO_OPEN", mark: 0.5 },
    ];
    expect(splitNet(credit, 0.6, "NET_CREDIT")).toEqual([1.1, 0.5]);
    expect(splitNet(debit, 0.6, "MARKET")).toBeNull();
    expect(splitNet([{ instruction: "SELL_TO_CLOSE", mark: 1 }], 1, "LIMIT")).toBeNull();
    expect(splitNet([{ instruction: "BUY_TO_OPEN", mark: null }, { instruction: "SELL_TO_OPEN", mark: 2 }], 0.5, "NET_DEBIT")).toEqual([
      2.5, 2,
    ]);
    expect(splitNet([{ instruction: "BUY_TO_OPEN", mark: 0.1 }, { instruction: "SELL_TO_OPEN", mark: 5 }], 0.6, "NET_CREDIT")).toEqual([
      0.1, 0.7,
    ]);
  });
});
