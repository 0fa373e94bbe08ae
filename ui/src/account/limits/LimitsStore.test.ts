// Tests of the limits store: loading every account's limits, the tier multiplier shown, and forgetting them.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { parseAccountLimits } from "../../shared/accounts/AccountLimits";
import { OPERATOR_SETTINGS_JSON, accountJson } from "../../shared/test/accountFixtures";
import { deferred, jsonResponse } from "../../shared/test/fakeTransport";
import { calls, testRoot } from "../../shared/test/testRoot";
import { limitsJson } from "../test/limitsFixtures";

const LIMITS = "GET /api/trading_account/limits";

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("LimitsStore loading", () => {
  it("asks for every account's limits and keeps them by id, in id order", async () => {
    const { root, requests } = testRoot({
      [LIMITS]: () =>
        jsonResponse(200, [
          limitsJson(7, { sizing: { method: "FIXED", value: 5, belowOne: "ONE" }, balances: null }),
          limitsJson(3, { guards: { allowSymbols: ["SPY"], maxNotionalPerOrder: 2500.5 } }),
        ]),
    });

    await root.limits.load();

    expect(calls(requests)).toEqual([["GET", "/api/trading_account/limits", undefined]]);
    expect(root.limits.loaded).toBe(true);
    expect(root.limits.sortedLimits).toEqual([
      {
        accountId: 3,
        accountName: "Account 3",
        accountUsername: "user3",
        sizing: { method: "TIER", value: null, belowOne: "REFUSE" },
        guards: {
          maxQuantityPerOrder: null,
          maxPositionPerSymbol: null,
          maxNotionalPerOrder: 2500.5,
          allowSymbols: ["SPY"],
          denySymbols: [],
          openClose: "ANY",
          maxOrdersPerDay: null,
        },
        balances: { netLiquidationValue: 100_000, readAt: "2025-01-02T03:03:53Z", ageSeconds: 12 },
      },
      parseAccountLimits(limitsJson(7, { sizing: { method: "FIXED", value: 5, belowOne: "ONE" }, balances: null })),
    ]);
  });

  it("rejects a malformed entry naming the field", async () => {
    const { root } = testRoot({
      [LIMITS]: () => jsonResponse(200, [{ ...limitsJson(2), sizing: { method: "HALF", value: 1, belowOne: "ONE" } }]),
    });

    await expect(root.limits.load()).rejects.toThrow(
      "method of the sizing of account 2 is not one of TIER, FIXED, RATIO, NET_LIQUIDATION",
    );
  });

  it("drops an answer older than the one shown", async () => {
    const first = deferred<Response>();
    let answer: () => Promise<Response> | Response = () => first.promise;
    const { root } = testRoot({ [LIMITS]: () => answer() });
    const older = root.limits.load();
    answer = () => jsonResponse(200, [limitsJson(1, { accountName: "Newer" })]);
    await root.limits.load();

    first.resolve(jsonResponse(200, [limitsJson(1, { accountName: "Older" })]));
    await older;

    expect(root.limits.byId.get(1)?.accountName).toBe("Newer");
  });

  it("forgets the list and closes the dialog when the agent changes", async () => {
    const { root } = testRoot({ [LIMITS]: () => jsonResponse(200, [limitsJson(1)]) });
    await root.limits.load();
    const row = root.limits.byId.get(1);
    if (row === undefined) {
      throw new Error("not loaded");
    }
    root.limits.editDialog.open(row);

    root.limits.reset();

    expect(root.limits.byId.size).toBe(0);
    expect(root.limits.loaded).toBe(false);
    expect(root.limits.editDialog.isOpen).toBe(false);
  });
});

describe("LimitsStore tier multiplier", () => {
  it("is the multiplier of the account's type as the account list shows it", async () => {
    const { root } = testRoot({
      [LIMITS]: () => jsonResponse(200, [limitsJson(1), limitsJson(2)]),
      "GET /api/trading_account/database": () =>
        jsonResponse(200, [accountJson(1, { accountType: "medium_account" }), accountJson(2)]),
      "GET /api/operator/settings": () => jsonResponse(200, OPERATOR_SETTINGS_JSON),
    });
    await root.limits.load();
    expect(root.limits.tierMultiplierOf(1)).toBeNull();

    await root.accounts.load();
    await root.operator.loadSettings();

    expect(root.limits.tierMultiplierOf(1)).toBe(2);
    expect(root.limits.tierMultiplierOf(2)).toBe(1);
    expect(root.limits.tierMultiplierOf(9)).toBeNull();
  });
});
