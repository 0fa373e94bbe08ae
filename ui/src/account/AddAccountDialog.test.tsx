// Tests of the "Add new Trading Account" dialog: its texts, the spinner, and each outcome's message.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson } from "../shared/test/accountFixtures";
import { deferred, jsonResponse } from "../shared/test/fakeTransport";
import { findAccountRow, renderAccountScreen } from "./test/renderAccountScreen";
import { showOutcome } from "../shared/shell/toaster";

vi.mock("../shared/shell/toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

const TITLE = "Add new Trading Account";

async function openDialog(answer: () => Response | Promise<Response>) {
  const user = userEvent.setup({ delay: null });
  const screenState = renderAccountScreen([], { "POST /api/trading_account/login/": answer });
  await user.click(screen.getByRole("button", { name: "ADD ACCOUNT" }));
  const dialog = await screen.findByRole("dialog", { name: TITLE });
  return { ...screenState, user, dialog };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText("Name"), "Alpha");
  await user.type(within(dialog).getByLabelText("Account Username"), "alpha");
  await user.type(within(dialog).getByLabelText("Account Password"), "paper-pass");
  await user.selectOptions(within(dialog).getByLabelText("Account Type"), "Big");
  await user.click(within(dialog).getByRole("button", { name: "Login" }));
}

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("AddAccountDialog", () => {
  it("shows Name, Account Username, masked Account Password, Account Type defaulting to Small, CANCEL and Login", async () => {
    const { dialog } = await openDialog(() => jsonResponse(500, {}));

    expect(within(dialog).getByRole("heading", { name: TITLE })).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Name")).toHaveValue("");
    expect(within(dialog).getByLabelText("Account Username")).toHaveValue("");
    expect(within(dialog).getByLabelText("Account Password")).toHaveAttribute("type", "password");
    const type = within(dialog).getByLabelText("Account Type");
    expect(type).toHaveValue("small_account");
    expect(
      within(type)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Small", "Medium", "Big"]);
    expect(within(dialog).getByRole("button", { name: "CANCEL" })).toBeEnabled();
    expect(within(dialog).getByRole("button", { name: "Login" })).toBeEnabled();
  });

  it("CANCEL closes it without a request", async () => {
    const { dialog, user, fake } = await openDialog(() => jsonResponse(500, {}));

    await user.click(within(dialog).getByRole("button", { name: "CANCEL" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
    expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });

  it("shows a spinner instead of the form while submitting, then toasts success, closes and shows the account", async () => {
    const answer = deferred<Response>();
    const { dialog, user, fake, state } = await openDialog(() => answer.promise);

    await fillAndSubmit(user, dialog);

    expect(within(dialog).getByRole("progressbar", { name: "Adding the account" })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Name")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Login" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "CANCEL" })).toBeDisabled();
    expect(fake.requests.filter((r) => r.method === "POST").map((r) => [r.url, r.body])).toEqual([
      [
        "/api/trading_account/login/",
        '{"accountName":"Alpha","accountUsername":"alpha","accountPassword":"paper-pass","accountType":"big_account"}',
      ],
    ]);

    state.list = [accountJson(3, { accountName: "Alpha", accountUsername: "alpha", accountType: "big_account" })];
    answer.resolve(jsonResponse(200, state.list[0]));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({ ok: true, message: "Account added successful" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
    expect(await findAccountRow("Alpha")).toBeInTheDocument();
  });

  it("toasts 'Login failed.' with the server's reason for a duplicate and keeps the form", async () => {
    const { dialog, user } = await openDialog(() =>
      jsonResponse(409, { error: "Account name already exists", code: "account_exists" }),
    );

    await fillAndSubmit(user, dialog);

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message: "Login failed. Account name already exists",
      }),
    );
    expect(within(dialog).getByLabelText("Name")).toHaveValue("Alpha");
    expect(within(dialog).getByRole("button", { name: "Login" })).toBeEnabled();
  });

  it("toasts 'Account added failed.' with the server's text when the answer names no account", async () => {
    const { dialog, user } = await openDialog(() => jsonResponse(200, { error: "Brokerage login rejected" }));

    await fillAndSubmit(user, dialog);

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message: "Account added failed. Brokerage login rejected",
      }),
    );
    expect(screen.getByRole("dialog", { name: TITLE })).toBeInTheDocument();
  });
});
