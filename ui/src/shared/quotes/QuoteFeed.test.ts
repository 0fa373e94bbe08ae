// Tests of the quote feed: it reads only while its dialog names symbols, on its own timers, and keeps null sides.
import { observable, runInAction } from "mobx";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiClient } from "../api/ApiClient";
import type { Environment } from "../shell/Environment";
import { deferred, fakeTransport, jsonResponse } from "../test/fakeTransport";
import { ManualScheduler } from "../test/manualScheduler";
import { routeResponder } from "../test/routeResponder";
import { QUOTE_POLL_INTERVAL_MS, QUOTE_SETTLE_MS, QuoteFeed } from "./QuoteFeed";
import { prefillPrice } from "./Quote";

const CALL = "AAPL  241018C00230000";
const PUT = "AAPL  241018P00220000";

function feed(kind: "stock" | "option", routes: Parameters<typeof routeResponder>[0]) {
  const server = routeResponder(routes);
  const fake = fakeTransport(server.responder);
  const quoteScheduler = new ManualScheduler();
  const env = { quoteScheduler: quoteScheduler.schedule } as unknown as Environment;
  const symbols = observable.box<string[]>([]);
  const quotes = new QuoteFeed({ api: new ApiClient({ transport: fake.transport }), env }, kind, () => symbols.get());
  const show = (next: string[]) => runInAction(() => symbols.set(next));
  return { quotes, show, requests: fake.requests, quoteScheduler, server };
}

async function settle(): Promise<void> {
  await vi.waitFor(() => Promise.resolve());
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe("QuoteFeed", () => {
  it("reads nothing while no symbol is named, then every contract in one call once they settle", async () => {
    const { quotes, show, requests, quoteScheduler } = feed("option", {
      "GET /api/copy_trading_account/get_option_quotes/COMMON": () =>
        jsonResponse(200, [
          { symbol: CALL, bid: 2.45, ask: 2.55, last: 2.5, mark: 2.5 },
          { symbol: PUT, bid: null, ask: 0.05, mark: null },
        ]),
    });
    expect(quoteScheduler.live()).toHaveLength(0);
    show([CALL, PUT, CALL]);
    expect(quoteScheduler.live().map((timer) => timer.delayMs)).toEqual([QUOTE_SETTLE_MS]);
    expect(requests).toHaveLength(0);
    quoteScheduler.fire();
    await settle();
    expect(requests.map((request) => decodeURIComponent(request.url.replace(/\+/g, " ")))).toEqual([
      `/api/copy_trading_account/get_option_quotes/COMMON?optionChainSymbol=${CALL},${PUT}`,
    ]);
    expect(quotes.quoteOf(CALL)).toEqual({ symbol: CALL, bid: 2.45, ask: 2.55, last: 2.5, mark: 2.5 });
    expect(quotes.quoteOf(PUT)).toEqual({ symbol: PUT, bid: null, ask: 0.05, last: null, mark: null });
    expect(quoteScheduler.live().map((timer) => timer.delayMs)).toEqual([QUOTE_POLL_INTERVAL_MS]);
  });

  it("never starts a read while one is in flight, and stops and forgets when the dialog closes", async () => {
    const held = deferred<Response>();
    const { quotes, show, requests, quoteScheduler } = feed("stock", {
      "GET /api/stock_copy_trading/get_stock_quotes/": () => held.promise,
    });
    show(["aapl"]);
    quoteScheduler.fire();
    await settle();
    expect(requests).toHaveLength(1);
    expect(quoteScheduler.live()).toHaveLength(0);
    held.resolve(jsonResponse(200, { symbol: "AAPL", bid: 189.5, ask: 189.6, last: 189.55, mark: 189.55 }));
    await settle();
    expect(quotes.quoteOf("AAPL")?.bid).toBe(189.5);
    expect(quoteScheduler.live()).toHaveLength(1);
    show([]);
    expect(quoteScheduler.live()).toHaveLength(0);
    expect(quotes.quoteOf("AAPL")).toBeUndefined();
    expect(quotes.isWatching).toBe(false);
  });

  it("shows every side of a stock the brokerage does not know as not quoted, and skips symbols being typed", async () => {
    const { quotes, show, requests, quoteScheduler } = feed("stock", {
      "GET /api/stock_copy_trading/get_stock_quotes/": () =>
        jsonResponse(404, { error: "Stock ZZZZ is not known to the brokerage", code: "not_found" }),
    });
    show(["A1"]);
    expect(quoteScheduler.live()).toHaveLength(0);
    show(["ZZZZ"]);
    quoteScheduler.fire();
    await settle();
    expect(requests).toHaveLength(1);
    expect(quotes.quoteOf("ZZZZ")).toEqual({ symbol: "ZZZZ", bid: null, ask: null, last: null, mark: null });
  });
});

describe("QuoteFeed problems", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });

  const NO_ACCOUNT = "Link and authorize a trading account first to read market data";

  it("says why a quote cannot be read when no account can read it, instead of waiting for it", async () => {
    const { quotes, show, quoteScheduler } = feed("option", {
      "GET /api/copy_trading_account/get_option_quotes/COMMON": () =>
        jsonResponse(409, { error: NO_ACCOUNT, code: "authorization_needed" }),
    });
    show([CALL]);
    expect(quotes.quoteOf(CALL)).toBeUndefined();
    quoteScheduler.fire();
    await settle();
    expect(quotes.problem).toBe(NO_ACCOUNT);
    expect(quotes.quoteOf(CALL)).toEqual({ symbol: CALL, bid: null, ask: null, last: null, mark: null, problem: NO_ACCOUNT });
    expect(quotes.quoteOf(PUT)).toBeUndefined();
  });

  it("keeps the last sides of a quote whose next read failed, saying so, and clears the problem on the next read", async () => {
    let fail = false;
    const { quotes, show, quoteScheduler } = feed("stock", {
      "GET /api/stock_copy_trading/get_stock_quotes/": () =>
        fail
          ? jsonResponse(502, { error: "The brokerage did not answer", code: "bad_gateway" })
          : jsonResponse(200, { symbol: "AAPL", bid: 189.5, ask: 189.6, last: 189.55, mark: 189.55 }),
    });
    show(["AAPL"]);
    quoteScheduler.fire();
    await settle();
    expect(quotes.quoteOf("AAPL")?.problem).toBeUndefined();
    fail = true;
    quoteScheduler.fire();
    await settle();
    expect(quotes.quoteOf("AAPL")).toMatchObject({ bid: 189.5, problem: "The brokerage did not answer" });
    fail = false;
    quoteScheduler.fire();
    await settle();
    expect(quotes.quoteOf("AAPL")).toEqual({ symbol: "AAPL", bid: 189.5, ask: 189.6, last: 189.55, mark: 189.55 });
  });

  it("says a symbol that cannot be quoted is not one, and nothing while the dialog names none", () => {
    const { quotes, show } = feed("stock", {});
    show(["A1"]);
    expect(quotes.quoteOf("A1")).toEqual({
      symbol: "A1",
      bid: null,
      ask: null,
      last: null,
      mark: null,
      problem: "A1 is not a stock symbol",
    });
    show([]);
    expect(quotes.quoteOf("AAPL")).toBeUndefined();
  });
});

describe("prefillPrice", () => {
  it("prefills only a quoted side above 0", () => {
    expect(prefillPrice(1.25)).toBe(1.25);
    expect(prefillPrice(0)).toBeNull();
    expect(prefillPrice(null)).toBeNull();
    expect(prefillPrice(undefined)).toBeNull();
  });
});
