// Tests of the "Sizing and limits" section and its dialog: the list's words, and setting an account's limits.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson } from "../../shared/test/accountFixtures";
import { jsonResponse } from "../../shared/test/fakeTransport";
import type { RouteHandler } from "../../shared/test/routeResponder";
import { showOutcome } from "../../shared/shell/toaster";
import { renderAccountScreen } from "../test/renderAccountScreen";
import { limitsJson } from "../test/limitsFixtures";

vi.mock("../../shared/shell/toaster", () => ({
  showOutcome: vi.fn(),
  showSuccess: vi.fn(),
  showDanger: vi.fn(),
  clearToasts: vi.fn(),
}));

function limitsTable(): HTMLElement {
  return screen.getByRole("table", { name: "Sizing and limits of the accounts" });
}

function rowTexts(): (string | null)[][] {
  return within(limitsTable())
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
}

const ACCOUNTS = [
  accountJson(1, { accountName: "Atlas", accountUsername: "atlas", accountType: "medium_account" }),
  accountJson(2, { accountName: "Birch", accountUsername: "birch" }),
  accountJson(3, { accountName: "Cedar", accountUsername: "cedar" }),
  accountJson(4, { accountName: "Delta", accountUsername: "delta" }),
  accountJson(5, { accountName: "Elm", accountUsername: "elm" }),
];

const LIMITS = [
  limitsJson(1, { accountName: "Atlas", accountUsername: "atlas" }),
  limitsJson(2, {
    accountName: "Birch",
    accountUsername: "birch",
    sizing: { method: "FIXED", value: 5, belowOne: "REFUSE" },
    guards: { maxQuantityPerOrder: 3 },
  }),
  limitsJson(3, {
    accountName: "Cedar",
    accountUsername: "cedar",
    sizing: { method: "RATIO", value: 0.5, belowOne: "ONE" },
    guards: {
      maxPositionPerSymbol: 500,
      maxNotionalPerOrder: 25_000,
      allowSymbols: ["SPY", "QQQ"],
      denySymbols: ["TSLA"],
      openClose: "OPEN_ONLY",
      maxOrdersPerDay: 20,
    },
  }),
  limitsJson(4, {
    accountName: "Delta",
    accountUsername: "delta",
    sizing: { method: "NET_LIQUIDATION", value: 25_000, belowOne: "ONE" },
    balances: { netLiquidationValue: 612_400, readAt: "2025-01-02T03:01:05Z", ageSeconds: 180 },
  }),
  limitsJson(5, {
    accountName: "Elm",
    accountUsername: "elm",
    sizing: { method: "NET_LIQUIDATION", value: 10_000, belowOne: "REFUSE" },
    balances: null,
  }),
];

function renderLimits(routes: Record<string, RouteHandler> = {}) {
  return renderAccountScreen(ACCOUNTS, {
    "GET /api/trading_account/limits": () => jsonResponse(200, LIMITS),
    ...routes,
  });
}

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("LimitsSection", () => {
  it("lists every account's sizing in words, its below-one choice and each guard set", async () => {
    renderLimits();

    expect(screen.getByRole("heading", { name: "Sizing and limits" })).toBeInTheDocument();
    await within(limitsTable()).findByRole("cell", { name: "Tier (×2)" });
    expect(
      within(limitsTable())
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Name", "Sizing", "Below one", "Guards", "Edit"]);
    expect(rowTexts()).toEqual([
      ["Atlas", "Tier (×2)", "Refuse", "None", "Edit"],
      ["Birch", "Fixed 5", "Refuse", "Max qty/order 3", "Edit"],
      [
        "Cedar",
        "Ratio ×0.5",
        "Send 1",
        "Max position/symbol 500 · Max notional/order $25,000 · Allow SPY, QQQ · Deny TSLA · Open only · Max orders/day 20",
        "Edit",
      ],
      ["Delta", "$25,000 per unit of quantity · net liq. $612,400, read 3 min ago", "Send 1", "None", "Edit"],
      ["Elm", "$10,000 per unit of quantity · balances not read yet", "Refuse", "None", "Edit"],
    ]);
  });

  it("names each text in full on hover, as it may be cut to its column", async () => {
    renderLimits();

    const guards = await within(limitsTable()).findByRole("cell", { name: /^Max position\/symbol 500/ });
    expect(guards).toHaveClass("cd-cut");
    expect(guards).toHaveAttribute(
      "title",
      "Max position/symbol 500 · Max notional/order $25,000 · Allow SPY, QQQ · Deny TSLA · Open only · Max orders/day 20",
    );
    const sizing = within(limitsTable()).getByRole("cell", { name: /^\$25,000 per unit/ });
    expect(sizing).toHaveAttribute("title", "$25,000 per unit of quantity · net liq. $612,400, read 3 min ago");
    expect(within(limitsTable()).getByRole("cell", { name: "Delta" })).toHaveAttribute("title", "Delta");
  });

  it("follows the Account Type column: a TIER account's multiplier is its type's", async () => {
    const user = userEvent.setup({ delay: null });
    const { state, scheduler, server } = renderLimits();
    server.on("POST /api/trading_account/set_account_type", () => new Response("success", { status: 200 }));
    await within(limitsTable()).findByRole("cell", { name: "Tier (×2)" });

    state.list = ACCOUNTS.map((account) =>
      account.accountId === 1 ? { ...account, accountType: "big_account" } : account,
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "Account Type of Atlas" }), "big_account");

    expect(await within(limitsTable()).findByRole("cell", { name: "Tier (×3)" })).toBeInTheDocument();
    expect(scheduler.live()).toHaveLength(1);
  });
});

