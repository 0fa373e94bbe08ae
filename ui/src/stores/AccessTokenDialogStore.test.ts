// Tests of the access-token dialog's state: credentials, the authorization page and the code exchange.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson } from "../test/accountFixtures";
import { deferred, jsonResponse } from "../test/fakeTransport";
import type { RouteHandler } from "../test/routeResponder";
import { TEST_NOW_MS } from "../test/testClock";
import { calls, testRoot } from "../test/testRoot";
import { parseTradingAccount } from "./TradingAccount";

const ALPHA = parseTradingAccount(accountJson(3, { accountName: "Alpha", accountUsername: "alpha" }));
const CREDENTIALS = "POST /api/trading_account/credentials";
const AUTHORIZATION_URL = "GET /api/trading_account/authorization_url";
const ACCESS_TOKEN = "POST /api/trading_account/get_access_token_from_authorization_code/";
const PAGE_URL = "http://127.0.0.1:8080/paper/oauth/authorize?client_id=copydesk&state=3";
const PASTED = "http://127.0.0.1:8080/paper/oauth/callback?code=abc123&session=s1";

function setup(routes: Record<string, RouteHandler> = {}, openWindow: (url: string) => Window | null = () => null) {
  const opened: string[] = [];
  const harness = testRoot(
    {
      [CREDENTIALS]: () => jsonResponse(200, { accountUsername: "alpha", accountPassword: "paper-pass" }),
      "GET /api/trading_account/database": () => jsonResponse(200, []),
      ...routes,
    },
    {
      openWindow: (url) => {
        opened.push(url);
        return openWindow(url);
      },
    },
  );
  return { ...harness, dialog: harness.root.accounts.accessTokenDialog, opened };
}

