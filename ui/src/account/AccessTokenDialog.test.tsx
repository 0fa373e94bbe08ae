// Tests of the "Get Access Token" dialog: the login it shows, the authorization page and the code exchange.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson } from "../shared/test/accountFixtures";
import { jsonResponse } from "../shared/test/fakeTransport";
import type { RouteHandler } from "../shared/test/routeResponder";
import { findAccountRow, renderAccountScreen } from "./test/renderAccountScreen";
import { showOutcome } from "../shared/shell/toaster";

vi.mock("../shared/shell/toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

const TITLE = "Get Access Token";
const PAGE_URL = "/paper/authorize?redirect_uri=http%3A%2F%2F127.0.0.1%2Fpaper%2Fcallback&state=3";
const PASTED = "http://127.0.0.1:8080/paper/callback?code=abc123&session=s1";

async function openDialog(routes: Record<string, RouteHandler>, openBlankWindow: () => Window | null = () => null) {
  const user = userEvent.setup({ delay: null });
  const rendered = renderAccountScreen(
    [accountJson(3, { accountName: "Alpha", accountUsername: "alpha" })],
    {
      "POST /api/trading_account/credentials": () =>
        jsonResponse(200, { accountUsername: "alpha", accountPassword: "paper-pass" }),
      ...routes,
    },
    { openBlankWindow },
  );
  await user.click(within(await findAccountRow("Alpha")).getByRole("button", { name: "Get access token" }));
  const dialog = await screen.findByRole("dialog", { name: TITLE });
  await within(dialog).findByDisplayValue("paper-pass");
  return { ...rendered, user, dialog };
}

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("AccessTokenDialog", () => {
  it("shows the account's username and password, the code input and the three buttons", async () => {
    const { dialog, fake } = await openDialog({});

    expect(within(dialog).getByLabelText("Account Username")).toHaveValue("alpha");
    expect(within(dialog).getByLabelText("Account Password")).toHaveValue("paper-pass");
    expect(within(dialog).getByLabelText("Account Password")).toHaveAttribute("type", "text");
    expect(within(dialog).getByLabelText("Account Authorization Code")).toHaveValue("");
    for (const name of ["CANCEL", "Get authorization code", "Get access code"]) {
      expect(within(dialog).getByRole("button", { name })).toBeEnabled();
    }
    expect(fake.requests.filter((r) => r.method === "POST").map((r) => [r.url, r.body])).toEqual([
      ["/api/trading_account/credentials", '{"accountUsername":"alpha"}'],
    ]);
  });

  it("Get authorization code opens the authorization page in a new window", async () => {
    const page = { opener: {}, location: { href: "about:blank" }, close: vi.fn() };
    const { dialog, user, fake } = await openDialog(
      { "GET /api/trading_account/authorization_url": () => jsonResponse(200, { url: PAGE_URL }) },
      () => page as unknown as Window,
    );

    await user.click(within(dialog).getByRole("button", { name: "Get authorization code" }));

    await waitFor(() => expect(page.location.href).toBe(PAGE_URL));
    expect(page.opener).toBeNull();
    expect(page.close).not.toHaveBeenCalled();
    expect(fake.requests.some((r) => r.url === "/api/trading_account/authorization_url?accountUsername=alpha")).toBe(
      true,
    );
    expect(showOutcome).not.toHaveBeenCalled();
  });

  it("toasts 'Website open failed' when the browser refuses the window", async () => {
    const { dialog, user } = await openDialog({
      "GET /api/trading_account/authorization_url": () => jsonResponse(200, { url: PAGE_URL }),
    });

    await user.click(within(dialog).getByRole("button", { name: "Get authorization code" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({ ok: false, message: "Website open failed" }),
    );
  });

  it("Get access code sends the pasted address, toasts success and closes", async () => {
    const { dialog, user, fake } = await openDialog({
      "POST /api/trading_account/get_access_token_from_authorization_code/": () => jsonResponse(200, { success: true }),
    });

    await user.type(within(dialog).getByLabelText("Account Authorization Code"), PASTED);
    await user.click(within(dialog).getByRole("button", { name: "Get access code" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({ ok: true, message: "Get access token successful." }),
    );
    expect(fake.requests.filter((r) => r.url.includes("get_access_token")).map((r) => r.body)).toEqual([
      JSON.stringify({ accountName: "Alpha", accountUsername: "alpha", authorizationCodeUrl: PASTED }),
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
  });

  it("toasts 'Get access token failed.' and clears the code when the exchange is refused", async () => {
    const { dialog, user } = await openDialog({
      "POST /api/trading_account/get_access_token_from_authorization_code/": () =>
        jsonResponse(400, { error: "authorizationCodeUrl has no code", code: "bad_request" }),
    });
    const input = within(dialog).getByLabelText("Account Authorization Code");

    await user.type(input, PASTED);
    await user.click(within(dialog).getByRole("button", { name: "Get access code" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message: "Get access token failed. authorizationCodeUrl has no code",
      }),
    );
    expect(input).toHaveValue("");
    expect(screen.getByRole("dialog", { name: TITLE })).toBeInTheDocument();
  });

  it("CANCEL closes it", async () => {
    const { dialog, user } = await openDialog({});

    await user.click(within(dialog).getByRole("button", { name: "CANCEL" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
  });
});
