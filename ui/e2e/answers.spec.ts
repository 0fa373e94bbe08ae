// Browser tests of what a command's answer says and how often it is sent, on the three trading screens at
// 1366 × 768 against the real server on the paper brokerage: an order some accounts take and one refuses
// ("Only those that pass", Big C sent three times what it can pay for) is a warning that counts the refusal by
// reason, the dialog closes and the new session is in view; a double click places once, and the same order
// again within 30 s asks first.
import type { Locator, Page } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { dismissToasts, expect, test, toast } from "./fixtures";
import { chooseFromChain, openPlaceDialog, setUp } from "./optionScreen";

test.use({ viewport: { width: 1366, height: 768 } });

/** Where the tests leave their pictures of the screens. */
const SCREENS_DIR = "test-results/screens";

/** The paper brokerage's refusal of an order an account cannot pay for. */
const BUYING_POWER = "Order rejected: insufficient buying power";

/**
 * The warning of an order Small A and Small B took (each pays about $80,000 of its $100,000) and Big C, sent three
 * times as much, was refused by its preview.
 */
const TWO_OF_THREE = `Placed on 2 of 3 accounts; 1 not sent: the preview refused it: ${BUYING_POWER} (1)`;

/** The tab of a trading screen. */
type Tab = "Option Trading" | "Vertical Trading" | "Stock Trading";

/** Opens `tab`. */
async function openTab(page: Page, tab: Tab): Promise<void> {
  await page.getByRole("navigation", { name: "Trading sections" }).getByRole("link", { name: tab }).click();
  await expect(page.getByRole("heading", { level: 1, name: tab })).toBeVisible();
}

/** The session rows of `tab`'s orders table, newest first. */
function sessionRows(page: Page, tab: Tab): Locator {
  const name = { "Option Trading": "Option orders", "Vertical Trading": "Vertical orders", "Stock Trading": "Stock orders" }[
    tab
  ];
  return page.getByRole("table", { name, exact: true }).locator("tbody tr[data-session-id]");
}

/** Takes a picture of the page once every dialog and toast has finished moving. */
async function snap(page: Page, name: string): Promise<void> {
  await mkdir(SCREENS_DIR, { recursive: true });
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  await page.screenshot({ path: `${SCREENS_DIR}/${name}.png` });
}

/** Chooses "Only those that pass" in `dialog`. */
async function onlyThosePass(dialog: Locator): Promise<void> {
  await dialog.getByLabel("Fan-out mode").selectOption("ONLY_PASSING");
}

/**
 * Sends with `button` and checks the answer: one warning that counts Big C's refusal by reason (never a red or
 * green toast), the dialog closed, and the newest session, made by this order, in view with "1 not sent" beside
 * its status dot.
 */
async function expectTwoOfThree(page: Page, tab: Tab, dialog: Locator, button: Locator, picture: string): Promise<void> {
  const before = await sessionRows(page, tab).count();
  await button.click();
  await expect(toast(page, "warning")).toHaveText(TWO_OF_THREE);
  await expect(dialog).toBeHidden();
  const rows = sessionRows(page, tab);
  await expect(rows).toHaveCount(before + 1);
  const made = rows.first();
  await expect(made).toBeInViewport();
  await expect(made.locator(".cd-rejected-count")).toHaveText("1 not sent");
  await expect(toast(page, "danger")).toHaveCount(0);
  await expect(toast(page, "success")).toHaveCount(0);
  await snap(page, picture);
  await dismissToasts(page);
}

test("Option Trading: an order Big C cannot pay for goes to the others, says so as a warning and closes", async ({
  page,
}) => {
  await setUp(page, "partopt");
  const dialog = await openPlaceDialog(page);
  await chooseFromChain(dialog, "AAPL", "CALL");
  await dialog.getByLabel("Option Contract Total").fill("400");
  await dialog.getByLabel("Price", { exact: true }).fill("2.00");
  await onlyThosePass(dialog);
  await expectTwoOfThree(page, "Option Trading", dialog, dialog.getByRole("button", { name: "Place order" }), "partial-option");
});

test("Vertical Trading: a spread Big C cannot pay for goes to the others, says so as a warning and closes", async ({
  page,
}) => {
  await setUp(page, "partvert");
  await openTab(page, "Vertical Trading");
  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const entry = page.getByRole("dialog", { name: "Multi-Leg Order Entry" });
  await entry.getByLabel("Ticker").fill("aapl");
  await entry.getByRole("button", { name: "CALL" }).click();
  await expect(entry.getByTestId("contract-description")).toHaveText(/^AAPL \d{2}\/\d{2}\/\d{4} [\d.]+ C$/);
  // A NET_DEBIT of 2.00 on 400 spreads: $80,000 for a small account, $240,000 for Big C.
  await entry.getByLabel("Quantity").fill("400");
  await entry.getByLabel("Price", { exact: true }).fill("2.01");
  await entry.getByRole("button", { name: "Add leg" }).click();
  const strike = entry.getByLabel("Strike");
  await strike.selectOption((await strike.locator("option").nth(1).getAttribute("value")) ?? "");
  await entry.getByLabel("Instruction").selectOption("SELL_TO_OPEN");
  await entry.getByLabel("Quantity").fill("400");
  await entry.getByLabel("Price", { exact: true }).fill("0.01");
  await entry.getByRole("button", { name: "Add leg" }).click();
  await expect(entry.getByTestId("net-price")).toHaveText("Net: NET_DEBIT 2.00");
  await onlyThosePass(entry);
  await expectTwoOfThree(page, "Vertical Trading", entry, entry.getByRole("button", { name: "Place set" }), "partial-vertical");
});

