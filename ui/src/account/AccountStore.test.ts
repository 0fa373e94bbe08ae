// Tests of the account store: merging the polled list by id, paging, polling and the row actions.
import { runInAction } from "mobx";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson, accountsJson, type AccountJson } from "../shared/test/accountFixtures";
import { deferred, jsonResponse, textResponse } from "../shared/test/fakeTransport";
import { TEST_NOW_MS } from "../shared/test/testClock";
import { calls, testRoot } from "../shared/test/testRoot";

const DATABASE = "GET /api/trading_account/database";
const OPERATOR = "GET /api/operator/accounts";
const LIMITS = "GET /api/trading_account/limits";
const DATABASE_URL = `/api/trading_account/database?timestamp=${TEST_NOW_MS}`;

/** A root whose account list answers whatever `list` holds at the time of the call. */
function withList(initial: AccountJson[]) {
  const state = { list: initial };
  const harness = testRoot({
    [DATABASE]: () => jsonResponse(200, state.list),
    [OPERATOR]: () => jsonResponse(200, []),
    [LIMITS]: () => jsonResponse(200, []),
  });
  return { ...harness, state };
}

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("AccountStore loading", () => {
  it("asks for the list with a timestamp and keeps the accounts by id, sorted by id", async () => {
    const { root, requests, state } = withList([accountJson(7), accountJson(3, { accountName: "Alpha" })]);

    await root.accounts.load();

    expect(calls(requests)).toEqual([["GET", DATABASE_URL, undefined]]);
    expect(root.accounts.loaded).toBe(true);
    expect(root.accounts.sortedAccounts.map((a) => [a.accountId, a.accountName])).toEqual([
      [3, "Alpha"],
      [7, "Account 7"],
    ]);
    expect(root.accounts.byId.get(3)).toEqual({
      accountId: 3,
      accountName: "Alpha",
      accountUsername: "user3",
      accountType: "small_account",
      accountConnectionTime: 10079,
      accountTradingActive: true,
      accountStatus: "connected",
      accountStatusText: "Connected",
      otherLoginAccounts: [],
    });
    expect(state.list).toHaveLength(2);
  });

  it("merges a new answer into the same entries, adds new ids and drops missing ones", async () => {
    const { root, state } = withList([accountJson(1), accountJson(2)]);
    await root.accounts.load();
    const first = root.accounts.byId.get(1);

    state.list = [
      accountJson(1, { accountType: "big_account", accountConnectionTime: null, accountTradingActive: false }),
      accountJson(3),
    ];
    await root.accounts.load();

    expect(root.accounts.byId.get(1)).toBe(first);
    expect(first).toMatchObject({
      accountType: "big_account",
      accountConnectionTime: null,
      accountTradingActive: false,
    });
    expect(Array.from(root.accounts.byId.keys()).sort()).toEqual([1, 3]);
  });

  it("drops an answer that arrives after a newer one", async () => {
    const older = deferred<Response>();
    const { root, server } = withList([]);
    let call = 0;
    server.on(DATABASE, () => {
      call += 1;
      return call === 1 ? older.promise : jsonResponse(200, [accountJson(1, { accountName: "New" })]);
    });

    const first = root.accounts.load();
    await root.accounts.load();
    older.resolve(jsonResponse(200, [accountJson(1, { accountName: "Old" })]));
    await first;

    expect(root.accounts.byId.get(1)?.accountName).toBe("New");
  });

  it("rejects a malformed answer naming the field and keeps the list it had", async () => {
    const { root, server } = withList([accountJson(1)]);
    await root.accounts.load();
    server.on(DATABASE, () => jsonResponse(200, [{ ...accountJson(1), accountType: "huge_account" }]));

    await expect(root.accounts.load()).rejects.toThrow("accountType of account 1 is not an account type");
    expect(root.accounts.byId.get(1)?.accountType).toBe("small_account");
  });

  it("rejects an answer that is not a list", async () => {
    const { root, server } = withList([]);
    server.on(DATABASE, () => jsonResponse(200, { accounts: [] }));

    await expect(root.accounts.load()).rejects.toThrow("the account list answer is not a list");
  });

  it("forgets the list when the agent changes", async () => {
    const { root, state } = withList(accountsJson(12));
    runInAction(() => {
      root.session.agentUsername = "ann";
    });
    await root.accounts.load();
    root.accounts.lastPage();

    runInAction(() => {
      root.session.agentUsername = null;
    });

    expect(root.accounts.byId.size).toBe(0);
    expect(root.accounts.loaded).toBe(false);
    expect(root.accounts.page).toBe(0);
    expect(state.list).toHaveLength(12);
  });
});

