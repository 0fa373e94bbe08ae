// Tests of pre-flight: the check path of each command, the store (default mode, Check accounts, sending in a
// mode, a refused all or none) and the panel (mode choice, each account's result, the refusing accounts).
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiClient } from "../api/ApiClient";
import { SentOrders } from "../commands/SentOrders";
import type { Environment } from "../shell/Environment";
import type { StoreDeps } from "../shell/StoreDeps";
import { ManualScheduler } from "../test/manualScheduler";
import { TEST_NOW_MS } from "../test/testClock";
import { fakeTransport, jsonResponse, textResponse } from "../test/fakeTransport";
import { routeResponder } from "../test/routeResponder";
import { calls } from "../test/testRoot";
import { PreflightPanel } from "./PreflightPanel";
import { PreflightStore, type PreflightCommand } from "./PreflightStore";
import { checkPathOf } from "./preflightPaths";

vi.mock("../shell/toaster", () => ({ showOutcome: vi.fn() }));

const SETTINGS = {
  readLimitPerMinute: 6000,
  tierMultipliers: { small_account: 1, medium_account: 2, big_account: 3 },
  defaultFanOutMode: "ALL_OR_NONE",
};

const CHECKS = {
  accounts: [
    {
      accountId: 1,
      accountName: "Small",
      result: "PASS",
      messages: [],
      commission: 0,
      fees: 0,
      projectedBuyingPower: 180000,
      sizedQuantity: 300,
      plannedQuantity: 300,
      guard: null,
      guardReason: null,
    },
    {
      accountId: 2,
      accountName: "Medium",
      result: "WARNING",
      messages: ["Order warning: the limit price is away from the market"],
      commission: 0.65,
      fees: 0.02,
      projectedBuyingPower: 90000.5,
      sizedQuantity: 600,
      plannedQuantity: 200,
      guard: "MAX_QUANTITY_PER_ORDER",
      guardReason: "maximum quantity per order: at most 200; cut from 600 to 200",
    },
    {
      accountId: 3,
      accountName: "Big",
      result: "REJECT",
      messages: ["Order rejected: insufficient buying power"],
      commission: 0,
      fees: 0,
      projectedBuyingPower: -3800,
      sizedQuantity: 900,
      plannedQuantity: 0,
      guard: "CLOSE_ONLY",
      guardReason: "close-only: BUY opens a position",
    },
  ],
};

const REFUSAL = {
  error: "Not sent: 1 account(s) would refuse the order",
  code: "preview_refused",
  rejects: [{ accountId: 3, accountName: "Big", reason: "Order rejected: insufficient buying power" }],
};

const PLACE: PreflightCommand = {
  method: "post",
  path: "/stock_copy_trading/place_order/",
  body: { allTradingAccountsOrderList: [], stockSymbol: "AAPL", stockQuantity: 300 },
};

function setup(routes: Parameters<typeof routeResponder>[0] = {}) {
  const server = routeResponder({
    "GET /api/operator/settings": () => jsonResponse(200, SETTINGS),
    "POST /api/preflight/STOCK/place_order": () => jsonResponse(200, CHECKS),
    ...routes,
  });
  const fake = fakeTransport(server.responder);
  const env = { now: () => TEST_NOW_MS, commandScheduler: new ManualScheduler().schedule, timeZone: "UTC" };
  const deps: StoreDeps = {
    api: new ApiClient({ transport: fake.transport }),
    env: env as unknown as Environment,
    sentOrders: new SentOrders(env.now),
  };
  return { store: new PreflightStore(deps), requests: fake.requests, server };
}

/** Lets the answers already given settle. */
async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe("checkPathOf", () => {
  it("names each command's check call and none for cancels", () => {
    expect(checkPathOf("/copy_trading_account/place_order/COMMON")).toBe("/preflight/COMMON/place_order");
    expect(checkPathOf("/copy_trading_account/exit_order_multiple/VERTICAL")).toBe(
      "/preflight/VERTICAL/exit_order_multiple",
    );
    expect(checkPathOf("/copy_trading_account/replace_individual_legs/VERTICAL")).toBe(
      "/preflight/VERTICAL/replace_individual_legs",
    );
    expect(checkPathOf("/stock_copy_trading/replace_order_individual/")).toBe("/preflight/STOCK/replace_order_individual");
    expect(checkPathOf("/stock_copy_trading/exit_order_multiple")).toBe("/preflight/STOCK/exit_order_multiple");
    expect(checkPathOf("/copy_trading_account/cancel_order/COMMON")).toBeNull();
    expect(checkPathOf("/stock_copy_trading/cancel_order/")).toBeNull();
  });
});

