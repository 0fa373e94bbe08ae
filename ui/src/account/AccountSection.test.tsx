// Tests of the Account screen: the table's columns and cells, row actions, paging, REFRESH and polling.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson, accountsJson } from "../shared/test/accountFixtures";
import { textResponse } from "../shared/test/fakeTransport";
import { accountTable, renderAccountScreen } from "./test/renderAccountScreen";
import { TEST_NOW_MS } from "../shared/test/testClock";

vi.mock("../shared/shell/toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

const DATABASE_URL = `/api/trading_account/database?timestamp=${TEST_NOW_MS}`;

function bodyRows(): HTMLElement[] {
  return within(accountTable()).getAllByRole("row").slice(1);
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("AccountSection table", () => {
  it("shows the columns in order without the hidden password column, and one row per account", async () => {
    renderAccountScreen([
      accountJson(3, { accountName: "Alpha", accountUsername: "alpha" }),
      accountJson(5, {
        accountName: "Beta",
        accountUsername: "beta",
        accountType: "big_account",
        accountConnectionTime: null,
        accountTradingActive: false,
      }),
    ]);

    await within(accountTable()).findByRole("cell", { name: "Alpha" });
    const headers = within(accountTable())
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(headers).toEqual([
      "Name",
      "Account Username",
      "Account Type",
      "Connection time (minutes)",
      "Trading Active",
      "Settings",
    ]);
    expect(screen.queryByText("Account Password")).toBeNull();

    const [alpha, beta] = bodyRows();
    if (alpha === undefined || beta === undefined) {
      throw new Error("expected two rows");
    }
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .map((td) => td.textContent);
    expect(cells(alpha).slice(0, 2)).toEqual(["Alpha", "alpha"]);
    expect(cells(alpha)[3]).toBe("10079");
    expect(cells(beta).slice(0, 2)).toEqual(["Beta", "beta"]);
    expect(cells(beta)[3]).toBe("—");
    expect(within(alpha).getByRole("combobox", { name: "Account Type of Alpha" })).toHaveValue("small_account");
    expect(within(beta).getByRole("combobox", { name: "Account Type of Beta" })).toHaveValue("big_account");
    expect(within(alpha).getByRole("checkbox", { name: "Trading Active of Alpha" })).toBeChecked();
    expect(within(beta).getByRole("checkbox", { name: "Trading Active of Beta" })).not.toBeChecked();
    for (const label of ["View info", "Delete account", "Get access token"]) {
      expect(within(alpha).getByRole("button", { name: label })).toBeEnabled();
    }
    expect(screen.getByText("Page 1 of 1")).toBeInTheDocument();
  });

  it("says in the connection time cell when a login cannot be used, and the minutes otherwise", async () => {
    renderAccountScreen([
      accountJson(3, { accountName: "Alpha" }),
      accountJson(4, {
        accountName: "Gamma",
        accountConnectionTime: null,
        accountStatus: "reauthorization_needed",
        accountStatusText: "Re-authorization needed",
      }),
      accountJson(5, { accountName: "Delta", accountStatus: "throttled", accountStatusText: "Throttled" }),
    ]);

    await within(accountTable()).findByRole("cell", { name: "Alpha" });
    const connection = bodyRows().map((row) => within(row).getAllByRole("cell")[3]?.textContent);
    expect(connection).toEqual(["10079", "Re-authorization needed", "10079"]);
    const tag = within(bodyRows()[1] ?? document.body).getByText("Re-authorization needed");
    expect(tag.closest(".bp6-tag, .bp5-tag")).toHaveClass(/intent-danger/);
    expect(tag.closest("[title]")).toHaveAttribute(
      "title",
      "Copy trades skip this account, each with a FAILED_TO_PLACE row, until it is authorized again",
    );
  });

  it("offers Small, Medium and Big as the account types", async () => {
    renderAccountScreen([accountJson(3, { accountName: "Alpha" })]);

    const select = await screen.findByRole("combobox", { name: "Account Type of Alpha" });

    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => [o.getAttribute("value"), o.textContent]),
    ).toEqual([
      ["small_account", "Small"],
      ["medium_account", "Medium"],
      ["big_account", "Big"],
    ]);
  });

  it("says so when the agent has no accounts", async () => {
    renderAccountScreen([]);

    expect(await within(accountTable()).findByText("No trading accounts")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 1")).toBeInTheDocument();
    for (const name of ["First", "Previous", "Next", "Last"]) {
      expect(screen.getByRole("button", { name })).toBeDisabled();
    }
  });

  it("changes an account's type, then shows the reloaded type", async () => {
    const user = userEvent.setup({ delay: null });
    const { fake, server, state } = renderAccountScreen([
      accountJson(3, { accountName: "Alpha", accountUsername: "alpha" }),
    ]);
    server.on("POST /api/trading_account/set_account_type", () => {
      state.list = [accountJson(3, { accountName: "Alpha", accountUsername: "alpha", accountType: "medium_account" })];
      return textResponse(200, "success");
    });
    const select = await screen.findByRole("combobox", { name: "Account Type of Alpha" });

    await user.selectOptions(select, "Medium");

    await waitFor(() => expect(fake.requests.at(-1)?.url).toBe(DATABASE_URL));
    const sent = fake.requests.filter((r) => r.method === "POST");
    expect(sent.map((r) => [r.url, r.body])).toEqual([
      ["/api/trading_account/set_account_type", '{"accountUsername":"alpha","accountType":"medium_account"}'],
    ]);
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue("medium_account");
  });

  it("switches trading off, then shows the reloaded value", async () => {
    const user = userEvent.setup({ delay: null });
    const { fake, server, state } = renderAccountScreen([
      accountJson(3, { accountName: "Alpha", accountUsername: "alpha" }),
    ]);
    server.on("POST /api/trading_account/trading_active", () => {
      state.list = [accountJson(3, { accountName: "Alpha", accountUsername: "alpha", accountTradingActive: false })];
      return textResponse(200, "success");
    });
    const toggle = await screen.findByRole("checkbox", { name: "Trading Active of Alpha" });

    await user.click(toggle);

    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(fake.requests.filter((r) => r.method === "POST").map((r) => [r.url, r.body])).toEqual([
      ["/api/trading_account/trading_active", '{"accountUsername":"alpha","accountTradingActive":false}'],
    ]);
    expect(fake.requests.at(-1)?.url).toBe(DATABASE_URL);
  });
});

describe("AccountSection paging", () => {
  it("pages ten at a time with First, Previous, Next and Last", async () => {
    const user = userEvent.setup({ delay: null });
    renderAccountScreen(accountsJson(25));
    await within(accountTable()).findByRole("cell", { name: "Account 1" });
    const names = () => bodyRows().map((row) => within(row).getAllByRole("cell")[0]?.textContent);
    const button = (name: string) => screen.getByRole("button", { name });

    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    expect(names()).toHaveLength(10);
    expect(button("First")).toBeDisabled();
    expect(button("Previous")).toBeDisabled();

    await user.click(button("Next"));
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();
    expect(names()[0]).toBe("Account 11");
    expect(names()).toHaveLength(10);

    await user.click(button("Last"));
    expect(screen.getByText("Page 3 of 3")).toBeInTheDocument();
    expect(names()).toEqual(["Account 21", "Account 22", "Account 23", "Account 24", "Account 25"]);
    expect(button("Next")).toBeDisabled();
    expect(button("Last")).toBeDisabled();

    await user.click(button("Previous"));
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();

    await user.click(button("First"));
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    expect(names()[0]).toBe("Account 1");
  });
});

describe("AccountSection toolbar", () => {
  it("REFRESH asks the server to refresh from the brokerage, then reloads the list", async () => {
    const user = userEvent.setup({ delay: null });
    const { fake, server } = renderAccountScreen([accountJson(1)]);
    server.on("GET /api/trading_account/fetch_trading_account_data_from_refresh_token", () =>
      textResponse(200, "success"),
    );
    await within(accountTable()).findByRole("cell", { name: "Account 1" });
    const before = fake.requests.length;

    await user.click(screen.getByRole("button", { name: "REFRESH" }));

    await waitFor(() =>
      expect(fake.requests.slice(before).map((r) => r.url)).toEqual([
        "/api/trading_account/fetch_trading_account_data_from_refresh_token",
        DATABASE_URL,
      ]),
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "REFRESH" })).toBeEnabled());
  });

  it("ADD ACCOUNT opens the add dialog", async () => {
    const user = userEvent.setup({ delay: null });
    renderAccountScreen([]);

    await user.click(screen.getByRole("button", { name: "ADD ACCOUNT" }));

    expect(await screen.findByRole("dialog", { name: "Add new Trading Account" })).toBeInTheDocument();
  });
});

