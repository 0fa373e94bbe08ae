// Tests of the account-info dialog's state: the balances request and what it keeps from the answer.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson } from "../shared/test/accountFixtures";
import { deferred, jsonResponse } from "../shared/test/fakeTransport";
import type { RouteHandler } from "../shared/test/routeResponder";
import { calls, testRoot } from "../shared/test/testRoot";
import { parseTradingAccount } from "../shared/accounts/TradingAccount";

const ALPHA = parseTradingAccount(accountJson(3, { accountName: "Alpha", accountUsername: "alpha" }));

function setup(fetch: RouteHandler) {
  const harness = testRoot({ "POST /api/trading_account/account_fetch": fetch });
  return { ...harness, dialog: harness.root.accounts.infoDialog };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("AccountInfoDialogStore", () => {
  it("opens for the account, fetches its balances and keeps the three figures", async () => {
    const { dialog, requests } = setup(() =>
      jsonResponse(200, {
        securitiesAccount: {
          currentBalances: { cashBalance: 100000.0, cashAvailableForTrading: 99500.5, buyingPower: 200000.0 },
        },
      }),
    );

    const opening = dialog.open(ALPHA);
    expect(dialog.isOpen).toBe(true);
    expect(dialog.loading).toBe(true);
    expect([dialog.accountName, dialog.accountUsername]).toEqual(["Alpha", "alpha"]);
    await opening;

    expect(calls(requests)).toEqual([["POST", "/api/trading_account/account_fetch", '{"accountUsername":"alpha"}']]);
    expect(dialog.loading).toBe(false);
    expect(dialog.error).toBeNull();
    expect(dialog.balances).toEqual({ cashBalance: 100000, cashAvailableForTrading: 99500.5, buyingPower: 200000 });
  });

  it("keeps null figures as null", async () => {
    const { dialog } = setup(() =>
      jsonResponse(200, {
        securitiesAccount: { currentBalances: { cashBalance: 5, cashAvailableForTrading: null } },
      }),
    );

    await dialog.open(ALPHA);

    expect(dialog.balances).toEqual({ cashBalance: 5, cashAvailableForTrading: null, buyingPower: null });
  });

  it("keeps the server's message when the fetch fails", async () => {
    const { dialog } = setup(() => jsonResponse(404, { error: "Trading account not found", code: "not_found" }));

    await dialog.open(ALPHA);

    expect(dialog.balances).toBeNull();
    expect(dialog.loading).toBe(false);
    expect(dialog.error).toBe("Trading account not found");
  });

  it("names what is missing from a malformed answer", async () => {
    const { dialog } = setup(() => jsonResponse(200, { securitiesAccount: {} }));

    await dialog.open(ALPHA);

    expect(dialog.error).toBe("the answer has no securitiesAccount.currentBalances");
  });

  it("drops an answer that arrives after the dialog was closed", async () => {
    const answer = deferred<Response>();
    const { dialog } = setup(() => answer.promise);

    const opening = dialog.open(ALPHA);
    dialog.close();
    answer.resolve(jsonResponse(200, { securitiesAccount: { currentBalances: { cashBalance: 1 } } }));
    await opening;

    expect(dialog.isOpen).toBe(false);
    expect(dialog.balances).toBeNull();
    expect(dialog.loading).toBe(false);
  });
});