test("Stock Trading: an order Big C cannot pay for goes to the others, says so as a warning and closes", async ({
  page,
}) => {
  await setUp(page, "partstock");
  await openTab(page, "Stock Trading");
  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const dialog = page.getByRole("dialog", { name: "Stock Place Order all accounts" });
  await dialog.getByLabel("Symbol").fill("AAPL");
  await dialog.getByLabel("Order Type").selectOption("MARKET");
  await dialog.getByLabel("Quantity").fill(await sharesForEightyThousand(page));
  await onlyThosePass(dialog);
  await expectTwoOfThree(page, "Stock Trading", dialog, dialog.getByRole("button", { name: "Place order" }), "partial-stock");
});

/** Shares of AAPL worth about $80,000: a small account can buy them, Big C (three times as many) cannot. */
async function sharesForEightyThousand(page: Page): Promise<string> {
  const quote = await page.request.get("/api/stock_copy_trading/get_stock_quotes/?stockSymbol=AAPL");
  expect(quote.status()).toBe(200);
  const { ask } = (await quote.json()) as { ask: number };
  return String(Math.floor(80_000 / ask));
}

/** The option sessions the server holds for the agent. */
async function optionSessions(page: Page): Promise<number> {
  const answer = await page.request.get("/api/copy_trading_account/database/COMMON");
  expect(answer.status()).toBe(200);
  return Object.keys((await answer.json()) as Record<string, unknown>).length;
}

test("a double click on Place order places once; the same order again within 30 s asks before it goes out", async ({
  page,
}) => {
  await setUp(page, "twice");
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/place_order/COMMON")) {
      sent.push(request.headers()["idempotency-key"] ?? "");
    }
  });
  const dialog = await openPlaceDialog(page);
  await chooseFromChain(dialog, "AAPL", "CALL");
  await dialog.getByLabel("Price", { exact: true }).fill("0.01");

  await dialog.getByRole("button", { name: "Place order" }).dblclick();
  await expect(toast(page, "success")).toHaveText("Place order successful");
  await expect(dialog).toBeHidden();
  await expect(sessionRows(page, "Option Trading")).toHaveCount(1);
  expect(await optionSessions(page)).toBe(1);
  expect(sent).toHaveLength(1);
  await dismissToasts(page);

  // The same order pressed again, once the answer came and the dialog would be open again: asked, not sent.
  const again = await openPlaceDialog(page);
  await chooseFromChain(again, "AAPL", "CALL");
  await again.getByLabel("Price", { exact: true }).fill("0.01");
  await again.getByRole("button", { name: "Place order" }).click();
  const question = page.getByRole("dialog", { name: "Send this order again?" });
  await expect(
    question.getByText(/^You sent this order to 3 accounts at \d{2}:\d{2}:\d{2}\. Send it again\?$/),
  ).toBeVisible();
  await snap(page, "repeat-question");
  await question.getByRole("button", { name: "Don't send" }).click();
  await expect(question).toBeHidden();
  await expect(again).toBeVisible();
  await expect(again.getByRole("button", { name: "Place order" })).toBeEnabled();
  expect(sent).toHaveLength(1);
  expect(await optionSessions(page)).toBe(1);
  await expect(toast(page, "danger")).toHaveCount(0);

  // Said yes, it goes out once more under a new key.
  await again.getByRole("button", { name: "Place order" }).click();
  await question.getByRole("button", { name: "Send again" }).click();
  await expect(toast(page, "success")).toHaveText("Place order successful");
  await expect(sessionRows(page, "Option Trading")).toHaveCount(2);
  expect(sent).toHaveLength(2);
  expect(sent[1]).not.toBe(sent[0]);
  expect(await optionSessions(page)).toBe(2);
});

test("a session's rows the brokerage rejected and rows never sent are counted apart beside its dot", async ({ page }) => {
  await setUp(page, "counts");
  await openTab(page, "Stock Trading");
  // Sent to all: Big C's order goes out and the brokerage rejects it.
  const placed = await page.request.post("/api/stock_copy_trading/place_order/", {
    data: {
      allTradingAccountsOrderList: [],
      stockSymbol: "AAPL",
      stockSession: "NORMAL",
      stockDuration: "DAY",
      stockInstruction: "BUY",
      stockOrderType: "MARKET",
      stockQuantity: Number(await sharesForEightyThousand(page)),
      stockPrice: 0,
      stockStopPrice: 0,
      stockStopPriceLinkType: "VALUE",
      stockStopPriceOffset: 0.1,
      fanOutMode: "SEND_TO_ALL",
    },
  });
  expect(placed.status()).toBe(200);
  const rows = sessionRows(page, "Stock Trading");
  await page.getByRole("button", { name: "REFRESH" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator(".cd-rejected-count")).toHaveText("1 rejected");
  await dismissToasts(page);
  await snap(page, "rejected-count");
  // The session's V shows which account and why.
  const id = await rows.first().getAttribute("data-session-id");
  await rows.first().getByRole("button", { name: `View session ${id}` }).click();
  const view = page.getByRole("dialog", { name: `Stock Orders of Session ${id}` });
  await expect(view.getByTestId("session-refusals")).toContainText(BUYING_POWER);
  await snap(page, "rejected-view");
});
