// Browser tests of pre-flight and the fairness record on the Stock Trading screen, against the real server on
// the paper brokerage: Check accounts lists each account's result with the brokerage's text, all or none is
// refused naming the accounts and reasons with nothing sent, and a filled session's fairness dialog shows its
// figures and each account's fill.
import type { Locator, Page } from "@playwright/test";
import { dismissToasts, expect, newAgentSignedIn, test, toast } from "./fixtures";

/** A paper account's brokerage password (the paper brokerage accepts any). */
const PAPER_PASSWORD = "paper-pass-1";

/** Each paper account starts with $100,000 in a margin account; Big C gets three times Small A's quantity. */
const ACCOUNTS = [
  { name: "Small A", type: "small_account" },
  { name: "Big C", type: "big_account" },
] as const;

const BUYING_POWER = "Order rejected: insufficient buying power";

/** Registers and signs in a fresh agent, links the accounts and opens the Stock Trading tab. */
async function setUp(page: Page, prefix: string): Promise<void> {
  const agent = await newAgentSignedIn(page, prefix);
  for (const account of ACCOUNTS) {
    const linked = await page.request.post("/api/trading_account/login/", {
      data: {
        accountName: account.name,
        accountUsername: `${account.name.replace(" ", "-").toLowerCase()}-${agent}`,
        accountPassword: PAPER_PASSWORD,
        accountType: account.type,
      },
    });
    expect(linked.status()).toBe(200);
  }
  await page.getByRole("navigation", { name: "Trading sections" }).getByRole("link", { name: "Stock Trading" }).click();
  await expect(page.getByRole("heading", { name: "Stock Trading" })).toBeVisible();
}

/** Shares of AAPL worth about $80,000: Small A can buy them, Big C (three times as many) cannot. */
async function sharesForEightyThousand(page: Page): Promise<string> {
  const quote = await page.request.get("/api/stock_copy_trading/get_stock_quotes/?stockSymbol=AAPL");
  expect(quote.status()).toBe(200);
  const { ask } = (await quote.json()) as { ask: number };
  return String(Math.floor(80_000 / ask));
}

/** Opens the place dialog with BUY/SELL and fills a MARKET buy of `quantity` AAPL. */
async function marketBuy(page: Page, quantity: string): Promise<Locator> {
  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const dialog = page.getByRole("dialog", { name: "Stock Place Order all accounts" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Symbol").fill("AAPL");
  await dialog.getByLabel("Order Type").selectOption("MARKET");
  await dialog.getByLabel("Quantity").fill(quantity);
  return dialog;
}

/** The text of every cell of `table`, row by row. */
async function cells(table: Locator): Promise<string[][]> {
  return table.locator("tr").evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll("th, td")).map((cell) => cell.textContent ?? "")),
  );
}

test("Check accounts shows each account's result, then all or none is refused with the reasons", async ({ page }) => {
  await setUp(page, "preflight");
  const shares = await sharesForEightyThousand(page);
  const dialog = await marketBuy(page, shares);
  const mode = dialog.getByLabel("Fan-out mode");
  await expect(mode).toHaveValue("SEND_TO_ALL");
  await expect(mode.locator("option")).toHaveText(["Send to all (default)", "All or none", "Only those that pass"]);

  let sent = 0;
  page.on("request", (request) => {
    if (request.url().includes("/stock_copy_trading/place_order")) {
      sent += 1;
    }
  });
  await dialog.getByRole("button", { name: "Check accounts" }).click();
  const checks = dialog.getByRole("table", { name: "Account checks" });
  await expect(checks.locator("tbody tr")).toHaveCount(2);
  const rows = await cells(checks);
  expect(rows[0]).toEqual(["Account · planned", "Result", "Brokerage says", "Commission + fees", "Buying power after"]);
  // Each account's planned quantity shows under its name: Small A ×1, Big C ×3 by their tiers.
  const planned = (multiplier: number) => (Number(shares) * multiplier).toLocaleString("en-US");
  expect(rows[1]?.slice(0, 4)).toEqual([`Small APlanned ${planned(1)}`, "Pass", "OK", "$0.00"]);
  expect(rows[2]?.slice(0, 4)).toEqual([`Big CPlanned ${planned(3)}`, "Reject", BUYING_POWER, "$0.00"]);
  expect(rows[2]?.[4]).toMatch(/^-\$[\d,]+\.\d\d$/);
  expect(sent).toBe(0);

  await mode.selectOption("ALL_OR_NONE");
  await dialog.getByRole("button", { name: "Place order" }).click();
  await expect(toast(page, "danger")).toHaveText(
    `Copy trading failed: Not sent: 1 account(s) would refuse the order. Big C: ${BUYING_POWER}`,
  );
  const refusal = dialog.getByRole("alert");
  await expect(refusal).toContainText("Not sent: 1 account(s) would refuse the order; nothing was sent");
  await expect(dialog.getByRole("list", { name: "Accounts that would refuse" }).getByRole("listitem")).toHaveText([
    `Big C: ${BUYING_POWER}`,
  ]);
  await expect(dialog).toBeVisible();
  expect(sent).toBe(1);
  // Nothing was sent to any account and no session was made.
  await expect(page.getByRole("table", { name: "Stock orders", exact: true }).getByText("No stock orders")).toBeVisible();
  const orders = await page.request.get("/api/stock_copy_trading/database");
  expect(await orders.json()).toEqual({});
});

test("a filled session's Fairness dialog shows its figures and each account's fill", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await setUp(page, "fairness");
  const dialog = await marketBuy(page, "1");
  await dialog.getByRole("button", { name: "Place order" }).click();
  await expect(toast(page, "success").filter({ hasText: "Copy trading successful" })).toBeVisible();
  await expect(dialog).toBeHidden();
  await dismissToasts(page);

  const session = page.getByRole("table", { name: "Stock orders", exact: true }).locator("tbody tr[data-session-id]");
  await expect(session).toHaveCount(1);
  await expect(session.getByRole("cell", { name: "FILLED", exact: true })).toBeVisible();
  const sessionId = await session.getAttribute("data-session-id");
  await session.getByRole("button", { name: `View session ${sessionId}` }).click();
  const view = page.getByRole("dialog", { name: `Stock Orders of Session ${sessionId}` });
  await view.getByRole("button", { name: "Fairness" }).click();

  const fairness = page.getByRole("dialog", { name: `Fairness of Session ${sessionId}` });
  const figures = fairness.getByRole("table", { name: "Fairness figures" });
  await expect(figures).toBeVisible();
  // The fills came with the order events; the record is read again until every account has reported.
  await expect(fairness.getByText(/^Settling:/)).toHaveCount(0);
  const shown = Object.fromEntries((await cells(figures)).map(([label, value]) => [label, value]));
  expect(shown.Filled).toBe("4");
  expect(shown.VWAP).toMatch(/^\d+\.\d+$/);
  expect(shown["Best fill"]).toBe(shown["Worst fill"]);
  expect(shown["Cost against the VWAP (per share)"]).toBe("$0.00");
  const fills = await cells(fairness.getByRole("table", { name: "Fills per account" }));
  expect(fills.slice(1).map((row) => [row[0], row[1], row[2]])).toEqual([
    ["Small A", "FILLED", "1 / 1"],
    ["Big C", "FILLED", "3 / 3"],
  ]);
  await expect(fairness.locator(".recharts-surface")).toBeVisible();
  // At 1366 × 768 the plot and the table fit the dialog: nothing is cut at its right edge.
  const body = fairness.locator(".bp6-dialog-body");
  expect(await body.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
});
