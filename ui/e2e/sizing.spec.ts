// Browser test of each account's planned quantity: twelve paper accounts of mixed sizing profiles and guards, the
// stock place dialog's plan, and the session placed with exactly those quantities.
import type { Page } from "@playwright/test";
import { expect, newAgentSignedIn, test, toast } from "./fixtures";

/** A paper account's brokerage password (the paper brokerage accepts any). */
const PAPER_PASSWORD = "paper-pass-1";

/** One account of the test: its tier, and what Sizing and limits sets on it (sent as `PUT .../limits`). */
interface AccountSetup {
  readonly name: string;
  readonly type: "small_account" | "medium_account" | "big_account";
  readonly limits?: Readonly<Record<string, unknown>>;
  /** What the plan shows for 2 shares. */
  readonly planned: string;
  /** The quantity its row carries, or null when refused. */
  readonly sent: number | null;
}

/** Twelve accounts; 2 shares are typed, so TIER gives ×1, ×2, ×3 of 2. */
const ACCOUNTS: readonly AccountSetup[] = [
  { name: "Acct 01 Small", type: "small_account", planned: "Acct 01 Small 2", sent: 2 },
  { name: "Acct 02 Small", type: "small_account", planned: "Acct 02 Small 2", sent: 2 },
  { name: "Acct 03 Medium", type: "medium_account", planned: "Acct 03 Medium 4", sent: 4 },
  { name: "Acct 04 Medium", type: "medium_account", planned: "Acct 04 Medium 4", sent: 4 },
  { name: "Acct 05 Big", type: "big_account", planned: "Acct 05 Big 6", sent: 6 },
  { name: "Acct 06 Big", type: "big_account", planned: "Acct 06 Big 6", sent: 6 },
  {
    name: "Acct 07 Fixed",
    type: "small_account",
    limits: { sizing: { method: "FIXED", value: 5, belowOne: "REFUSE" } },
    planned: "Acct 07 Fixed 5",
    sent: 5,
  },
  {
    name: "Acct 08 Ratio",
    type: "big_account",
    limits: { sizing: { method: "RATIO", value: 0.5, belowOne: "REFUSE" } },
    planned: "Acct 08 Ratio 1",
    sent: 1,
  },
  {
    name: "Atlas Big",
    type: "big_account",
    limits: { maxQuantityPerOrder: 3 },
    planned: "Atlas Big 3 (cut from 6: max quantity per order)",
    sent: 3,
  },
  {
    name: "Birch Small",
    type: "small_account",
    limits: { openClose: "CLOSE_ONLY" },
    planned: "Birch Small refused: close-only",
    sent: null,
  },
  {
    name: "Acct 11 Ratio",
    type: "small_account",
    limits: { sizing: { method: "RATIO", value: 2.5, belowOne: "REFUSE" } },
    planned: "Acct 11 Ratio 5",
    sent: 5,
  },
  {
    name: "Acct 12 Fixed",
    type: "medium_account",
    limits: { sizing: { method: "FIXED", value: 1, belowOne: "ONE" } },
    planned: "Acct 12 Fixed 1",
    sent: 1,
  },
];

/** A stock row as the orders answer carries it (the fields read here). */
interface StockRow {
  readonly accountName: string;
  readonly stockQuantity: number;
  readonly stockStatus: string;
  readonly stockStatusDescription: string | null;
}

/** Registers and signs in a fresh agent, links the twelve accounts and sets their limits, all through the API. */
async function setUp(page: Page): Promise<void> {
  const agent = await newAgentSignedIn(page, "sizing");
  for (const account of ACCOUNTS) {
    const username = `${account.name.replaceAll(" ", "-").toLowerCase()}-${agent}`;
    const linked = await page.request.post("/api/trading_account/login/", {
      data: { accountName: account.name, accountUsername: username, accountPassword: PAPER_PASSWORD, accountType: account.type },
    });
    expect(linked.status()).toBe(200);
    if (account.limits !== undefined) {
      const set = await page.request.put("/api/trading_account/limits", {
        data: { accountUsername: username, ...account.limits },
      });
      expect(set.status(), await set.text()).toBe(200);
    }
  }
}

test("the stock place dialog shows each account's planned quantity, and the session carries exactly those", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await setUp(page);
  await page.getByRole("navigation", { name: "Trading sections" }).getByRole("link", { name: "Stock Trading" }).click();
  await expect(page.getByRole("heading", { name: "Stock Trading" })).toBeVisible();
  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const dialog = page.getByRole("dialog", { name: "Stock Place Order all accounts" });
  await expect(dialog.getByTestId("plan-preview")).toHaveText("Each account's quantity shows once the order is complete");

  await dialog.getByLabel("Symbol").fill("aapl");
  await dialog.getByLabel("Quantity").fill("2");
  await dialog.getByLabel("Price", { exact: true }).fill("1.00");

  await expect(dialog.getByTestId("plan-summary")).toHaveText("Total 39 shares on 11 accounts; 1 cut; 1 refused");
  const list = dialog.getByRole("list", { name: "Planned shares per account" });
  await expect(list.getByRole("listitem")).toHaveText(ACCOUNTS.map((account) => account.planned));
  await expect(list.getByRole("listitem").filter({ hasText: "Atlas Big" })).toHaveClass("cd-plan-cut");
  await expect(list.getByRole("listitem").filter({ hasText: "Birch Small" })).toHaveClass("cd-plan-refuse");
  // The list scrolls inside its box, and the whole dialog, buttons included, fits the screen.
  const box = await list.boundingBox();
  expect(box?.height ?? 0).toBeLessThanOrEqual(96);
  await expect(dialog.getByRole("button", { name: "Place order" })).toBeInViewport();

  await dialog.getByRole("button", { name: "Place order" }).click();
  await expect(toast(page, "warning")).toBeVisible();
  await expect(dialog).toBeHidden();

  const answer = await page.request.get("/api/stock_copy_trading/database");
  expect(answer.status()).toBe(200);
  const sessions = Object.values((await answer.json()) as Record<string, StockRow[]>);
  expect(sessions).toHaveLength(1);
  const rows = sessions[0] ?? [];
  const byName = new Map(rows.map((row) => [row.accountName, row]));
  expect(rows).toHaveLength(ACCOUNTS.length);
  for (const account of ACCOUNTS.filter((entry) => entry.sent !== null)) {
    expect([account.name, byName.get(account.name)?.stockQuantity]).toEqual([account.name, account.sent]);
    expect(byName.get(account.name)?.stockStatus).not.toBe("FAILED_TO_PLACE");
  }
  const refused = byName.get("Birch Small");
  expect(refused?.stockStatus).toBe("FAILED_TO_PLACE");
  expect(refused?.stockStatusDescription).toContain("close-only");
});
