// Tests of the orders sent from this page: what makes two orders the same, the 30 s window, and the accounts counted.
import { describe, expect, it } from "vitest";
import { REPEAT_QUESTION_MS, SentOrders, orderIdentity, type SessionCounter } from "./SentOrders";

describe("orderIdentity", () => {
  it("is the method, path and body without the fan-out mode, for order writes only", () => {
    const body = { allTradingAccountsOrderList: [], stockSymbol: "AAPL", fanOutMode: "ONLY_PASSING" };
    expect(orderIdentity("post", "/stock_copy_trading/place_order/", body)).toBe(
      'POST /stock_copy_trading/place_order {"allTradingAccountsOrderList":[],"stockSymbol":"AAPL"}',
    );
    expect(orderIdentity("put", "/copy_trading_account/replace_individual_legs/VERTICAL", {})).toBe(
      "PUT /copy_trading_account/replace_individual_legs/VERTICAL {}",
    );
    expect(orderIdentity("delete", "/copy_trading_account/cancel_order/COMMON", {})).toBeNull();
    expect(orderIdentity("post", "/preflight/STOCK/place_order", body)).toBeNull();
  });
});

describe("SentOrders", () => {
  it("knows an order for 30 s after it was sent, with the accounts the answer named", () => {
    let now = 1_000_000;
    const sent = new SentOrders(() => now);
    const order = sent.begin("POST /x {}", "/stock_copy_trading/place_order");
    now += 2_000;
    sent.record(order, 7);
    expect(sent.recent("POST /x {}")).toEqual({ at: 1_000_000, accounts: 7 });
    expect(sent.recent("POST /y {}")).toBeNull();
    now = 1_000_000 + REPEAT_QUESTION_MS;
    expect(sent.recent("POST /x {}")).toEqual({ at: 1_000_000, accounts: 7 });
    now += 1;
    expect(sent.recent("POST /x {}")).toBeNull();
  });

  it("forgets every order when another agent signs in", () => {
    const sent = new SentOrders(() => 1_000);
    sent.record(sent.begin("POST /x {}", "/stock_copy_trading/place_order"), 2);
    sent.reset();
    expect(sent.recent("POST /x {}")).toBeNull();
  });

  it("counts a success's accounts on its screen's orders table, from the session after the mark", () => {
    let held: number | null = null;
    const table: SessionCounter = {
      newestId: 41,
      accountsAfter: (mark) => (mark === 41 ? held : null),
    };
    const sent = new SentOrders(
      () => 5_000,
      (path) => (path.startsWith("/stock_copy_trading/") ? table : null),
    );
    sent.record(sent.begin("POST /x {}", "/stock_copy_trading/place_order"), null);
    expect(sent.recent("POST /x {}")).toEqual({ at: 5_000, accounts: null });
    held = 11;
    expect(sent.recent("POST /x {}")).toEqual({ at: 5_000, accounts: 11 });
  });
});