describe("AccountSection polling", () => {
  it("polls the list and the operator view every second while shown, and stops when unmounted", async () => {
    const { fake, scheduler, unmount, state } = renderAccountScreen([accountJson(1)]);
    const polls = () =>
      fake.requests.filter(
        (r) => r.url.startsWith("/api/trading_account/database") || r.url === "/api/operator/accounts",
      );

    await waitFor(() => expect(scheduler.live()).toHaveLength(1));
    expect(scheduler.live()[0]?.delayMs).toBe(1000);
    expect(polls().map((r) => r.url)).toEqual([DATABASE_URL, "/api/operator/accounts"]);
    expect(fake.requests.map((r) => r.url)).toContain("/api/operator/settings");

    state.list = [accountJson(1), accountJson(2, { accountName: "Second" })];
    act(() => scheduler.fire());
    expect(await within(accountTable()).findByRole("cell", { name: "Second" })).toBeInTheDocument();
    await waitFor(() => expect(scheduler.live()).toHaveLength(1));
    expect(polls()).toHaveLength(4);

    unmount();

    expect(scheduler.live()).toHaveLength(0);
    expect(polls()).toHaveLength(4);
  });

  it("stops polling even when unmounted while a poll is in flight", async () => {
    const { fake, scheduler, unmount } = renderAccountScreen([]);

    unmount();
    await waitFor(() => expect(fake.requests.filter((r) => r.url === "/api/operator/accounts")).toHaveLength(1));

    expect(scheduler.pending).toHaveLength(0);
  });
});