describe("LimitsDialog", () => {
  it("opens from a row's Edit with the account's values, the TIER note and the one line on orders sent", async () => {
    const user = userEvent.setup({ delay: null });
    renderLimits();

    await user.click(await screen.findByRole("button", { name: "Edit sizing and limits of Atlas" }));

    const dialog = await screen.findByRole("dialog", { name: "Sizing and limits of Atlas" });
    expect(
      within(dialog).getByText("Changing limits never touches orders already sent: they apply to the next command."),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Sizing Method")).toHaveValue("TIER");
    expect(within(dialog).getByText("Tier uses the Account Type column's multiplier (Medium: ×2)")).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Sizing Value/)).toBeDisabled();
    expect(within(dialog).getByLabelText("Below One Unit")).toHaveValue("REFUSE");
    expect(within(dialog).getByLabelText("Max Quantity Per Order")).toHaveValue("");
    expect(within(dialog).getByLabelText("Open/Close")).toHaveValue("ANY");
    expect(within(dialog).getByRole("button", { name: "Save" })).toBeDisabled();
  });

  it("saves FIXED 5 with Max qty/order 3: the exact PUT, the success toast, the list's new words", async () => {
    const user = userEvent.setup({ delay: null });
    const saved = limitsJson(1, {
      accountName: "Atlas",
      accountUsername: "atlas",
      sizing: { method: "FIXED", value: 5, belowOne: "REFUSE" },
      guards: { maxQuantityPerOrder: 3 },
    });
    const { fake } = renderLimits({ "PUT /api/trading_account/limits": () => jsonResponse(200, saved) });
    await user.click(await screen.findByRole("button", { name: "Edit sizing and limits of Atlas" }));
    const dialog = await screen.findByRole("dialog", { name: "Sizing and limits of Atlas" });

    await user.selectOptions(within(dialog).getByLabelText("Sizing Method"), "FIXED");
    expect(within(dialog).getByText("Always this many units, whatever the agent's quantity")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Sizing Value/), "5");
    await user.type(within(dialog).getByLabelText("Max Quantity Per Order"), "3");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({ ok: true, message: "Sizing and limits saved for Atlas" }),
    );
    expect(fake.requests.filter((r) => r.method === "PUT").map((r) => [r.url, r.body])).toEqual([
      [
        "/api/trading_account/limits",
        '{"accountUsername":"atlas","sizing":{"method":"FIXED","value":5,"belowOne":"REFUSE"},"maxQuantityPerOrder":3}',
      ],
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(rowTexts()[0]).toEqual(["Atlas", "Fixed 5", "Refuse", "Max qty/order 3", "Edit"]);
  });

  it("marks a wrong field before sending anything", async () => {
    const user = userEvent.setup({ delay: null });
    const { fake } = renderLimits();
    await user.click(await screen.findByRole("button", { name: "Edit sizing and limits of Cedar" }));
    const dialog = await screen.findByRole("dialog", { name: "Sizing and limits of Cedar" });
    const value = within(dialog).getByLabelText(/^Sizing Value/);
    expect(value).toHaveValue("0.5");

    await user.clear(value);
    await user.type(value, "2000");

    expect(
      within(dialog).getByText("Sizing Value must be a number above 0 and at most 1,000 for RATIO"),
    ).toBeInTheDocument();
    expect(value).toHaveAttribute("aria-invalid", "true");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
      ok: false,
      message: "Sizing and limits not saved for Cedar: Sizing Value must be a number above 0 and at most 1,000 for RATIO",
    });
    expect(fake.requests.filter((r) => r.method === "PUT")).toEqual([]);
    expect(screen.getByRole("dialog", { name: "Sizing and limits of Cedar" })).toBeInTheDocument();
    expect(value).toHaveFocus();
  });

  it("shows the server's 400 on the field it names and in a danger toast, and keeps the dialog open", async () => {
    const user = userEvent.setup({ delay: null });
    const message = "Max Orders Per Day must be a whole number between 1 and 100,000, or null for none";
    renderLimits({
      "PUT /api/trading_account/limits": () => jsonResponse(400, { error: message, code: "bad_request" }),
    });
    await user.click(await screen.findByRole("button", { name: "Edit sizing and limits of Birch" }));
    const dialog = await screen.findByRole("dialog", { name: "Sizing and limits of Birch" });

    await user.type(within(dialog).getByLabelText("Max Orders Per Day"), "50");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message: `Sizing and limits not saved for Birch: ${message}`,
      }),
    );
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Max Orders Per Day")).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(within(dialog).getByLabelText("Max Orders Per Day")).toHaveFocus());
    expect(screen.getByRole("dialog", { name: "Sizing and limits of Birch" })).toBeInTheDocument();
  });

  it("says what NET_LIQUIDATION sizes from, and CANCEL closes without sending", async () => {
    const user = userEvent.setup({ delay: null });
    const { fake } = renderLimits();
    await user.click(await screen.findByRole("button", { name: "Edit sizing and limits of Delta" }));
    const dialog = await screen.findByRole("dialog", { name: "Sizing and limits of Delta" });

    expect(
      within(dialog).getByText(
        "The agent's quantity for every this many dollars of net liquidation value (net liq. $612,400, read 3 min ago)",
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Deny Symbols"), "gme");
    await user.click(within(dialog).getByRole("button", { name: "CANCEL" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fake.requests.filter((r) => r.method === "PUT")).toEqual([]);
    act(() => undefined);
  });
});
