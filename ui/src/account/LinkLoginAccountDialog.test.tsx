// Tests of linking another account of a login: the row's "Also on this login" line and its Link button, the
// dialog's form and buttons, the request it sends, and both outcomes' toasts.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson } from "../shared/test/accountFixtures";
import { jsonResponse } from "../shared/test/fakeTransport";
import type { RouteHandler } from "../shared/test/routeResponder";
import { accountTable, findAccountRow, renderAccountScreen } from "./test/renderAccountScreen";
import { showOutcome } from "../shared/shell/toaster";
import { parseTradingAccount } from "../shared/accounts/TradingAccount";

vi.mock("../shared/shell/toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

const LINK_PATH = "POST /api/trading_account/link_login_account/";

async function openDialog(link: RouteHandler) {
  const user = userEvent.setup({ delay: null });
  const rendered = renderAccountScreen(
    [
      accountJson(3, { accountName: "Family", accountUsername: "family", otherLoginAccounts: ["\u20265678"] }),
      accountJson(4, { accountName: "Beta" }),
    ],
    { [LINK_PATH]: link },
  );
  await findAccountRow("Family");
  const row = loginLine(3);
  await user.click(within(row).getByRole("button", { name: "Link \u20265678" }));
  const dialog = await screen.findByRole("dialog", { name: "Link \u20265678" });
  return { ...rendered, user, dialog, row };
}

/** The line under account `id`'s row naming its login's free accounts. */
function loginLine(id: number): HTMLElement {
  const line = accountTable().querySelector<HTMLElement>(`tr[data-login-of="${id}"]`);
  if (line === null) {
    throw new Error(`no login line under account ${id}`);
  }
  return line;
}

function posts(requests: readonly { method: string; url: string; body?: string | null }[]) {
  return requests.filter((r) => r.method === "POST").map((r) => [r.url, r.body]);
}

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("TradingAccount", () => {
  it("reads the free accounts of the login, and none from an answer without them", () => {
    expect(parseTradingAccount(accountJson(1, { otherLoginAccounts: ["\u20260002"] })).otherLoginAccounts).toEqual([
      "\u20260002",
    ]);
    expect(parseTradingAccount(accountJson(1)).otherLoginAccounts).toEqual([]);
    expect(() => parseTradingAccount({ ...accountJson(1), otherLoginAccounts: [2] })).toThrow(
      "otherLoginAccounts of account 1 is not a list of texts",
    );
  });
});

describe("LinkLoginAccountDialog", () => {
  it("shows the login's free account on its row only, and opens a form with CANCEL and LINK", async () => {
    const { dialog, user, row, fake } = await openDialog(() => jsonResponse(500, {}));

    expect(row).toHaveTextContent("Also on this login: \u20265678");
    expect(accountTable().querySelectorAll("tr[data-login-of]")).toHaveLength(1);
    expect(within(dialog).getByLabelText("Account Name")).toHaveValue("");
    expect(within(dialog).getByLabelText("Account Type")).toHaveValue("small_account");
    expect(within(dialog).getByRole("button", { name: "LINK" })).toBeEnabled();
    await user.click(within(dialog).getByRole("button", { name: "CANCEL" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(posts(fake.requests)).toEqual([]);
    expect(showOutcome).not.toHaveBeenCalled();
  });

  it("marks an empty Account Name and sends nothing", async () => {
    const { dialog, user, fake } = await openDialog(() => jsonResponse(500, {}));

    await user.click(within(dialog).getByRole("button", { name: "LINK" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message: "Account linked failed. Account Name is required",
      }),
    );
    expect(within(dialog).getByText("Account Name is required")).toBeInTheDocument();
    expect(posts(fake.requests)).toEqual([]);
  });

  it("LINK sends the name and type, toasts success, closes and shows the new row", async () => {
    const setup = await openDialog(() => {
      setup.state.list = [
        accountJson(3, { accountName: "Family", accountUsername: "family" }),
        accountJson(4, { accountName: "Beta" }),
        accountJson(5, { accountName: "Family IRA", accountUsername: "family \u20265678", accountType: "big_account" }),
      ];
      return jsonResponse(200, setup.state.list[2]);
    });
    const { dialog, user, fake } = setup;

    await user.type(within(dialog).getByLabelText("Account Name"), "Family IRA");
    await user.selectOptions(within(dialog).getByLabelText("Account Type"), "big_account");
    await user.click(within(dialog).getByRole("button", { name: "LINK" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({ ok: true, message: "Account linked successful" }),
    );
    expect(posts(fake.requests)).toEqual([
      [
        "/api/trading_account/link_login_account/",
        JSON.stringify({
          accountName: "Family",
          brokerageAccount: "\u20265678",
          newAccountName: "Family IRA",
          accountType: "big_account",
        }),
      ],
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await findAccountRow("Family IRA")).toHaveTextContent("family \u20265678");
    expect(within(accountTable()).queryByText(/Also on this login/)).toBeNull();
  });

  it("toasts the server's message when the link is refused, and stays open", async () => {
    const { dialog, user } = await openDialog(() =>
      jsonResponse(409, {
        error: "Account \u20265678 is already linked to Other. A brokerage account is traded through one copydesk trading account only; sign in with a login that reaches another brokerage account",
        code: "brokerage_account_in_use",
      }),
    );

    await user.type(within(dialog).getByLabelText("Account Name"), "Family IRA");
    await user.click(within(dialog).getByRole("button", { name: "LINK" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message:
          "Account linked failed. Account \u20265678 is already linked to Other. A brokerage account is traded through one copydesk trading account only; sign in with a login that reaches another brokerage account",
      }),
    );
    expect(screen.getByRole("dialog", { name: "Link \u20265678" })).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Account Name")).toHaveValue("Family IRA");
  });
});