describe("PreflightStore", () => {
  it("shows the operator's default and sends without a mode until one is chosen", async () => {
    const { store, requests } = setup({ "POST /api/stock_copy_trading/place_order/": () => textResponse(200, "success") });
    store.reset();
    await settle();
    expect([store.defaultMode, store.mode, store.shownMode]).toEqual(["ALL_OR_NONE", null, "ALL_OR_NONE"]);
    await expect(store.send(PLACE)).resolves.toBe("success");
    store.setMode("ONLY_PASSING");
    // The same order in another mode is the same order to the same accounts: it asks before going out again.
    const again = store.send(PLACE);
    await settle();
    expect(store.commands.question).toBe("You sent this order at 03:04:05. Send it again?");
    store.commands.answer(true);
    await again;
    const sent = requests.filter((r) => r.method === "POST").map((r) => JSON.parse(r.body ?? "null") as unknown);
    expect(sent).toEqual([PLACE.body, { ...PLACE.body, fanOutMode: "ONLY_PASSING" }]);
  });

  it("checks the command at its check call and keeps each account's result; nothing else is asked", async () => {
    const { store, requests, server } = setup();
    await expect(store.check(PLACE)).resolves.toBeNull();
    expect(calls(requests)).toEqual([["POST", "/api/preflight/STOCK/place_order", JSON.stringify(PLACE.body)]]);
    expect(store.checks).toEqual(CHECKS.accounts);
    expect(store.rejecting).toBe(1);
    expect(store.checkSummary).toBe("1 of 3 orders would be refused: the operator's default mode decides what is sent");
    store.setMode("ALL_OR_NONE");
    expect(store.checkSummary).toBe("1 of 3 orders would be refused: all or none sends nothing");
    store.setMode("SEND_TO_ALL");
    expect(store.checkSummary).toBe("1 of 3 orders would be refused: send to all sends them anyway");
    store.setMode("ONLY_PASSING");
    expect(store.checkSummary).toBe("1 of 3 orders would be refused: only those that pass are sent");
    expect(server.unexpected).toEqual([]);
  });

  it("says why a check failed", async () => {
    const { store } = setup({
      "POST /api/preflight/STOCK/place_order": () =>
        jsonResponse(400, { error: "Quantity must be a whole number of at least 1", code: "bad_request" }),
    });
    await expect(store.check(PLACE)).resolves.toEqual({
      ok: false,
      message: "Checking the accounts failed: Quantity must be a whole number of at least 1",
    });
    expect([store.checks, store.problem]).toEqual([
      null,
      "Checking the accounts failed: Quantity must be a whole number of at least 1",
    ]);
  });

  it("keeps a refused all or none and fails naming every refusing account and its reason", async () => {
    const { store } = setup({ "POST /api/stock_copy_trading/place_order/": () => jsonResponse(409, REFUSAL) });
    store.setMode("ALL_OR_NONE");
    await expect(store.send(PLACE)).rejects.toThrow(
      "Not sent: 1 account(s) would refuse the order. Big: Order rejected: insufficient buying power",
    );
    expect(store.refusal).toEqual({ message: REFUSAL.error, rejects: REFUSAL.rejects });
  });

  it("groups the refusing accounts of a refused all or none by reason, counting a group past three", async () => {
    const poor = ["Alpha", "Birch", "Cedar", "Dogwood"].map((name, index) => ({
      accountId: index + 1,
      accountName: name,
      reason: "insufficient buying power",
    }));
    const refusal = {
      error: "Not sent: 5 account(s) would refuse the order",
      code: "preview_refused",
      rejects: [...poor, { accountId: 9, accountName: "Atlas Small", reason: "throttled past the deadline" }],
    };
    const { store } = setup({ "POST /api/stock_copy_trading/place_order/": () => jsonResponse(409, refusal) });
    store.setMode("ALL_OR_NONE");
    await expect(store.send(PLACE)).rejects.toThrow(
      "Not sent: 5 account(s) would refuse the order. 4 accounts: insufficient buying power; " +
        "Atlas Small: throttled past the deadline",
    );
  });
});