/** A stand-in for the window `window.open` returns. */
function fakeWindow(): Window {
  return { opener: {} } as unknown as Window;
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("AccessTokenDialogStore opening", () => {
  it("opens for the account and fetches its username and password", async () => {
    const { dialog, requests } = setup();

    const opening = dialog.open(ALPHA);
    expect(dialog.isOpen).toBe(true);
    expect(dialog.credentialsLoading).toBe(true);
    await opening;

    expect(calls(requests)).toEqual([["POST", "/api/trading_account/credentials", '{"accountUsername":"alpha"}']]);
    expect(dialog.credentialsLoading).toBe(false);
    expect(dialog.credentials).toEqual({ accountUsername: "alpha", accountPassword: "paper-pass" });
    expect([dialog.accountName, dialog.accountUsername, dialog.authorizationCode]).toEqual(["Alpha", "alpha", ""]);
  });

  it("keeps the server's message when the credentials cannot be fetched", async () => {
    const { dialog } = setup({
      [CREDENTIALS]: () => jsonResponse(404, { error: "Trading account not found", code: "not_found" }),
    });

    await dialog.open(ALPHA);

    expect(dialog.credentials).toBeNull();
    expect(dialog.credentialsError).toBe("Trading account not found");
  });

  it("forgets the credentials and the code when closed", async () => {
    const { dialog } = setup();
    await dialog.open(ALPHA);
    dialog.setAuthorizationCode(PASTED);

    dialog.close();

    expect(dialog.isOpen).toBe(false);
    expect(dialog.credentials).toBeNull();
    expect(dialog.authorizationCode).toBe("");
  });

  it("drops credentials that arrive after the dialog was closed", async () => {
    const answer = deferred<Response>();
    const { dialog } = setup({ [CREDENTIALS]: () => answer.promise });

    const opening = dialog.open(ALPHA);
    dialog.close();
    answer.resolve(jsonResponse(200, { accountUsername: "alpha", accountPassword: "paper-pass" }));
    await opening;

    expect(dialog.credentials).toBeNull();
  });
});

describe("AccessTokenDialogStore authorization page", () => {
  it("asks for the page's address by username and opens it in a new window, cut off from this one", async () => {
    const page = fakeWindow();
    const { dialog, requests, opened } = setup(
      { [AUTHORIZATION_URL]: () => jsonResponse(200, { url: PAGE_URL }) },
      () => page,
    );
    await dialog.open(ALPHA);

    const result = dialog.openAuthorizationPage();
    expect(dialog.authorizationPending).toBe(true);
    await expect(result).resolves.toBeNull();

    expect(calls(requests).at(-1)).toEqual([
      "GET",
      "/api/trading_account/authorization_url?accountUsername=alpha",
      undefined,
    ]);
    expect(opened).toEqual([PAGE_URL]);
    expect(page.opener).toBeNull();
    expect(dialog.authorizationPending).toBe(false);
  });

  it("says 'Website open failed' when the browser refuses the window", async () => {
    const { dialog, opened } = setup({ [AUTHORIZATION_URL]: () => jsonResponse(200, { url: PAGE_URL }) }, () => null);
    await dialog.open(ALPHA);

    await expect(dialog.openAuthorizationPage()).resolves.toEqual({ ok: false, message: "Website open failed" });
    expect(opened).toEqual([PAGE_URL]);
  });

  it("says 'Website open failed' when opening the window throws", async () => {
    const { dialog } = setup({ [AUTHORIZATION_URL]: () => jsonResponse(200, { url: PAGE_URL }) }, () => {
      throw new Error("blocked");
    });
    await dialog.open(ALPHA);

    await expect(dialog.openAuthorizationPage()).resolves.toEqual({ ok: false, message: "Website open failed" });
    expect(dialog.authorizationPending).toBe(false);
  });

  it.each([
    [
      "the address cannot be fetched",
      () => jsonResponse(404, { error: "Trading account not found", code: "not_found" }),
    ],
    ["the answer has no address", () => jsonResponse(200, { link: PAGE_URL })],
  ])("says 'Website open failed' when %s, without opening anything", async (_, answer) => {
    const { dialog, opened } = setup({ [AUTHORIZATION_URL]: answer }, fakeWindow);
    await dialog.open(ALPHA);

    await expect(dialog.openAuthorizationPage()).resolves.toEqual({ ok: false, message: "Website open failed" });
    expect(opened).toEqual([]);
  });
});

describe("AccessTokenDialogStore code exchange", () => {
  it("sends the pasted address, says 'Get access token successful.', closes and reloads", async () => {
    const { dialog, requests } = setup({ [ACCESS_TOKEN]: () => jsonResponse(200, { success: true }) });
    await dialog.open(ALPHA);
    dialog.setAuthorizationCode(PASTED);

    const exchange = dialog.getAccessToken();
    expect(dialog.accessPending).toBe(true);
    await expect(exchange).resolves.toEqual({ ok: true, message: "Get access token successful." });

    expect(calls(requests).slice(1)).toEqual([
      [
        "POST",
        "/api/trading_account/get_access_token_from_authorization_code/",
        JSON.stringify({ accountName: "Alpha", accountUsername: "alpha", authorizationCodeUrl: PASTED }),
      ],
      ["GET", `/api/trading_account/database?timestamp=${TEST_NOW_MS}`, undefined],
    ]);
    expect(dialog.isOpen).toBe(false);
    expect(dialog.accessPending).toBe(false);
    expect(dialog.credentials).toBeNull();
  });

  it.each([
    ["a refusal", () => jsonResponse(400, { error: "authorizationCodeUrl has no code", code: "bad_request" })],
    ["success false", () => jsonResponse(200, { success: false })],
    ["a text answer", () => new Response("success", { status: 200 })],
  ])("says 'Get access token failed.' for %s, clears the code and stays open", async (_, answer) => {
    const { dialog } = setup({ [ACCESS_TOKEN]: answer });
    await dialog.open(ALPHA);
    dialog.setAuthorizationCode(PASTED);

    await expect(dialog.getAccessToken()).resolves.toEqual({ ok: false, message: "Get access token failed." });

    expect(dialog.authorizationCode).toBe("");
    expect(dialog.isOpen).toBe(true);
    expect(dialog.credentials).toEqual({ accountUsername: "alpha", accountPassword: "paper-pass" });
  });

  it("cannot be closed or sent twice while the exchange is in flight", async () => {
    const answer = deferred<Response>();
    const { dialog, requests } = setup({ [ACCESS_TOKEN]: () => answer.promise });
    await dialog.open(ALPHA);

    const exchange = dialog.getAccessToken();
    dialog.close();
    expect(dialog.isOpen).toBe(true);
    await expect(dialog.getAccessToken()).resolves.toEqual({ ok: false, message: "Get access token failed." });

    answer.resolve(jsonResponse(200, { success: true }));
    await exchange;
    expect(requests.filter((r) => r.url.startsWith("/api/trading_account/get_access_token"))).toHaveLength(1);
  });
});
