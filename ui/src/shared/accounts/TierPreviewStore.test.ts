// Tests of the order dialogs' tier preview: what a quantity becomes, and why nothing would be sent.
import { describe, expect, it } from "vitest";
import { accountJson, OPERATOR_SETTINGS_JSON } from "../test/accountFixtures";
import { jsonResponse } from "../test/fakeTransport";
import { testRoot } from "../test/testRoot";
import { TierPreviewStore, awaitingAuthorizationText } from "./TierPreviewStore";

async function loaded(accounts: unknown[]): Promise<TierPreviewStore> {
  const { root } = testRoot({
    "GET /api/operator/settings": () => jsonResponse(200, OPERATOR_SETTINGS_JSON),
    "GET /api/trading_account/database": () => jsonResponse(200, accounts),
  });
  const store = new TierPreviewStore(root);
  await store.load();
  return store;
}

describe("TierPreviewStore", () => {
  it("counts the active accounts whose logins can be used", async () => {
    const store = await loaded([
      accountJson(1),
      accountJson(2, { accountType: "big_account" }),
      accountJson(3, { accountStatus: "authorization_needed" }),
    ]);
    expect(store.textFor(2)).toBe("Small ×1: 1 account → 2 contracts; Big ×3: 1 account → 6 contracts; Total 8 contracts on 2 accounts");
  });

  it("says that active accounts need authorizing, and where, when none of them can trade", async () => {
    const store = await loaded([
      accountJson(1, { accountStatus: "authorization_needed" }),
      accountJson(2, { accountStatus: "reauthorization_needed" }),
      accountJson(3, { accountTradingActive: false }),
    ]);
    expect(store.textFor(1)).toBe(
      "No active trading account can trade now: 2 active accounts need authorizing in the Account tab (the key icon)",
    );
  });

  it("says there is no active account when trading is off everywhere", async () => {
    const store = await loaded([accountJson(1, { accountTradingActive: false })]);
    expect(store.textFor(1)).toBe("No active trading account");
  });

  it("words one waiting account in the singular", () => {
    expect(awaitingAuthorizationText(1)).toBe(
      "No active trading account can trade now: 1 active account needs authorizing in the Account tab (the key icon)",
    );
    expect(awaitingAuthorizationText(1200)).toBe(
      "No active trading account can trade now: 1,200 active accounts need authorizing in the Account tab (the key icon)",
    );
  });
});
