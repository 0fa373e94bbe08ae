// Tests of the delete confirmation's state: the account it names, the request and the exact messages.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson } from "../shared/test/accountFixtures";
import { deferred, jsonResponse, textResponse } from "../shared/test/fakeTransport";
import type { RouteHandler } from "../shared/test/routeResponder";
import { TEST_NOW_MS } from "../shared/test/testClock";
import { calls, testRoot } from "../shared/test/testRoot";
import { deleteQuestion } from "./AccountMessages";
import { parseTradingAccount } from "../shared/accounts/TradingAccount";

const ALPHA = parseTradingAccount(accountJson(3, { accountName: "Alpha", accountUsername: "alpha" }));

function setup(remove: RouteHandler) {
  const harness = testRoot({
    "POST /api/trading_account/delete_account": remove,
    "GET /api/trading_account/database": () => jsonResponse(200, []),
  });
  const dialog = harness.root.accounts.deleteDialog;
  dialog.open(ALPHA);
  return { ...harness, dialog };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("DeleteAccountDialogStore", () => {
  it("asks about the named account", () => {
    const { dialog } = setup(() => textResponse(200, "success"));

    expect(dialog.isOpen).toBe(true);
    expect(dialog.accountName).toBe("Alpha");
    expect(deleteQuestion(dialog.accountName)).toBe("Are you sure you want to delete the account Alpha?");
  });

  it("closes on cancel without a request", () => {
    const { dialog, requests } = setup(() => textResponse(200, "success"));

    dialog.close();

    expect(dialog.isOpen).toBe(false);
    expect(requests).toHaveLength(0);
  });

  it("deletes by name, says 'Account deleted successful', closes and reloads", async () => {
    const { dialog, requests } = setup(() => textResponse(200, "success"));

    await expect(dialog.confirm()).resolves.toEqual({ ok: true, message: "Account deleted successful" });

    expect(calls(requests)).toEqual([
      ["POST", "/api/trading_account/delete_account", '{"accountName":"Alpha"}'],
      ["GET", `/api/trading_account/database?timestamp=${TEST_NOW_MS}`, undefined],
    ]);
    expect(dialog.isOpen).toBe(false);
  });

  it.each([
    [
      "a 404",
      () => jsonResponse(404, { error: "Trading account not found", code: "not_found" }),
      "Account deleted failed: Trading account not found",
    ],
    ["an answer other than success", () => textResponse(200, "partial"), "Account deleted failed: partial"],
    [
      "an unreachable server",
      () => Promise.reject(new TypeError("Failed to fetch")),
      "Account deleted failed: Could not reach the server (Failed to fetch)",
    ],
  ])("says 'Account deleted failed' with the reason for %s and stays open", async (_, answer, message) => {
    const { dialog, requests } = setup(answer);

    await expect(dialog.confirm()).resolves.toEqual({ ok: false, message });

    expect(dialog.isOpen).toBe(true);
    expect(dialog.pending).toBe(false);
    expect(requests).toHaveLength(1);
  });

  it("is pending while in flight, cannot be closed meanwhile, and sends once", async () => {
    const answer = deferred<Response>();
    const { dialog, requests } = setup(() => answer.promise);

    const confirm = dialog.confirm();
    expect(dialog.pending).toBe(true);
    dialog.close();
    expect(dialog.isOpen).toBe(true);
    await expect(dialog.confirm()).resolves.toEqual({ ok: false, message: "Account deleted failed" });

    answer.resolve(textResponse(200, "success"));
    await expect(confirm).resolves.toEqual({ ok: true, message: "Account deleted successful" });
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });
});
