// Tests of the group row's summary, the refusals, the cut exits, the replace chain and the stop words.
import { describe, expect, it } from "vitest";
import { stopText, stopWords } from "../format/stopText";
import { acceptedText, cappedText, copyOutcome, isAcceptedAnswer } from "./CopyAnswer";
import { orderPriceText, priceRangeText, quantitiesText, rangeText, summarizeGroup, type OrderFacts } from "./groupSummary";
import { allRefused, refusalCountText, refusalsOf, refusalWord } from "./rejections";
import { liveRowOf } from "./replaceChain";

const order = (fields: Partial<OrderFacts>): OrderFacts => ({
  accountId: 1,
  status: "WORKING",
  orderType: "LIMIT",
  instructions: ["BUY_TO_OPEN"],
  quantity: 1,
  filled: 0,
  price: 1.25,
  legs: 1,
  ...fields,
});

describe("summarizeGroup", () => {
  it("counts statuses (most first, open before final), keeps each kind once and spans the quantities", () => {
    const group = summarizeGroup(
      [
        order({ accountId: 1, status: "REPLACED", quantity: 1 }),
        order({ accountId: 2, status: "WORKING", quantity: 2 }),
        order({ accountId: 3, status: "WORKING", quantity: 3, orderType: "MARKET" }),
      ],
      "contracts",
    );
    expect(group.statuses).toEqual([
      { status: "WORKING", count: 2, open: true },
      { status: "REPLACED", count: 1, open: false },
    ]);
    expect(group.orderTypes).toEqual(["LIMIT", "MARKET"]);
    expect(rangeText(group.quantity)).toBe("1–3");
    expect(group.unit).toBe("contracts");
  });

  it("leaves MARKET orders without a fill price out of the price range", () => {
    const market = { orderType: "MARKET", price: 0 };
    const group = summarizeGroup(
      [
        order({ ...market, accountId: 1, status: "FILLED", price: 25.37 }),
        order({ ...market, accountId: 2, status: "REJECTED" }),
        order({ ...market, accountId: 3, status: "FILLED", price: 25.4 }),
      ],
      "contracts",
    );
    expect(group.price).toEqual({ min: 25.37, max: 25.4 });
    const none = summarizeGroup([order({ ...market, status: "REJECTED" })], "contracts");
    expect(none.price).toBeNull();
    expect(priceRangeText(none.price, (value) => value.toFixed(2))).toBe("—");
    expect(priceRangeText(group.price, (value) => value.toFixed(2))).toBe("25.37–25.40");
    // A spread at a net of zero (NET_ZERO) has a price of 0, shown as such.
    const even = summarizeGroup([order({ orderType: "NET_ZERO", price: 0, legs: 2 })], "contracts");
    expect(priceRangeText(even.price, (value) => value.toFixed(2))).toBe("0.00");
  });

  it("shows one order's price, and a dash for a MARKET order that has not filled", () => {
    const two = (value: number) => value.toFixed(2);
    expect(orderPriceText(0, "MARKET", two)).toBe("—");
    expect(orderPriceText(3.14, "MARKET", two)).toBe("3.14");
    expect(orderPriceText(0, "NET_ZERO", two)).toBe("0.00");
    expect(orderPriceText(1.5, "LIMIT", two)).toBe("1.50");
  });

  it("counts spreads for orders of several legs, contracts for single legs, orders for a mix", () => {
    expect(summarizeGroup([order({ legs: 2 })], "contracts").unit).toBe("spreads");
    expect(summarizeGroup([order({}), order({ accountId: 2 })], "contracts").unit).toBe("contracts");
    expect(summarizeGroup([order({ legs: 2 }), order({})], "contracts").unit).toBe("orders");
  });

  it("says the quantities being cancelled as a total or a range", () => {
    expect(quantitiesText([2], "contract")).toBe("2 contracts");
    expect(quantitiesText([1], "share")).toBe("1 share");
    expect(quantitiesText([2, 2, 2], "contract")).toBe("2 contracts each, 6 in all");
    expect(quantitiesText([2, 3], "share")).toBe("2–3 shares each, 5 in all");
  });
});

