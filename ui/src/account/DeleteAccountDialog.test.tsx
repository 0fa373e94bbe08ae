// Tests of the delete confirmation: its question and buttons, CANCEL, and both outcomes' messages.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson } from "../shared/test/accountFixtures";
import { jsonResponse, textResponse } from "../shared/test/fakeTransport";
import type { RouteHandler } from "../shared/test/routeResponder";
import { accountTable, findAccountRow, renderAccountScreen } from "./test/renderAccountScreen";
import { showOutcome } from "../shared/shell/toaster";

vi.mock("../shared/shell/toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

const QUESTION = "Are you sure you want to delete the account Alpha?";

async function openDialog(remove: RouteHandler) {
  const user = userEvent.setup({ delay: null });
  const rendered = renderAccountScreen(
    [accountJson(3, { accountName: "Alpha" }), accountJson(4, { accountName: "Beta" })],
    { "POST /api/trading_account/delete_account": remove },
  );
  await user.click(within(await findAccountRow("Alpha")).getByRole("button", { name: "Delete account" }));
  const dialog = await screen.findByRole("dialog", { name: "Delete Account" });
  return { ...rendered, user, dialog };
}

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("DeleteAccountDialog", () => {
  it("asks about the account by name with CANCEL and DELETE; CANCEL keeps it", async () => {
    const { dialog, user, fake } = await openDialog(() => textResponse(200, "success"));

    expect(dialog).toHaveTextContent(QUESTION);
    expect(dialog).toHaveTextContent(
      "Orders this account has open at the brokerage stay open there. copydesk stops following them, and a copy-trade cancel or replace can no longer reach them: cancel them first if they should not stay.",
    );
    expect(within(dialog).getByRole("button", { name: "DELETE" })).toBeEnabled();
    await user.click(within(dialog).getByRole("button", { name: "CANCEL" }));

    await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
    expect(fake.requests.filter((r) => r.method === "DELETE")).toHaveLength(0);
    expect(showOutcome).not.toHaveBeenCalled();
  });

  it("DELETE removes the account, toasts 'Account deleted successful' and reloads the list", async () => {
    const setup = await openDialog(() => {
      setup.state.list = [accountJson(4, { accountName: "Beta" })];
      return textResponse(200, "success");
    });
    const { dialog, user, fake } = setup;

    await user.click(within(dialog).getByRole("button", { name: "DELETE" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({ ok: true, message: "Account deleted successful" }),
    );
    expect(fake.requests.filter((r) => r.method === "POST").map((r) => [r.url, r.body])).toEqual([
      ["/api/trading_account/delete_account", '{"accountName":"Alpha"}'],
    ]);
    await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
    await waitFor(() => expect(within(accountTable()).queryByRole("cell", { name: "Alpha" })).toBeNull());
    expect(within(accountTable()).getByRole("cell", { name: "Beta" })).toBeInTheDocument();
  });

  it("toasts 'Account deleted failed' when the server refuses, and stays open", async () => {
    const { dialog, user } = await openDialog(() =>
      jsonResponse(404, { error: "No such trading account", code: "not_found" }),
    );

    await user.click(within(dialog).getByRole("button", { name: "DELETE" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message: "Account deleted failed: No such trading account",
      }),
    );
    expect(screen.getByText(QUESTION)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "DELETE" })).toBeEnabled();
  });
});
