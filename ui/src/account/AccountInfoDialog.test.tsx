// Tests of the "Account Info" dialog: the request on opening and the three balances as money.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson } from "../shared/test/accountFixtures";
import { deferred, jsonResponse } from "../shared/test/fakeTransport";
import { findAccountRow, renderAccountScreen } from "./test/renderAccountScreen";

vi.mock("../shared/shell/toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

const ALPHA = accountJson(3, { accountName: "Alpha", accountUsername: "alpha" });

function balanceRows(dialog: HTMLElement): (string | null)[][] {
  return within(dialog)
    .getAllByRole("row")
    .map((row) => [within(row).getByRole("rowheader").textContent, within(row).getByRole("cell").textContent]);
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("AccountInfoDialog", () => {
  it("fetches the balances when opened and shows them as money, a dash where there is none", async () => {
    const user = userEvent.setup({ delay: null });
    const answer = deferred<Response>();
    const { fake } = renderAccountScreen([ALPHA], { "POST /api/trading_account/account_fetch": () => answer.promise });

    await user.click(within(await findAccountRow("Alpha")).getByRole("button", { name: "View info" }));
    const dialog = await screen.findByRole("dialog", { name: "Account Info" });
    expect(within(dialog).getByRole("progressbar", { name: "Loading the balances" })).toBeInTheDocument();
    expect(within(dialog).getByText("Alpha (alpha)")).toBeInTheDocument();
    answer.resolve(
      jsonResponse(200, {
        securitiesAccount: {
          currentBalances: { cashBalance: 100000.0, cashAvailableForTrading: 99500.5, buyingPower: null },
        },
      }),
    );

    await within(dialog).findByRole("table");
    expect(balanceRows(dialog)).toEqual([
      ["Cash Balance", "$100,000.00"],
      ["Cash available for trading", "$99,500.50"],
      ["Buying power", "—"],
    ]);
    expect(fake.requests.filter((r) => r.method === "POST").map((r) => [r.url, r.body])).toEqual([
      ["/api/trading_account/account_fetch", '{"accountUsername":"alpha"}'],
    ]);
  });

  it("shows why the balances could not be loaded", async () => {
    const user = userEvent.setup({ delay: null });
    renderAccountScreen([ALPHA], {
      "POST /api/trading_account/account_fetch": () =>
        jsonResponse(502, { error: "The brokerage did not answer", code: "brokerage_unavailable" }),
    });

    await user.click(within(await findAccountRow("Alpha")).getByRole("button", { name: "View info" }));
    const dialog = await screen.findByRole("dialog", { name: "Account Info" });

    expect(await within(dialog).findByText("The brokerage did not answer")).toBeInTheDocument();
    expect(within(dialog).getByText("The balances could not be loaded")).toBeInTheDocument();
    expect(within(dialog).queryByRole("table")).toBeNull();
  });

  it("closes with its close button", async () => {
    const user = userEvent.setup({ delay: null });
    renderAccountScreen([ALPHA], {
      "POST /api/trading_account/account_fetch": () =>
        jsonResponse(200, { securitiesAccount: { currentBalances: { cashBalance: 1 } } }),
    });
    await user.click(within(await findAccountRow("Alpha")).getByRole("button", { name: "View info" }));
    const dialog = await screen.findByRole("dialog", { name: "Account Info" });

    await user.click(within(dialog).getByRole("button", { name: "Close" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Account Info" })).toBeNull());
  });
});
