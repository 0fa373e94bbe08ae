// Tests of the add-account dialog's state: its form, the request, and each outcome's exact message.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson } from "../shared/test/accountFixtures";
import { deferred, jsonResponse, textResponse } from "../shared/test/fakeTransport";
import type { RouteHandler } from "../shared/test/routeResponder";
import { TEST_NOW_MS } from "../shared/test/testClock";
import { calls, testRoot } from "../shared/test/testRoot";

const LOGIN = "POST /api/trading_account/login/";

function setup(login: RouteHandler) {
  const harness = testRoot({
    [LOGIN]: login,
    "GET /api/trading_account/database": () => jsonResponse(200, [accountJson(3, { accountName: "Alpha" })]),
  });
  const dialog = harness.root.accounts.addDialog;
  dialog.open();
  dialog.setAccountName("Alpha");
  dialog.setAccountUsername("alpha");
  dialog.setAccountPassword("paper-pass");
  dialog.setAccountType("medium_account");
  return { ...harness, dialog };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("AddAccountDialogStore", () => {
  it("opens closed-by-default with an empty form and Small as the type", () => {
    const { root } = testRoot();
    const dialog = root.accounts.addDialog;
    expect(dialog.isOpen).toBe(false);

    dialog.open();

    expect(dialog.isOpen).toBe(true);
    expect([dialog.accountName, dialog.accountUsername, dialog.accountPassword, dialog.accountType]).toEqual([
      "",
      "",
      "",
      "small_account",
    ]);
  });

  it("marks each empty field and sends nothing; a filled field loses its mark", async () => {
    const { dialog, requests } = setup(() => jsonResponse(200, accountJson(3)));
    dialog.setAccountName(" ");
    dialog.setAccountPassword("");
    expect(dialog.problemOf("Name")).toBeUndefined();

    const outcome = await dialog.submit();

    expect(outcome).toEqual({ ok: false, message: "Login failed. Name is required" });
    expect(calls(requests)).toEqual([]);
    expect(dialog.problemOf("Name")).toBe("Name is required");
    expect(dialog.problemOf("Account Username")).toBeUndefined();
    expect(dialog.problemOf("Account Password")).toBe("Account Password is required");
    dialog.setAccountName("Alpha");
    expect(dialog.problemOf("Name")).toBeUndefined();
    dialog.close();
    dialog.open();
    expect(dialog.problemOf("Account Password")).toBeUndefined();
  });

  it("sends the form, says 'Account added successful', closes, clears the form and reloads the list", async () => {
    const { dialog, requests, root } = setup(() => jsonResponse(200, accountJson(3, { accountName: "Alpha" })));

    const outcome = await dialog.submit();

    expect(outcome).toEqual({ ok: true, message: "Account added successful" });
    expect(calls(requests)).toEqual([
      [
        "POST",
        "/api/trading_account/login/",
        '{"accountName":"Alpha","accountUsername":"alpha","accountPassword":"paper-pass","accountType":"medium_account"}',
      ],
      ["GET", `/api/trading_account/database?timestamp=${TEST_NOW_MS}`, undefined],
    ]);
    expect(dialog.isOpen).toBe(false);
    expect(dialog.accountPassword).toBe("");
    expect(dialog.accountName).toBe("");
    expect(root.accounts.byId.get(3)?.accountName).toBe("Alpha");
  });

  it("is pending while the request is in flight and cannot be closed or sent twice meanwhile", async () => {
    const answer = deferred<Response>();
    const { dialog, requests } = setup(() => answer.promise);

    const submit = dialog.submit();
    expect(dialog.pending).toBe(true);
    dialog.close();
    expect(dialog.isOpen).toBe(true);
    await expect(dialog.submit()).resolves.toEqual({ ok: false, message: "Login failed." });

    answer.resolve(jsonResponse(200, accountJson(3, { accountName: "Alpha" })));
    await expect(submit).resolves.toEqual({ ok: true, message: "Account added successful" });
    expect(dialog.pending).toBe(false);
    expect(requests.filter((r) => r.url === "/api/trading_account/login/")).toHaveLength(1);
  });

  it("says 'Account added failed.' with the server's text when the answer names no account", async () => {
    const { dialog, requests } = setup(() => jsonResponse(200, { error: "Brokerage login rejected" }));

    const outcome = await dialog.submit();

    expect(outcome).toEqual({ ok: false, message: "Account added failed. Brokerage login rejected" });
    expect(dialog.isOpen).toBe(true);
    expect(dialog.accountName).toBe("Alpha");
    expect(requests).toHaveLength(1);
  });

  it("says 'Account added failed.' with a text answer, and alone when the answer says nothing", async () => {
    const text = setup(() => textResponse(200, "login refused"));
    await expect(text.dialog.submit()).resolves.toEqual({ ok: false, message: "Account added failed. login refused" });

    const empty = setup(() => jsonResponse(200, {}));
    await expect(empty.dialog.submit()).resolves.toEqual({ ok: false, message: "Account added failed." });
  });

  it.each([
    [409, "Account name already exists", "Login failed. Account name already exists"],
    [409, "Account username already exists", "Login failed. Account username already exists"],
    [400, "accountName must not be empty", "Login failed. accountName must not be empty"],
  ])("says 'Login failed.' with the server's message for a %i", async (status, error, message) => {
    const { dialog } = setup(() => jsonResponse(status, { error, code: "refused" }));

    await expect(dialog.submit()).resolves.toEqual({ ok: false, message });
    expect(dialog.isOpen).toBe(true);
    expect(dialog.pending).toBe(false);
  });

  it("says 'Login failed.' with the reason for a server failure or an unreachable server", async () => {
    const broken = setup(() => jsonResponse(500, { error: "internal error", code: "internal" }));
    await expect(broken.dialog.submit()).resolves.toEqual({ ok: false, message: "Login failed. internal error" });

    const offline = setup(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(offline.dialog.submit()).resolves.toEqual({
      ok: false,
      message: "Login failed. Could not reach the server (Failed to fetch)",
    });
  });

  it("forgets the form when closed", () => {
    const { dialog } = setup(() => textResponse(200, "unused"));

    dialog.close();

    expect(dialog.isOpen).toBe(false);
    expect([dialog.accountName, dialog.accountUsername, dialog.accountPassword, dialog.accountType]).toEqual([
      "",
      "",
      "",
      "small_account",
    ]);
  });
});