describe("AccountStore paging", () => {
  it.each([
    [0, 1, "Page 1 of 1"],
    [1, 1, "Page 1 of 1"],
    [10, 1, "Page 1 of 1"],
    [11, 2, "Page 1 of 2"],
    [20, 2, "Page 1 of 2"],
    [25, 3, "Page 1 of 3"],
  ])("with %i accounts has %i page(s)", async (count, pages, label) => {
    const { root } = withList(accountsJson(count));
    await root.accounts.load();

    expect(root.accounts.pageCount).toBe(pages);
    expect(root.accounts.pageLabel).toBe(label);
    expect(root.accounts.pageAccounts).toHaveLength(Math.min(count, 10));
  });

  it("walks Next, Last, Previous and First, never past either end", async () => {
    const { root } = withList(accountsJson(25));
    await root.accounts.load();
    const ids = () => root.accounts.pageAccounts.map((a) => a.accountId);

    expect(root.accounts.hasPreviousPage).toBe(false);
    root.accounts.previousPage();
    expect(root.accounts.page).toBe(0);

    root.accounts.nextPage();
    expect(root.accounts.pageLabel).toBe("Page 2 of 3");
    expect(ids()).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);

    root.accounts.lastPage();
    expect(root.accounts.pageLabel).toBe("Page 3 of 3");
    expect(ids()).toEqual([21, 22, 23, 24, 25]);
    expect(root.accounts.hasNextPage).toBe(false);
    root.accounts.nextPage();
    expect(root.accounts.page).toBe(2);

    root.accounts.previousPage();
    expect(root.accounts.pageLabel).toBe("Page 2 of 3");

    root.accounts.firstPage();
    expect(root.accounts.pageLabel).toBe("Page 1 of 3");
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("shows the last page there is when accounts disappear from the page shown", async () => {
    const { root, state } = withList(accountsJson(21));
    await root.accounts.load();
    root.accounts.lastPage();
    expect(root.accounts.pageLabel).toBe("Page 3 of 3");

    state.list = accountsJson(20);
    await root.accounts.load();

    expect(root.accounts.pageLabel).toBe("Page 2 of 2");
    expect(root.accounts.pageAccounts.map((a) => a.accountId)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    root.accounts.previousPage();
    expect(root.accounts.pageLabel).toBe("Page 1 of 2");
  });
});

describe("AccountStore polling", () => {
  it("loads the list, the operator view and the limits at once, then every second after each poll settles", async () => {
    const { root, requests, scheduler } = withList([accountJson(1)]);

    root.accounts.startPolling();
    await vi.waitFor(() => expect(scheduler.live()).toHaveLength(1));

    expect(requests.map((r) => r.url)).toEqual([
      DATABASE_URL,
      "/api/operator/accounts",
      "/api/trading_account/limits",
    ]);
    expect(root.accounts.byId.size).toBe(1);
    expect(scheduler.live().map((timer) => timer.delayMs)).toEqual([1000]);

    scheduler.fire();
    await vi.waitFor(() => expect(scheduler.live()).toHaveLength(1));
    expect(requests).toHaveLength(6);
  });

  it("only logs a failed poll and keeps polling", async () => {
    const { root, server, scheduler } = withList([]);
    server.on(DATABASE, () => jsonResponse(502, { error: "brokerage unreachable", code: "upstream" }));
    server.on(OPERATOR, () => jsonResponse(500, { error: "boom", code: "internal" }));
    server.on(LIMITS, () => jsonResponse(200, [{ accountId: "one" }]));

    root.accounts.startPolling();
    await vi.waitFor(() => expect(scheduler.live()).toHaveLength(1));

    expect(consoleError).toHaveBeenCalledWith(
      "Polling the account list failed",
      expect.objectContaining({ status: 502, message: "brokerage unreachable" }),
    );
    expect(consoleError).toHaveBeenCalledWith(
      "Polling the operator view failed",
      expect.objectContaining({ status: 500, message: "boom" }),
    );
    expect(consoleError).toHaveBeenCalledWith(
      "Polling the sizing and limits failed",
      expect.objectContaining({ message: "accountId of a limits entry is not a whole number" }),
    );
    expect(scheduler.live()).toHaveLength(1);
  });

  it("ends the session when a poll is answered 401, so the guard sends the agent to the login page", async () => {
    const { root, server, scheduler } = withList([]);
    runInAction(() => {
      root.session.agentUsername = "ann";
      root.session.profileChecked = true;
    });
    server.on(DATABASE, () => jsonResponse(401, { error: "Please log in first", code: "unauthorized" }));

    root.accounts.startPolling();
    await vi.waitFor(() => expect(root.session.agentUsername).toBeNull());

    expect(root.session.profileChecked).toBe(true);
    expect(scheduler.live()).toHaveLength(1);
  });

  it("leaves the session alone for other failures", async () => {
    const { root, server, scheduler } = withList([]);
    runInAction(() => {
      root.session.agentUsername = "ann";
    });
    server.on(DATABASE, () => jsonResponse(403, { error: "forbidden", code: "forbidden" }));

    root.accounts.startPolling();
    await vi.waitFor(() => expect(scheduler.live()).toHaveLength(1));

    expect(root.session.agentUsername).toBe("ann");
  });

  it("stops: the waiting timer is cancelled and nothing more is asked", async () => {
    const { root, requests, scheduler } = withList([]);
    root.accounts.startPolling();
    await vi.waitFor(() => expect(scheduler.live()).toHaveLength(1));

    root.accounts.stopPolling();

    expect(root.accounts.isPolling).toBe(false);
    expect(scheduler.live()).toHaveLength(0);
    expect(requests).toHaveLength(3);
  });
});

describe("AccountStore actions", () => {
  it("REFRESH asks the server to refresh from the brokerage, ignores the answer, then reloads", async () => {
    const { root, requests, server } = withList([accountJson(1)]);
    const answer = deferred<Response>();
    server.on("GET /api/trading_account/fetch_trading_account_data_from_refresh_token", () => answer.promise);

    const refresh = root.accounts.refresh();
    expect(root.accounts.refreshPending).toBe(true);
    answer.resolve(textResponse(200, "success"));
    await refresh;

    expect(calls(requests)).toEqual([
      ["GET", "/api/trading_account/fetch_trading_account_data_from_refresh_token", undefined],
      ["GET", DATABASE_URL, undefined],
    ]);
    expect(root.accounts.refreshPending).toBe(false);
    expect(root.accounts.byId.size).toBe(1);
  });

  it("REFRESH only logs a failure and still reloads", async () => {
    const { root, requests, server } = withList([accountJson(1)]);
    server.on("GET /api/trading_account/fetch_trading_account_data_from_refresh_token", () =>
      jsonResponse(502, { error: "brokerage unreachable", code: "upstream" }),
    );

    await root.accounts.refresh();

    expect(requests.map((r) => r.url)).toEqual([
      "/api/trading_account/fetch_trading_account_data_from_refresh_token",
      DATABASE_URL,
    ]);
    expect(consoleError).toHaveBeenCalledWith(
      "Refreshing the accounts from the brokerage failed",
      expect.objectContaining({ status: 502 }),
    );
    expect(root.accounts.refreshPending).toBe(false);
  });

  it("changes the type, shows the new type while in flight, then reloads", async () => {
    const { root, requests, server, state } = withList([accountJson(3, { accountUsername: "alpha" })]);
    await root.accounts.load();
    const account = root.accounts.byId.get(3);
    if (account === undefined) {
      throw new Error("account 3 not loaded");
    }
    const answer = deferred<Response>();
    server.on("POST /api/trading_account/set_account_type", () => answer.promise);

    const change = root.accounts.setAccountType(account, "medium_account");
    expect(root.accounts.typeOf(account)).toBe("medium_account");
    expect(root.accounts.pendingTypes.has(3)).toBe(true);
    state.list = [accountJson(3, { accountUsername: "alpha", accountType: "medium_account" })];
    answer.resolve(textResponse(200, "success"));
    await change;

    expect(calls(requests).slice(1)).toEqual([
      ["POST", "/api/trading_account/set_account_type", '{"accountUsername":"alpha","accountType":"medium_account"}'],
      ["GET", DATABASE_URL, undefined],
    ]);
    expect(root.accounts.pendingTypes.size).toBe(0);
    expect(account.accountType).toBe("medium_account");
    expect(root.accounts.typeOf(account)).toBe("medium_account");
  });

  it("only logs a refused type change; the reloaded list shows the type the server kept", async () => {
    const { root, server } = withList([accountJson(3)]);
    await root.accounts.load();
    const account = root.accounts.byId.get(3);
    if (account === undefined) {
      throw new Error("account 3 not loaded");
    }
    server.on("POST /api/trading_account/set_account_type", () =>
      jsonResponse(400, {
        error: "accountType must be one of small_account, medium_account, big_account",
        code: "bad_request",
      }),
    );

    await root.accounts.setAccountType(account, "big_account");

    expect(consoleError).toHaveBeenCalledWith(
      "Changing the account type failed",
      expect.objectContaining({ status: 400 }),
    );
    expect(root.accounts.typeOf(account)).toBe("small_account");
  });

  it("switches trading off, shows the new value while in flight, then reloads", async () => {
    const { root, requests, server, state } = withList([accountJson(3, { accountUsername: "alpha" })]);
    await root.accounts.load();
    const account = root.accounts.byId.get(3);
    if (account === undefined) {
      throw new Error("account 3 not loaded");
    }
    const answer = deferred<Response>();
    server.on("POST /api/trading_account/trading_active", () => answer.promise);

    const toggle = root.accounts.setTradingActive(account, false);
    expect(root.accounts.tradingActiveOf(account)).toBe(false);
    await root.accounts.setTradingActive(account, true);
    state.list = [accountJson(3, { accountUsername: "alpha", accountTradingActive: false })];
    answer.resolve(textResponse(200, "success"));
    await toggle;

    expect(calls(requests).slice(1)).toEqual([
      ["POST", "/api/trading_account/trading_active", '{"accountUsername":"alpha","accountTradingActive":false}'],
      ["GET", DATABASE_URL, undefined],
    ]);
    expect(account.accountTradingActive).toBe(false);
    expect(root.accounts.pendingTradingActive.size).toBe(0);
  });

  it("only logs a failed trading switch and reloads", async () => {
    const { root, requests, server } = withList([accountJson(3)]);
    await root.accounts.load();
    const account = root.accounts.byId.get(3);
    if (account === undefined) {
      throw new Error("account 3 not loaded");
    }
    server.on("POST /api/trading_account/trading_active", () => Promise.reject(new TypeError("Failed to fetch")));

    await root.accounts.setTradingActive(account, false);

    expect(consoleError).toHaveBeenCalledWith("Switching trading failed", expect.objectContaining({ status: 0 }));
    expect(requests.at(-1)?.url).toBe(DATABASE_URL);
    expect(root.accounts.tradingActiveOf(account)).toBe(true);
  });

  it("has every dialog closed at first", () => {
    const { root } = withList([]);

    expect(root.accounts.addDialog.isOpen).toBe(false);
    expect(root.accounts.infoDialog.isOpen).toBe(false);
    expect(root.accounts.deleteDialog.isOpen).toBe(false);
    expect(root.accounts.accessTokenDialog.isOpen).toBe(false);
  });
});