describe("PreflightPanel", () => {
  it("offers the modes with the default marked, checks the accounts and lists each result", async () => {
    const user = userEvent.setup();
    const { store } = setup();
    store.reset();
    render(<PreflightPanel preflight={store} onCheck={() => store.check(PLACE)} />);
    await settle();
    const select = screen.getByLabelText("Fan-out mode");
    expect((select as HTMLSelectElement).value).toBe("ALL_OR_NONE");
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Send to all",
      "All or none (default)",
      "Only those that pass",
    ]);
    await user.selectOptions(select, "ONLY_PASSING");
    expect(store.mode).toBe("ONLY_PASSING");
    await user.click(screen.getByRole("button", { name: "Check accounts" }));
    await settle();
    const table = screen.getByRole("table", { name: "Account checks" });
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => Array.from(row.querySelectorAll("th, td")).map((cell) => cell.textContent)),
    ).toEqual([
      ["Account · planned", "Result", "Brokerage says", "Commission + fees", "Buying power after"],
      ["SmallPlanned 300", "Pass", "OK", "$0.00", "$180,000.00"],
      [
        "MediumPlanned 200 (cut from 600: max quantity per order)",
        "Warning",
        "Order warning: the limit price is away from the market",
        "$0.67",
        "$90,000.50",
      ],
      ["BigRefused: close-only", "Reject", "Order rejected: insufficient buying power", "$0.00", "-$3,800.00"],
    ]);
    const planned = Array.from(table.querySelectorAll(".cd-preflight-planned"));
    expect(planned.map((line) => line.className)).toEqual([
      "cd-preflight-planned",
      "cd-preflight-planned cd-plan-cut",
      "cd-preflight-planned cd-plan-refuse",
    ]);
    expect(planned[2]).toHaveAttribute("title", "close-only: BUY opens a position");
    expect(screen.getByRole("status")).toHaveTextContent(
      "1 of 3 orders would be refused: only those that pass are sent",
    );
  });

  it("lets a long account name wrap in its own bounded column, and keeps money on one line", async () => {
    const name = "Juniper-Big-Family-Trust-IRA-Rollover-Account-Number-Seven";
    const { store } = setup({
      "POST /api/preflight/STOCK/place_order": () =>
        jsonResponse(200, { accounts: [{ ...CHECKS.accounts[2], accountName: name }] }),
    });
    render(<PreflightPanel preflight={store} onCheck={() => store.check(PLACE)} />);
    await act(async () => {
      await store.check(PLACE);
    });
    const row = within(screen.getByRole("table", { name: "Account checks" })).getAllByRole("row")[1];
    const cells = within(row).getAllByRole("cell");
    expect(cells[0]).toHaveTextContent(name);
    expect(cells[0]).toHaveClass("cd-preflight-account");
    expect(cells[0]).toHaveTextContent("Refused: close-only");
    expect(cells[1]).toHaveTextContent("Reject");
    expect(cells[2]).toHaveClass("cd-preflight-says");
    expect(cells[3]).toHaveClass("cd-number");
    expect(cells[4]).toHaveClass("cd-number");
  });

  it("shows the accounts a refused all or none named", async () => {
    const { store } = setup({ "POST /api/stock_copy_trading/place_order/": () => jsonResponse(409, REFUSAL) });
    render(<PreflightPanel preflight={store} onCheck={() => store.check(PLACE)} />);
    await act(async () => {
      await store.send(PLACE).catch(() => undefined);
    });
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Not sent: 1 account(s) would refuse the order; nothing was sent");
    expect(
      within(screen.getByRole("list", { name: "Accounts that would refuse" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Big: Order rejected: insufficient buying power"]);
  });
});