describe("refusalsOf", () => {
  it("counts each refused account once, by its first reason, and knows when all were refused", () => {
    const refusals = refusalsOf([
      { accountId: 1, status: "REJECTED", reason: "insufficient buying power" },
      { accountId: 1, status: "REJECTED", reason: "other leg" },
      { accountId: 2, status: "FAILED_TO_PLACE", reason: "token expired" },
    ]);
    expect(refusals).toEqual({
      accounts: 2,
      refused: 2,
      rejected: 1,
      notSent: 1,
      byReason: [
        { reason: "insufficient buying power", accounts: 1 },
        { reason: "token expired", accounts: 1 },
      ],
    });
    expect(allRefused(refusals)).toBe(true);
    expect(allRefused(refusalsOf([{ accountId: 1, status: "FILLED", reason: null }]))).toBe(false);
  });

  it("tells the accounts the brokerage rejected apart from those never sent the order", () => {
    const row = (accountId: number, status: string) => ({ accountId, status, reason: null });
    const both = refusalsOf([
      row(1, "REJECTED"),
      row(2, "REJECTED"),
      row(3, "FAILED_TO_PLACE"),
      row(4, "FAILED_TO_PLACE"),
      row(5, "FAILED_TO_PLACE"),
      row(6, "WORKING"),
    ]);
    expect([both.rejected, both.notSent]).toEqual([2, 3]);
    expect(refusalCountText(both)).toBe("2 rejected · 3 not sent");
    expect(refusalCountText(refusalsOf([row(1, "REJECTED"), row(2, "FILLED")]))).toBe("1 rejected");
    expect(refusalCountText(refusalsOf([row(1, "FAILED_TO_PLACE"), row(2, "FILLED")]))).toBe("1 not sent");
    expect(refusalCountText(refusalsOf([row(1, "FILLED")]))).toBe("");
    expect([refusalWord(both), refusalWord(refusalsOf([row(1, "REJECTED")])), refusalWord(refusalsOf([row(1, "FAILED_TO_PLACE")]))]).toEqual(
      ["refused", "rejected", "not sent"],
    );
    // An account of a spread with one leg rejected and one never sent counts as rejected, once.
    expect(refusalCountText(refusalsOf([row(1, "REJECTED"), row(1, "FAILED_TO_PLACE")]))).toBe("1 rejected");
  });
});

describe("exits cut to what is held", () => {
  const cut = {
    agentTradingSessionID: 4,
    accepted: [1],
    failed: [],
    capped: [{ accountId: 1, accountName: "Small A", asked: 10, sent: 3 }],
  };

  it("is a success that says what was cut", () => {
    expect(isAcceptedAnswer(cut)).toBe(true);
    expect(cappedText(cut)).toBe("Cut to what is held: Small A 3 of 10");
    expect(acceptedText("Exit order successful", cut)).toBe("Exit order successful. Cut to what is held: Small A 3 of 10");
    expect(acceptedText("Selected positions successfully exited.", cut)).toBe(
      "Selected positions successfully exited. Cut to what is held: Small A 3 of 10",
    );
    expect(copyOutcome("success", "Exit order successful", "Exit order failed", "exit")).toEqual({
      ok: true,
      message: "Exit order successful",
    });
  });

  it("is a partial success when another account refused, counting the refusal and naming the cut", () => {
    const refused = { ...cut, failed: [{ accountId: 2, accountName: "Big C", reason: "holds nothing" }] };
    expect(isAcceptedAnswer(refused)).toBe(false);
    expect(copyOutcome(refused, "Exit order successful", "Exit order failed", "exit")).toEqual({
      ok: true,
      partial: true,
      message: "Exit sent to 1 of 2 accounts; 1 not sent: holds nothing (1). Cut to what is held: Small A 3 of 10",
    });
  });

  it("is a failure when no account took the exit, naming the refusal", () => {
    const refused = { accepted: [], failed: [{ accountId: 2, accountName: "Big C", reason: "holds nothing" }] };
    expect(copyOutcome(refused, "Exit order successful", "Exit order failed", "exit")).toEqual({
      ok: false,
      message: "Exit order failed: Big C: holds nothing",
    });
  });
});

describe("liveRowOf", () => {
  interface Row {
    readonly account: number;
    readonly status: string;
    readonly order: number | null;
    readonly replaced: number | null;
  }
  const access = {
    accountOf: (row: Row) => row.account,
    statusOf: (row: Row) => row.status,
    placedOf: (row: Row) => row.order !== null,
    replacedSessionOf: (rows: readonly Row[]) => rows[0]?.replaced ?? null,
  };

  it("follows a REPLACED row through the sessions that replaced it to the live order", () => {
    const first: Row = { account: 1, status: "REPLACED", order: 10, replaced: null };
    const second: Row = { account: 1, status: "REPLACED", order: 11, replaced: 1 };
    const third: Row = { account: 1, status: "WORKING", order: 12, replaced: 2 };
    const sessions = [
      { id: 3, rows: [third] },
      { id: 2, rows: [second, { account: 2, status: "WORKING", order: 21, replaced: 1 }] },
      { id: 1, rows: [first] },
    ];
    expect(liveRowOf(first, 1, sessions, access)).toBe(third);
    const working: Row = { account: 2, status: "WORKING", order: 20, replaced: null };
    expect(liveRowOf(working, 1, sessions, access)).toBe(working);
    const orphan: Row = { account: 3, status: "REPLACED", order: 30, replaced: null };
    expect(liveRowOf(orphan, 1, sessions, access)).toBe(orphan);
  });
});

describe("stopText", () => {
  it("says a stop, an activation price and a trail in words", () => {
    const fields = { stopPrice: 240, linkType: "VALUE", offset: 0.1 };
    expect(stopText({ ...fields, orderType: "STOP" })).toBe("STOP 240.00");
    expect(stopText({ ...fields, orderType: "STOP_LIMIT" })).toBe("ACT 240.00");
    expect(stopText({ ...fields, orderType: "TRAILING_STOP" })).toBe("TRAIL $0.10");
    expect(stopText({ ...fields, orderType: "TRAILING_STOP", linkType: "PERCENT", offset: 1 })).toBe("TRAIL 1 %");
    expect(stopText({ ...fields, orderType: "LIMIT" })).toBeNull();
    expect(stopWords({ ...fields, orderType: "STOP_LIMIT" })).toBe("Activation price 240.00");
  });
});
