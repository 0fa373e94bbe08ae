// Tests of the access-token dialog's state: credentials, the authorization page and the code exchange.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson } from "../shared/test/accountFixtures";
import { deferred, jsonResponse } from "../shared/test/fakeTransport";
import type { RouteHandler } from "../shared/test/routeResponder";
import { TEST_NOW_MS } from "../shared/test/testClock";
import { calls, testRoot } from "../shared/test/testRoot";
import { parseTradingAccount } from "../shared/accounts/TradingAccount";

const ALPHA = parseTradingAccount(accountJson(3, { accountName: "Alpha", accountUsername: "alpha" }));
const CREDENTIALS = "POST /api/trading_account/credentials";
const AUTHORIZATION_URL = "GET /api/trading_account/authorization_url";
const ACCESS_TOKEN = "POST /api/trading_account/get_access_token_from_authorization_code/";
const PAGE_URL = "http://127.0.0.1:8080/paper/oauth/authorize?client_id=copydesk&state=3";
const PASTED = "http://127.0.0.1:8080/paper/oauth/callback?code=abc123&session=s1";

/** A stand-in for the blank window `window.open` returns: records where it was sent and whether it closed. */
interface FakeWindow {
  opener: unknown;
  location: { href: string };
  closed: boolean;
  close(): void;
}

function fakeWindow(): FakeWindow {
  return {
    opener: {},
    location: { href: "about:blank" },
    closed: false,
    close() {
      this.closed = true;
    },
  };
}

function setup(routes: Record<string, RouteHandler> = {}, openBlankWindow: () => FakeWindow | null = () => null) {
  const harness = testRoot(
    {
      [CREDENTIALS]: () => jsonResponse(200, { accountUsername: "alpha", accountPassword: "paper-pass" }),
      "GET /api/trading_account/database": () => jsonResponse(200, []),
      ...routes,
    },
    { openBlankWindow: () => openBlankWindow() as Window | null },
  );
  return { ...harness, dialog: harness.root.accounts.accessTokenDialog };
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
  it("opens a window before asking for the address, cuts it off from this page, then sends it there", async () => {
    const page = fakeWindow();
    const answer = deferred<Response>();
    const { dialog, requests } = setup({ [AUTHORIZATION_URL]: () => answer.promise }, () => page);
    await dialog.open(ALPHA);

    const result = dialog.openAuthorizationPage();
    expect(page.opener).toBeNull();
    expect(page.location.href).toBe("about:blank");
    expect(dialog.authorizationPending).toBe(true);
    answer.resolve(jsonResponse(200, { url: PAGE_URL }));
    await expect(result).resolves.toBeNull();

    expect(calls(requests).at(-1)).toEqual([
      "GET",
      "/api/trading_account/authorization_url?accountUsername=alpha",
      undefined,
    ]);
    expect(page.location.href).toBe(PAGE_URL);
    expect(page.closed).toBe(false);
    expect(dialog.authorizationPending).toBe(false);
  });

  it("says 'Website open failed' without asking the server when the browser refuses the window", async () => {
    const { dialog, requests } = setup({ [AUTHORIZATION_URL]: () => jsonResponse(200, { url: PAGE_URL }) }, () => null);
    await dialog.open(ALPHA);

    await expect(dialog.openAuthorizationPage()).resolves.toEqual({ ok: false, message: "Website open failed" });
    expect(requests).toHaveLength(1);
    expect(dialog.authorizationPending).toBe(false);
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
      () => jsonResponse(404, { error: "No such trading account", code: "not_found" }),
      "Website open failed: No such trading account",
    ],
    ["the answer has no address", () => jsonResponse(200, { link: PAGE_URL }), "Website open failed"],
  ])("says 'Website open failed' when %s, and closes the window", async (_, answer, message) => {
    const page = fakeWindow();
    const { dialog } = setup({ [AUTHORIZATION_URL]: answer }, () => page);
    await dialog.open(ALPHA);

    await expect(dialog.openAuthorizationPage()).resolves.toEqual({ ok: false, message });
    expect(page.closed).toBe(true);
    expect(page.location.href).toBe("about:blank");
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
    [
      "a refusal",
      () => jsonResponse(400, { error: "Account Authorization Code has no code", code: "bad_request" }),
      "Get access token failed. Account Authorization Code has no code",
    ],
    [
      "a login that reaches another brokerage account",
      () =>
        jsonResponse(409, {
          error:
            "This login reaches account …1234, but Alpha is linked to …5678. Sign in with Alpha's login, or delete the account and add it again",
          code: "login_reaches_other_account",
        }),
      "Get access token failed. This login reaches account …1234, but Alpha is linked to …5678. Sign in with Alpha's login, or delete the account and add it again",
    ],
    ["success false", () => jsonResponse(200, { success: false }), "Get access token failed."],
    ["a text answer", () => new Response("success", { status: 200 }), "Get access token failed. success"],
  ])("says 'Get access token failed.' for %s, clears the code and stays open", async (_, answer, message) => {
    const { dialog } = setup({ [ACCESS_TOKEN]: answer });
    await dialog.open(ALPHA);
    dialog.setAuthorizationCode(PASTED);

    await expect(dialog.getAccessToken()).resolves.toEqual({ ok: false, message });

    expect(dialog.authorizationCode).toBe("");
    expect(dialog.isOpen).toBe(true);
    expect(dialog.credentials).toEqual({ accountUsername: "alpha", accountPassword: "paper-pass" });
  });

  it("marks an empty Account Authorization Code and sends nothing; typing one clears the mark", async () => {
    const { dialog, requests } = setup({ [ACCESS_TOKEN]: () => jsonResponse(200, { success: true }) });
    await dialog.open(ALPHA);
    dialog.setAuthorizationCode("   ");

    await expect(dialog.getAccessToken()).resolves.toEqual({
      ok: false,
      message: "Get access token failed. Account Authorization Code is required",
    });

    expect(dialog.codeProblem).toBe("Account Authorization Code is required");
    expect(requests.filter((r) => r.url.startsWith("/api/trading_account/get_access_token"))).toHaveLength(0);
    expect(dialog.isOpen).toBe(true);
    dialog.setAuthorizationCode(PASTED);
    expect(dialog.codeProblem).toBeNull();
  });

  it("cannot be closed or sent twice while the exchange is in flight", async () => {
    const answer = deferred<Response>();
    const { dialog, requests } = setup({ [ACCESS_TOKEN]: () => answer.promise });
    await dialog.open(ALPHA);
    dialog.setAuthorizationCode(PASTED);

    const exchange = dialog.getAccessToken();
    dialog.close();
    expect(dialog.isOpen).toBe(true);
    await expect(dialog.getAccessToken()).resolves.toEqual({ ok: false, message: "Get access token failed." });

    answer.resolve(jsonResponse(200, { success: true }));
    await exchange;
    expect(requests.filter((r) => r.url.startsWith("/api/trading_account/get_access_token"))).toHaveLength(1);
  });
});
