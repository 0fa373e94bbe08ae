// Browser tests of the three trading screens as a trader meets them: rejections, spreads, stops, quotes, layout.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { expectAccessible } from "./axe";
import { dismissToasts, expect, test, toast } from "./fixtures";
import {
  accountUsername,
  ACCOUNTS,
  chooseFromChain,
  expectToast,
  openPlaceDialog,
  PAPER_PASSWORD,
  placeThroughApi,
  setChecked,
  setUp,
} from "./optionScreen";

test.use({ viewport: { width: 1366, height: 768 } });

/** Where the screenshot walk writes its pictures. */
const SCREENS_DIR = "test-results/screens";

/** The tab of a trading screen. */
type Tab = "Option Trading" | "Vertical Trading" | "Stock Trading";

/** Takes a picture of the page once every dialog and toast has finished moving. */
async function snap(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  await page.screenshot({ path: `${SCREENS_DIR}/${name}.png` });
}

/** Opens `tab` and waits for its orders table to have loaded. */
async function openTab(page: Page, tab: Tab): Promise<void> {
  await page.getByRole("navigation", { name: "Trading sections" }).getByRole("link", { name: tab }).click();
  await expect(page.getByRole("heading", { level: 1, name: tab })).toBeVisible();
  const table = ordersTable(page, tab);
  await expect(table.locator("tbody tr").first()).not.toHaveText("Loading…");
}

/** The orders main table of `tab`. */
function ordersTable(page: Page, tab: Tab): Locator {
  const name = { "Option Trading": "Option orders", "Vertical Trading": "Vertical orders", "Stock Trading": "Stock orders" }[
    tab
  ];
  return page.getByRole("table", { name, exact: true });
}

/** The session rows of `tab`'s orders table, newest first. */
function sessionRows(page: Page, tab: Tab): Locator {
  return ordersTable(page, tab).locator("tbody tr[data-session-id]");
}

/** The AAPL call chain's contracts (symbol and description) of its first expiry, low strike first. */
async function aaplCalls(request: APIRequestContext): Promise<{ symbol: string; description: string }[]> {
  const answer = await request.get(
    "/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=AAPL&optionChainCallPut=CALL",
  );
  expect(answer.status()).toBe(200);
  const chain = (await answer.json()) as Record<string, Record<string, { symbol: string; description: string }[]>>;
  const strikes = Object.values(chain)[0] ?? {};
  return Object.entries(strikes)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, contracts]) => contracts[0])
    .filter((contract): contract is { symbol: string; description: string } => contract !== undefined);
}

/** Two AAPL calls from the chain's middle, two strikes apart: the legs of a debit spread. */
async function spreadStrikes(
  request: APIRequestContext,
): Promise<{ low: { symbol: string; description: string }; high: { symbol: string; description: string } }> {
  const calls = await aaplCalls(request);
  const low = calls[Math.floor(calls.length / 2)];
  const high = calls[Math.floor(calls.length / 2) + 2];
  if (low === undefined || high === undefined) throw new Error("the chain has too few strikes");
  return { low, high };
}

/** A leg of a vertical as place_order/VERTICAL takes it. */
function leg(symbol: string, instruction: string, orderType: string, quantity: number, price: number) {
  return {
    optionChainSymbol: symbol,
    optionChainInstruction: instruction,
    optionChainOrderType: orderType,
    optionChainQuantity: quantity,
    optionChainPrice: price,
  };
}

/** Places a vertical through the API (as another tab of the agent would) and checks it was sent. */
async function placeVertical(request: APIRequestContext, legs: ReturnType<typeof leg>[]): Promise<void> {
  const answer = await request.post("/api/copy_trading_account/place_order/VERTICAL", {
    data: { allTradingAccountsOrderList: [], orderLegs: legs },
  });
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toBe("success");
}

/** A stock's quote as the server answers it. */
async function stockQuote(request: APIRequestContext, symbol: string): Promise<{ bid: number; ask: number }> {
  const answer = await request.get(`/api/stock_copy_trading/get_stock_quotes/?stockSymbol=${symbol}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { bid: number; ask: number };
}

/** Places a stock order through the API with the order fields given. */
async function placeStock(request: APIRequestContext, fields: Record<string, unknown>): Promise<void> {
  const answer = await request.post("/api/stock_copy_trading/place_order/", {
    data: {
      allTradingAccountsOrderList: [],
      stockSession: "DAY",
      stockInstruction: "BUY",
      stockQuantity: 1,
      ...fields,
    },
  });
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toBe("success");
}

/** The rejection toast of a session whose three accounts all rejected for lack of buying power. */
const ALL_REJECTED = /^Session \d+: 3 of 3 accounts rejected — Order rejected: insufficient buying power \(3\)$/;

/** Checks that the newest session of `tab` shows its total rejection: a red mark with the count, never green. */
async function expectAllRejected(page: Page, tab: Tab): Promise<Locator> {
  const session = sessionRows(page, tab).first();
  await expect(session.getByRole("img", { name: "All 3 accounts rejected" })).toBeVisible();
  await expect(session.getByText("3 rejected", { exact: true })).toBeVisible();
  await expect(session.getByRole("img", { name: "Status colour green" })).toHaveCount(0);
  return session;
}

/** Opens the view dialog of the newest session of `tab` and checks the reason reads without hovering. */
async function expectReasonInView(page: Page, tab: Tab, title: RegExp): Promise<void> {
  const session = sessionRows(page, tab).first();
  const id = await session.getAttribute("data-session-id");
  await session.getByRole("button", { name: `View session ${id}`, exact: true }).click();
  const view = page.getByRole("dialog", { name: title });
  await expect(view.getByTestId("session-refusals")).toHaveText(
    "3 of 3 accounts rejected: Order rejected: insufficient buying power (3)",
  );
  const reasons = view.locator("td.cd-reason");
  await expect(reasons.first()).toHaveText("Order rejected: insufficient buying power");
  await expect(reasons.first()).toBeInViewport();
  await view.locator(".bp6-dialog-footer").getByRole("button", { name: "Close" }).click();
  await expect(view).toBeHidden();
}

test("major 1: an order every account rejects after the writes were accepted says so in red, on every screen", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await setUp(page, "rejectall");

  // Option: 5000 contracts through the place dialog; the answer is success, the brokerage then rejects: only
  // the red toast tells it, never a green "successful" beside it.
  const place = await openPlaceDialog(page);
  await chooseFromChain(place, "AAPL", "CALL");
  await place.getByLabel("Option Contract Total").fill("5000");
  await place.getByLabel("Price", { exact: true }).fill("5");
  await place.getByRole("button", { name: "Place order" }).click();
  await expect(toast(page, "danger").filter({ hasText: ALL_REJECTED })).toHaveText(ALL_REJECTED);
  await expectAllRejected(page, "Option Trading");
  await expect(toast(page, "success").filter({ hasText: "Place order successful" })).toHaveCount(0);
  await dismissToasts(page);
  await expectReasonInView(page, "Option Trading", /^Orders of Session \d+$/);

  // Vertical: 5000 spreads sent while the screen is open.
  await openTab(page, "Vertical Trading");
  const { low, high } = await spreadStrikes(page.request);
  await placeVertical(page.request, [
    leg(low.symbol, "BUY_TO_OPEN", "LIMIT", 5000, 8),
    leg(high.symbol, "SELL_TO_OPEN", "LIMIT", 5000, 1),
  ]);
  await expect(toast(page, "danger").filter({ hasText: ALL_REJECTED })).toHaveText(ALL_REJECTED);
  await expectAllRejected(page, "Vertical Trading");
  await dismissToasts(page);
  await expectReasonInView(page, "Vertical Trading", /^Legs of Session \d+$/);

  // Stock: 50000 MSFT through the place dialog, its LIMIT price started from the quote.
  await openTab(page, "Stock Trading");
  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const stock = page.getByRole("dialog", { name: "Stock Place Order all accounts" });
  await stock.getByLabel("Symbol").fill("msft");
  await expect(stock.getByTestId("quote")).toContainText(/Bid \d+\.\d{2}/);
  await expect(stock.getByLabel("Price", { exact: true })).not.toHaveValue("0");
  await stock.getByLabel("Quantity").fill("50000");
  await stock.getByRole("button", { name: "Place order" }).click();
  await expect(toast(page, "danger").filter({ hasText: ALL_REJECTED })).toHaveText(ALL_REJECTED);
  await expectAllRejected(page, "Stock Trading");
  await expect(toast(page, "success").filter({ hasText: "Copy trading successful" })).toHaveCount(0);
  await dismissToasts(page);
  await expectReasonInView(page, "Stock Trading", /^Stock Orders of Session \d+$/);
});

/** Links the accounts, opens the vertical screen and fills a MARKET AAPL call spread (one per small account, three on the big one). */
async function heldSpread(page: Page, prefix: string): Promise<{ low: string; high: string }> {
  await setUp(page, prefix);
  await openTab(page, "Vertical Trading");
  const { low, high } = await spreadStrikes(page.request);
  await placeVertical(page.request, [
    leg(low.symbol, "BUY_TO_OPEN", "MARKET", 1, 0),
    leg(high.symbol, "SELL_TO_OPEN", "MARKET", 1, 0),
  ]);
  const positions = page.getByRole("table", { name: "Vertical positions" }).locator("tbody tr[data-account-id]");
  await expect(positions).toHaveCount(6);
  return { low: low.description, high: high.description };
}

test("major 2: R on a single-leg exit of a vertical session replaces it as one leg", async ({ page }) => {
  const { low } = await heldSpread(page, "vertrone");
  const positions = page.getByRole("table", { name: "Vertical positions" });

  // S on the big account's long leg: a single-leg LIMIT exit far above the market stays working.
  await positions.getByRole("button", { name: `Exit ${low} of Big C` }).click();
  const exit = page.getByRole("dialog", { name: "Option Exit Order", exact: true });
  await exit.getByLabel("Price", { exact: true }).fill("500");
  await exit.getByRole("button", { name: "Exit order" }).click();
  await expectToast(page, "success", "Exit order successful");
  await dismissToasts(page);
  const exitRow = sessionRows(page, "Vertical Trading").first();
  const exitId = await exitRow.getAttribute("data-session-id");
  await expect(exitRow).toContainText("WORKING");

  // R offers the one leg; its new price goes out as one leg, and a new session names the exit's.
  await exitRow.getByRole("button", { name: `Replace session ${exitId}` }).click();
  const replace = page.getByRole("dialog", { name: "Replace Individual Order Legs" });
  const legs = replace.getByRole("table", { name: "Legs to replace" }).locator("tbody tr");
  await expect(legs).toHaveCount(1);
  await replace.getByLabel(`Price for ${low} of Big C`).fill("400");
  await replace.getByRole("button", { name: "Replace order" }).click();
  await expectToast(page, "success", "Replace order successful");
  await expect(replace).toBeHidden();
  const newest = sessionRows(page, "Vertical Trading").first();
  await expect(newest).toContainText(`replaces #${exitId}`);
  await expect(newest).toContainText("400.00");
  await expect(newest).toContainText("WORKING");
});

test("major 3: a held vertical closes as a spread, one order per account with both legs at a net price", async ({
  page,
}) => {
  const { low, high } = await heldSpread(page, "vertclose");
  const bar = page.getByRole("group", { name: "Spreads held" });
  const close = bar.getByRole("button", { name: /^Close spread AAPL .* CALL \(3 accounts\)$/ });
  await expect(close).toBeVisible();

  // Selecting the long and the short leg of one account and pressing S closes them as a spread too.
  await page.getByRole("button", { name: "Select Active Positions" }).click();
  await setChecked(page.getByRole("checkbox", { name: `Select ${low} of Small A` }), true);
  await setChecked(page.getByRole("checkbox", { name: `Select ${high} of Small A` }), true);
  await page.getByRole("button", { name: "Exit selected positions" }).click();
  const dialog = page.getByRole("dialog", { name: /^Close Spread AAPL / });
  await expect(dialog.getByRole("checkbox", { name: /^Small A/ })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: /^Big C/ })).not.toBeChecked();
  await dialog.getByRole("button", { name: "CANCEL" }).click();
  await page.getByRole("button", { name: "Cancel Selection" }).click();

  // Close spread: the closing instructions, the swapped net and the quotes; 2 spreads asked of accounts holding 1 or 3.
  await close.click();
  await expect(dialog.getByRole("table", { name: "Legs of the spread" })).toContainText(`Long${low}SELL_TO_CLOSE`);
  await expect(dialog.getByRole("table", { name: "Legs of the spread" })).toContainText(`Short${high}BUY_TO_CLOSE`);
  await expect(dialog.getByLabel("Order Type")).toHaveValue("NET_CREDIT");
  await expect(dialog.getByTestId("quote")).toHaveCount(2);
  await expect(dialog.getByTestId("quote").first()).toContainText(/Bid (\d+\.\d{2}|no quote)/);
  await expectAccessible(page, "the close spread dialog");
  await dialog.getByLabel("Quantity (spreads per account)").fill("2");
  await expect(dialog.getByText("holds 1 → 1 spread (cut to what it holds)").first()).toBeVisible();
  await dialog.getByLabel("Order Type").selectOption("MARKET");
  await dialog.getByRole("button", { name: "Close spread" }).click();
  await expectToast(page, "success", /^Exit order successful\. Cut to what is held: Small A 1 of 2; Small B 1 of 2$/);
  await expect(dialog).toBeHidden();

  // One session, one order of both legs per account: 4 spreads of the 5 held; the big account keeps 1.
  const session = sessionRows(page, "Vertical Trading").first();
  await expect(session).toContainText("SELL_TO_CLOSEBUY_TO_CLOSE");
  await expect(session).toContainText("FILLED");
  await expect(session).toContainText("4 / 4");
  const left = page.getByRole("table", { name: "Vertical positions" }).locator("tbody tr[data-account-id]");
  await expect(left).toHaveCount(2);
  await expect(left.filter({ hasText: "Small" })).toHaveCount(0);
  await expect(bar.getByRole("button", { name: /\(1 account\)$/ })).toBeVisible();
});

test("a short leg held against two longs is offered in one spread only, the narrower", async ({ page }) => {
  const { low, high } = await heldSpread(page, "vertshared");
  // A call further out bought on its own: every account now holds two longs against one short strike.
  const calls = await aaplCalls(page.request);
  const far = calls[Math.floor(calls.length / 2) + 4];
  if (far === undefined) throw new Error("the chain has too few strikes");
  await placeOption(page.request, far.symbol, 1, "MARKET", 0);
  const positions = page.getByRole("table", { name: "Vertical positions" }).locator("tbody tr[data-account-id]");
  await expect(positions).toHaveCount(9);

  // Closing both pairs would buy the short leg back twice: only the low/high spread is offered.
  const strike = (description: string) => description.split(" ")[2] ?? "";
  const buttons = page.getByRole("group", { name: "Spreads held" }).getByRole("button");
  await expect(buttons).toHaveCount(1);
  await expect(buttons).toHaveText(
    new RegExp(`^Close spread AAPL \\S+ ${strike(low)}/${strike(high)} CALL \\(3 accounts\\)$`),
  );
});

test("major 4: stop, activation and trailing levels read as words in the rows and the view dialog", async ({
  page,
}) => {
  await setUp(page, "stockstops");
  await openTab(page, "Stock Trading");
  const { ask } = await stockQuote(page.request, "AAPL");
  const stop = Math.round(ask * 150) / 100;
  await placeStock(page.request, { stockSymbol: "AAPL", stockOrderType: "STOP", stockStopPrice: stop });
  await placeStock(page.request, {
    stockSymbol: "AAPL",
    stockOrderType: "STOP_LIMIT",
    stockStopPrice: stop,
    stockPrice: stop + 1,
  });
  await placeStock(page.request, {
    stockSymbol: "AAPL",
    stockInstruction: "SELL_SHORT",
    stockOrderType: "TRAILING_STOP",
    stockStopPriceLinkType: "PERCENT",
    stockStopPriceOffset: 1,
  });
  const rows = sessionRows(page, "Stock Trading");
  await expect(rows).toHaveCount(3);
  const stopText = `STOP ${stop.toFixed(2)}`;
  await expect(rows.nth(0).locator("td.cd-stop")).toHaveText("TRAIL 1 %");
  await expect(rows.nth(1).locator("td.cd-stop")).toHaveText(`ACT ${stop.toFixed(2)}`);
  await expect(rows.nth(1)).toContainText((stop + 1).toFixed(2));
  await expect(rows.nth(2).locator("td.cd-stop")).toHaveText(stopText);
  await expect(rows.nth(2)).not.toContainText("0.00");

  const id = await rows.nth(2).getAttribute("data-session-id");
  await rows.nth(2).getByRole("button", { name: `View session ${id}`, exact: true }).click();
  const view = page.getByRole("dialog", { name: `Stock Orders of Session ${id}` });
  await expect(view.locator("td.cd-stop")).toHaveText([stopText, stopText, stopText]);
  await expect(view.locator("td.cd-stop").first()).toBeInViewport();
});

test("major 5: the Order Sets panel shows its Delete column at 1366 × 768", async ({ page }) => {
  await setUp(page, "vertsets");
  const calls = await aaplCalls(page.request);
  const [first, second] = calls;
  if (first === undefined || second === undefined) throw new Error("the chain has too few strikes");
  const saved = await page.request.post("/api/option_contract_save_order/add_option_contract_save_order/VERTICAL", {
    data: {
      setName: "A bull call spread with a long name",
      orderLegs: JSON.stringify([
        leg(first.symbol, "BUY_TO_OPEN", "LIMIT", 1, 1),
        leg(second.symbol, "SELL_TO_OPEN", "LIMIT", 1, 0.5),
      ]),
    },
  });
  expect(saved.status()).toBe(200);
  await openTab(page, "Vertical Trading");
  const panel = page.getByRole("region", { name: "Saved order sets" });
  const remove = panel.getByRole("button", { name: "Delete set A bull call spread with a long name" });
  await expect(remove).toBeInViewport({ ratio: 1 });
  await expect(panel.getByRole("columnheader", { name: "Delete" })).toBeInViewport({ ratio: 1 });
  const clipped = await panel.evaluate((element) => element.scrollWidth > element.clientWidth);
  expect(clipped).toBe(false);
});

test("the option, vertical and stock positions tables fit their panel at 1366 × 768 with a long account name", async ({
  page,
}) => {
  const agent = await setUp(page, "fits");
  const linked = await page.request.post("/api/trading_account/login/", {
    data: {
      accountName: "Hazel Medium Growth Fund",
      accountUsername: `hazel-${agent}`,
      accountPassword: PAPER_PASSWORD,
      accountType: "medium_account",
    },
  });
  expect(linked.status()).toBe(200);
  const calls = await aaplCalls(page.request);
  const [low, , high] = calls;
  if (low === undefined || high === undefined) throw new Error("the chain has too few strikes");
  await placeOption(page.request, low.symbol, 1, "MARKET", 0);
  await placeVertical(page.request, [
    leg(low.symbol, "BUY_TO_OPEN", "MARKET", 1, 0),
    leg(high.symbol, "SELL_TO_OPEN", "MARKET", 1, 0),
  ]);
  await placeStock(page.request, { stockSymbol: "F", stockOrderType: "MARKET" });
  for (const [tab, label, table] of [
    ["Option Trading", "Option positions table", "Option positions"],
    ["Vertical Trading", "Vertical positions table", "Vertical positions"],
    ["Stock Trading", "Stock positions table", "Stock positions"],
  ] as const) {
    await openTab(page, tab);
    await page.getByRole("button", { name: "REFRESH" }).click();
    const rows = page.getByRole("table", { name: table, exact: true }).locator("tbody tr[data-account-id]");
    await expect(rows.filter({ hasText: "Hazel Medium" }).first()).toBeVisible();
    const region = page.getByRole("region", { name: label, exact: true });
    const overflow = await region.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow, `${tab}: the positions table is wider than its panel`).toBeLessThanOrEqual(0);
    const accountId = page.getByRole("table", { name: table, exact: true }).getByRole("columnheader", { name: "Account Id" });
    await expect(accountId).toBeInViewport({ ratio: 1 });
  }
});

/** The text colour of a session view dialog's row whose order is open (Blueprint's GOLD2). */
const OPEN_ROW_COLOUR = "rgb(134, 97, 3)";

/** The three trading screens. */
const TABS: readonly Tab[] = ["Option Trading", "Vertical Trading", "Stock Trading"];

/** Places an AAPL call through the API (as another tab of the agent would) and checks it was sent. */
async function placeOption(
  request: APIRequestContext,
  symbol: string,
  quantity: number,
  orderType: string,
  price: number,
): Promise<void> {
  const answer = await request.post("/api/copy_trading_account/place_order/COMMON", {
    data: {
      allTradingAccountsOrderList: [],
      optionChainSymbol: symbol,
      optionChainInstruction: "BUY_TO_OPEN",
      optionChainOrderType: orderType,
      optionChainQuantity: quantity,
      optionChainPrice: price,
    },
  });
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toBe("success");
}

/**
 * The texts of `row`'s cells (headings or data) that do not read whole on screen: for every line of every
 * text, whether the cell is what is drawn from the line's first letter to its last (no sticky column over any
 * of it, nothing cut off at the panel's edge). A name cut short with an ellipsis is judged by what it shows.
 */
async function coveredTexts(row: Locator): Promise<string[]> {
  return row.evaluate((tr) => {
    const covered: string[] = [];
    const drawnAt = (cell: Element, box: DOMRect) =>
      [0.02, 0.25, 0.5, 0.75, 0.98].every((along) => {
        const hit = document.elementFromPoint(box.left + box.width * along, box.top + box.height / 2);
        return hit !== null && cell.contains(hit);
      });
    for (const cell of Array.from(tr.children)) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        if ((node.textContent ?? "").trim() === "") continue;
        const cut = node.parentElement?.closest(".cd-truncate");
        const range = document.createRange();
        range.selectNodeContents(node);
        const boxes = cut ? [cut.getBoundingClientRect()] : Array.from(range.getClientRects());
        for (const box of boxes) {
          if (box.width > 0 && !drawnAt(cell, box)) covered.push(`${cell.textContent ?? ""} ("${node.textContent}")`);
        }
      }
    }
    return covered;
  });
}

/**
 * Checks that every heading of `tab`'s orders table and every cell of each of its sessions reads whole: the
 * table fits its panel, and each row, scrolled to just under the sticky headings, has nothing over its texts.
 */
async function expectOrdersReadable(page: Page, tab: Tab): Promise<void> {
  const region = page.getByRole("region", { name: `${tab.split(" ")[0]} orders table` });
  const overflow = await region.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow, `${tab}: the orders table is wider than its panel`).toBeLessThanOrEqual(0);
  await region.evaluate((element) => {
    element.scrollTop = 0;
  });
  const headings = ordersTable(page, tab).locator("thead tr");
  expect(await coveredTexts(headings), `${tab}: headings not readable`).toEqual([]);
  for (const row of await sessionRows(page, tab).all()) {
    const id = await row.getAttribute("data-session-id");
    await row.evaluate((tr: HTMLTableRowElement) => {
      const scroller = tr.closest(".cd-table-scroll");
      if (scroller !== null) scroller.scrollTop = tr.offsetTop - (tr.closest("table")?.tHead?.offsetHeight ?? 0);
    });
    expect(await coveredTexts(row), `${tab}: session ${id} not readable`).toEqual([]);
    expect(await isUncovered(row.locator("td.cd-time")), `${tab}: session ${id}: its time is covered`).toBe(true);
    const mark = await row.locator(".cd-status-mark").boundingBox();
    const name = await row.locator("td").last().boundingBox();
    if (mark === null || name === null) throw new Error(`${tab}: session ${id} has no mark or no name`);
    const markEnd = mark.x + mark.width;
    expect(markEnd, `${tab}: session ${id}: its mark runs under the name`).toBeLessThanOrEqual(name.x + 0.5);
    expect(await isUncovered(row.locator(".cd-status-mark")), `${tab}: session ${id}: its mark is covered`).toBe(true);
  }
}

test("at 1280 × 720 the orders tables read whole, empty and with long names, and the positions tables fit", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Narrower than the screens are laid out for: the tables still fit their panel, so the sticky mark and
  // name never lie over the Time column or any other.
  await page.setViewportSize({ width: 1280, height: 720 });
  const agent = await setUp(page, "wide");
  for (const tab of TABS) {
    await openTab(page, tab);
    await expectOrdersReadable(page, tab);
  }
  // Only two accounts with long names trade, so each session is named after a long name.
  for (const account of ACCOUNTS.filter((a) => a.active)) {
    const switched = await page.request.post("/api/trading_account/trading_active", {
      data: {
        accountUsername: accountUsername(account.name, agent),
        accountTradingActive: false,
      },
    });
    expect(switched.status()).toBe(200);
  }
  for (const [name, type] of [
    ["Hazel Medium Growth Fund", "medium_account"],
    ["Juniper Big Family Trust IRA", "big_account"],
  ] as const) {
    const linked = await page.request.post("/api/trading_account/login/", {
      data: {
        accountName: name,
        accountUsername: `${name.split(" ")[0].toLowerCase()}-${agent}`,
        accountPassword: PAPER_PASSWORD,
        accountType: type,
      },
    });
    expect(linked.status()).toBe(200);
  }
  const { ask } = await stockQuote(page.request, "F");
  // Wholly rejected, a limit over the ask that fills at wide quantities, a trailing stop, and a MARKET
  // order one account or both cannot pay for.
  await placeStock(page.request, { stockSymbol: "MSFT", stockOrderType: "LIMIT", stockPrice: 400, stockQuantity: 100000 });
  const over = Math.round(ask * 110) / 100;
  await placeStock(page.request, { stockSymbol: "F", stockOrderType: "LIMIT", stockPrice: over, stockQuantity: 1200 });
  await placeStock(page.request, {
    stockSymbol: "AAPL",
    stockOrderType: "TRAILING_STOP",
    stockStopPriceLinkType: "PERCENT",
    stockStopPriceOffset: 1,
  });
  await placeStock(page.request, { stockSymbol: "MSFT", stockOrderType: "MARKET", stockQuantity: 220 });
  // Options and verticals: wholly rejected at wide quantities, working, and filled.
  const { low, high } = await spreadStrikes(page.request);
  await placeOption(page.request, low.symbol, 5000, "LIMIT", 5);
  await placeOption(page.request, low.symbol, 1, "LIMIT", 0.01);
  await placeOption(page.request, low.symbol, 1, "MARKET", 0);
  await placeVertical(page.request, [
    leg(low.symbol, "BUY_TO_OPEN", "LIMIT", 5000, 8),
    leg(high.symbol, "SELL_TO_OPEN", "LIMIT", 5000, 1),
  ]);
  await placeVertical(page.request, [
    leg(low.symbol, "BUY_TO_OPEN", "MARKET", 1, 0),
    leg(high.symbol, "SELL_TO_OPEN", "MARKET", 1, 0),
  ]);
  await placeVertical(page.request, [
    leg(low.symbol, "BUY_TO_OPEN", "LIMIT", 1, 0.5),
    leg(high.symbol, "SELL_TO_OPEN", "LIMIT", 1, 0.1),
  ]);
  for (const tab of TABS) {
    await openTab(page, tab);
    await page.getByRole("button", { name: "REFRESH" }).click();
    await expect(sessionRows(page, tab)).toHaveCount(tab === "Stock Trading" ? 4 : 3);
    await expect(sessionRows(page, tab).first().locator(".cd-name")).toHaveText(/^(Hazel Medium|Juniper Big)/);
    await dismissToasts(page);
    await expectOrdersReadable(page, tab);
    // The positions table below, with its sticky name too, fits its panel as well.
    const screen = tab.split(" ")[0];
    const held = page
      .getByRole("table", { name: `${screen} positions`, exact: true })
      .locator("tbody tr[data-account-id]");
    await expect(held.filter({ hasText: "Hazel Medium" }).first()).toBeVisible();
    const positions = page.getByRole("region", { name: `${screen} positions table`, exact: true });
    const overflow = await positions.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow, `${tab}: the positions table is wider than its panel`).toBeLessThanOrEqual(0);
  }
});

test("a replace of a session far down the orders table shows the new session at the table's top", async ({ page }) => {
  // A window 480 pixels high: the orders panel (40 % of it) holds about six one-line sessions, so of nine the
  // oldest is below the panel's fold and the table scrolls to reach it; with the new session the page holds
  // ten, so the oldest (and the R that opened the dialog) stays on it.
  await page.setViewportSize({ width: 1280, height: 480 });
  await setUp(page, "follow");
  const calls = await aaplCalls(page.request);
  const low = calls[Math.floor(calls.length / 2)];
  if (low === undefined) throw new Error("the chain has too few strikes");
  for (let placed = 0; placed < 9; placed += 1) {
    await placeOption(page.request, low.symbol, 1, "LIMIT", 0.01);
  }
  await page.getByRole("button", { name: "REFRESH" }).click();
  await expect(sessionRows(page, "Option Trading")).toHaveCount(9);
  await dismissToasts(page);

  // Scrolled down to the oldest session, R replaces it.
  const region = page.getByRole("region", { name: "Option orders table" });
  expect(await region.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await region.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  const oldest = sessionRows(page, "Option Trading").last();
  const oldestId = await oldest.getAttribute("data-session-id");
  const opener = oldest.getByRole("button", { name: `Replace session ${oldestId}` });
  await expect(opener).toBeInViewport();
  await expect(sessionRows(page, "Option Trading").first()).not.toBeInViewport();
  await opener.click();
  const replace = page.getByRole("dialog", { name: `Replace Orders of Session ${oldestId}` });
  await replace.getByLabel("Price", { exact: true }).fill("0.02");
  await replace.getByRole("button", { name: "Replace order" }).click();
  await expectToast(page, "success", "Replace order successful");
  await expect(replace).toBeHidden();

  // The new session, newest first, is at the top of the table and the table shows it.
  const newest = sessionRows(page, "Option Trading").first();
  await expect(newest).toContainText(`replaces #${oldestId}`);
  await expect(newest).toBeInViewport({ ratio: 1 });
  await expect.poll(() => region.evaluate((element) => element.scrollTop)).toBe(0);
  // The focus is back on the R that opened the dialog, without the table scrolling down to it.
  await expect(opener).toBeFocused();
  await expect(newest).toBeInViewport({ ratio: 1 });
});

/** Whether `select` is wide enough to show its longest choice whole (the text, its padding and its arrow). */
async function showsLongestChoice(select: Locator): Promise<boolean> {
  return select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement("canvas").getContext("2d");
    if (context === null) return false;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const longest = Math.max(...Array.from(element.options, (option) => context.measureText(option.text).width));
    return element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) >= longest;
  });
}

/** Checks the Account checks table of `dialog`: in the dialog, every heading and the long name's Result in view. */
async function expectChecksReadable(dialog: Locator, longName: string): Promise<void> {
  await dialog.getByRole("button", { name: "Check accounts" }).click();
  const checks = dialog.getByRole("table", { name: "Account checks" });
  const long = checks.locator("tbody tr").filter({ hasText: longName });
  await expect(long).toHaveCount(1);
  const body = dialog.locator(".bp6-dialog-body");
  expect(await body.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await long.evaluate((row) => row.scrollIntoView({ block: "center" }));
  for (const heading of await checks.getByRole("columnheader").all()) {
    await expect(heading).toBeInViewport({ ratio: 1 });
  }
  // The name wraps within its column; the Result beside it and every column after it stay whole.
  expect(await linesOf(long.getByRole("cell").first())).toBeGreaterThan(1);
  for (const cell of await long.getByRole("cell").all()) {
    await expect(cell).toBeInViewport({ ratio: 1 });
  }
  await expect(long.getByRole("cell").nth(1)).toHaveText(/^(Pass|Warning|Reject)$/);
}

test("a long account name wraps in the dialogs: instruction selects and the Check accounts table stay whole", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const agent = await setUp(page, "longname");
  const longName = "JuniperBigFamilyTrustIRARolloverAccountNumberSevenOfHazelGrowth";
  const linked = await page.request.post("/api/trading_account/login/", {
    data: {
      accountName: longName,
      accountUsername: `juniper-${agent}`,
      accountPassword: PAPER_PASSWORD,
      accountType: "big_account",
    },
  });
  expect(linked.status()).toBe(200);

  // Replace Individual Order Legs: the long name wraps, so the selects keep room for SELL_TO_CLOSE.
  await openTab(page, "Vertical Trading");
  const { low, high } = await spreadStrikes(page.request);
  await placeVertical(page.request, [
    leg(low.symbol, "BUY_TO_OPEN", "LIMIT", 1, 0.5),
    leg(high.symbol, "SELL_TO_OPEN", "LIMIT", 1, 0.1),
  ]);
  await page.getByRole("button", { name: "REFRESH" }).click();
  const session = sessionRows(page, "Vertical Trading").first();
  await expect(session).toContainText("WORKING");
  await dismissToasts(page);
  const id = await session.getAttribute("data-session-id");
  await session.getByRole("button", { name: `Replace session ${id}` }).click();
  const replace = page.getByRole("dialog", { name: "Replace Individual Order Legs" });
  const instructions = replace.getByRole("combobox", { name: /^Instruction for / });
  await expect(instructions).toHaveCount(8);
  for (const select of await instructions.all()) {
    await expect(select.locator("option")).toHaveText(["BUY_TO_OPEN", "SELL_TO_OPEN", "SELL_TO_CLOSE", "BUY_TO_CLOSE"]);
    expect(await showsLongestChoice(select), `${await select.getAttribute("aria-label")} is cut`).toBe(true);
  }
  for (const select of await replace.getByRole("combobox", { name: /^Order Type for / }).all()) {
    expect(await showsLongestChoice(select), `${await select.getAttribute("aria-label")} is cut`).toBe(true);
  }
  await expect(replace.getByRole("columnheader", { name: "New net" })).toBeInViewport({ ratio: 1 });
  // A replace is checked only when it changes something (the same terms are refused as "nothing to change").
  await replace.getByLabel(`Price for ${low.description} of Small A`).fill("0.45");
  await expectChecksReadable(replace, longName);
  await replace.getByRole("button", { name: "CANCEL" }).click();
  await expect(replace).toBeHidden();

  // The stock place dialog is narrow: the Check accounts table still fits it.
  await openTab(page, "Stock Trading");
  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const place = page.getByRole("dialog", { name: "Stock Place Order all accounts" });
  await place.getByLabel("Symbol").fill("AAPL");
  await place.getByLabel("Order Type").selectOption("MARKET");
  await place.getByLabel("Quantity").fill("1");
  // The plan shows first (it moves what is under it), then the checks are read.
  await expect(place.getByTestId("plan-summary")).toHaveText("Total 8 shares on 4 accounts");
  await expectChecksReadable(place, longName);
});

test("major 6: every order dialog shows the live quote; the watch list's bid is labelled and refreshed", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await setUp(page, "quotes");

  // Option place: the picked contract's quote.
  const place = await openPlaceDialog(page);
  await expect(place.getByTestId("quote")).toHaveText("Pick a contract to see its quote");
  const description = await chooseFromChain(place, "AAPL", "CALL");
  await expect(place.getByTestId("quote")).toContainText(description);
  await expect(place.getByTestId("quote")).toContainText(/Bid (\d+\.\d{2}|no quote)Ask (\d+\.\d{2}|no quote)Last/);
  await place.getByRole("button", { name: "CANCEL" }).click();

  // Vertical entry: the picked contract's quote.
  await openTab(page, "Vertical Trading");
  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const entry = page.getByRole("dialog", { name: "Multi-Leg Order Entry" });
  await entry.getByLabel("Ticker").fill("aapl");
  await entry.getByRole("button", { name: "CALL" }).click();
  await expect(entry.getByTestId("quote")).toContainText(/Bid (\d+\.\d{2}|no quote)/);
  await entry.getByRole("button", { name: "CANCEL" }).click();

  // Stock place: the symbol's quote, refreshed while open; a LIMIT starts at the bid.
  await openTab(page, "Stock Trading");
  const { bid } = await stockQuote(page.request, "AAPL");
  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const stock = page.getByRole("dialog", { name: "Stock Place Order all accounts" });
  await stock.getByLabel("Symbol").fill("aapl");
  const quote = stock.getByTestId("quote");
  await expect(quote).toContainText(/^AAPLBid \d+\.\d{2}Ask \d+\.\d{2}Last \d+\.\d{2}$/);
  const price = Number(await stock.getByLabel("Price", { exact: true }).inputValue());
  expect(Math.abs(price - bid)).toBeLessThan(bid * 0.05);
  const before = await quote.textContent();
  await expect.poll(() => quote.textContent(), { timeout: 20_000 }).not.toBe(before);
  await stock.getByRole("button", { name: "CANCEL" }).click();

  // The watch list: a labelled bid, refreshed every 10 s; a symbol without a quote is refused.
  const list = page.getByRole("region", { name: "Stock watch list" });
  await list.getByLabel("Stock symbol").fill("msft");
  await list.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "success", "Add stock successful");
  const item = list.locator("li[data-symbol=MSFT]");
  await expect(item).toContainText(/^MSFTBid \d+\.\d{2}$/);
  const refreshed = list.getByTestId("watch-refreshed");
  const first = await refreshed.textContent();
  await expect.poll(() => refreshed.textContent(), { timeout: 25_000 }).not.toBe(first);
});

test("minors: vertical dialogs keep leg prices, start with no leg ticked, and the group row sums up its orders", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await setUp(page, "minvert");
  await openTab(page, "Vertical Trading");
  const { low, high } = await spreadStrikes(page.request);
  await placeVertical(page.request, [
    leg(low.symbol, "BUY_TO_OPEN", "LIMIT", 1, 0.02),
    leg(high.symbol, "SELL_TO_OPEN", "LIMIT", 1, 0.01),
  ]);
  const session = sessionRows(page, "Vertical Trading").first();
  const id = await session.getAttribute("data-session-id");
  await expect(session).toContainText("1–3");

  // Cancel legs opens with nothing ticked.
  await session.getByRole("button", { name: `Cancel session ${id}` }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel Vertical Order Legs" });
  await expect(cancel.getByRole("checkbox", { checked: true })).toHaveCount(0);
  await cancel.getByRole("button", { name: "CANCEL", exact: true }).click();

  // Re-place gives each leg its own price from the quotes, keeping the net of 0.01; replace starts each order
  // at its own net (on the bought leg, 0.00 on the sold one), never at prices read from the quotes.
  await session.getByRole("button", { name: `Place session ${id} again` }).click();
  const again = page.getByRole("dialog", { name: "Re-place Vertical Order Legs" });
  await expect(again.getByLabel(`Price for ${high.description}`)).not.toHaveValue("0.00");
  await expect(again.getByTestId("net-price")).toHaveText("Net: NET_DEBIT 0.01");
  await again.getByRole("button", { name: "CANCEL" }).click();
  await session.getByRole("button", { name: `Replace session ${id}` }).click();
  const replace = page.getByRole("dialog", { name: "Replace Individual Order Legs" });
  await expect(replace.getByLabel(`Price for ${low.description} of Small A`)).toHaveValue("0.01");
  await expect(replace.getByLabel(`Price for ${high.description} of Small A`)).toHaveValue("0.00");

  // Replace the small accounts only, at a new net: the old group then counts its statuses.
  await setChecked(replace.getByRole("checkbox", { name: `Select ${low.description} of Big C` }), false);
  for (const account of ["Small A", "Small B"]) {
    await replace.getByLabel(`Price for ${low.description} of ${account}`).fill("0.02");
  }
  await replace.getByRole("button", { name: "Replace order" }).click();
  await expectToast(page, "success", "Replace order successful");
  const old = ordersTable(page, "Vertical Trading").locator(`tbody tr[data-session-id="${id}"]`);
  await expect(old.locator(".cd-status-counts")).toHaveText("2 REPLACED1 WORKING");
  // C stays offered on a REPLACED order, as on the other screens.
  await old.getByRole("button", { name: `View session ${id}` }).click();
  const view = page.getByRole("dialog", { name: `Legs of Session ${id}` });
  await expect(view.getByRole("button", { name: `Cancel ${low.description} of Small A` })).toBeEnabled();
});

test("minors: option and stock screens follow replaces, name totals, cut exits and refuse unquoted symbols", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await setUp(page, "minors");

  // Option: R on a REPLACED row starts from the live order; the exit dialog takes numbers; removal text.
  await placeThroughApi(page, "AAPL", "CALL", "LIMIT", 0.01);
  const rows = sessionRows(page, "Option Trading");
  const first = rows.first();
  const firstId = await first.getAttribute("data-session-id");
  await first.getByRole("button", { name: `Replace session ${firstId}` }).click();
  const replace = page.getByRole("dialog", { name: `Replace Orders of Session ${firstId}` });
  await replace.getByLabel("Price", { exact: true }).fill("0.02");
  await replace.getByRole("button", { name: "Replace order" }).click();
  await expectToast(page, "success", "Replace order successful");
  await dismissToasts(page);
  await expect(rows).toHaveCount(2);
  const older = rows.nth(1);
  await older.getByRole("button", { name: `View session ${firstId}` }).click();
  const view = page.getByRole("dialog", { name: `Orders of Session ${firstId}` });
  await view.getByRole("button", { name: "Replace the order of Small A" }).click();
  const individual = page.getByRole("dialog", { name: /^Replace Order: small-a-/ });
  await expect(individual.getByLabel("Price", { exact: true })).toHaveValue("0.02");
  await individual.getByRole("button", { name: "CANCEL" }).click();
  await expect(view.getByRole("button", { name: "Cancel the order of Small A" })).toBeEnabled();
  await view.locator(".bp6-dialog-footer").getByRole("button", { name: "Close" }).click();

  // Stock: a filled holding is exited for more than held; the toast says it was cut.
  await openTab(page, "Stock Trading");
  await placeStock(page.request, { stockSymbol: "MSFT", stockOrderType: "MARKET" });
  const positions = page.getByRole("table", { name: "Stock positions" }).locator("tbody tr[data-account-id]");
  await expect(positions).toHaveCount(3);
  await positions.filter({ hasText: "Small A" }).getByRole("button", { name: /^Exit / }).click();
  const exit = page.getByRole("dialog", { name: "Stock Exit Order" });
  await exit.getByLabel("Order Type").selectOption("MARKET");
  await exit.getByLabel("Quantity").fill("5");
  await exit.getByRole("button", { name: "Exit order" }).click();
  await expectToast(page, "success", "Exit order successful. Cut to what is held: Small A 1 of 5");
  await dismissToasts(page);

  // Change Selected with none; then the compact table with one row per position.
  await page.getByRole("button", { name: "Select Active Positions" }).click();
  await page.getByRole("button", { name: "Change Selected" }).click();
  const warning = page.getByRole("dialog", { name: "Warning" });
  await expect(warning.getByText("Please select at least one position.", { exact: true })).toBeVisible();
  await warning.getByRole("button", { name: "CANCEL" }).click();
  for (const name of ["Small B", "Big C"]) {
    await setChecked(page.getByRole("checkbox", { name: new RegExp(`MSFT of ${name}`) }), true);
  }
  await page.getByRole("button", { name: "Change Selected" }).click();
  const change = page.getByRole("dialog", { name: "Change Multiple Stock Positions" });
  await expect(change.getByRole("table", { name: "Positions to change" }).locator("tbody tr")).toHaveCount(2);
  await expect(change.getByLabel("Quote of MSFT of Big C")).toHaveText(/\d+\.\d{2} \/ \d+\.\d{2} \/ \d+\.\d{2}/);
  await expectAccessible(page, "the change multiple stock positions dialog");
  await change.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Cancel Selection" }).click();

  // The table speaks the form's words; a cancelled order is struck through with "(Already Canceled)".
  const { bid } = await stockQuote(page.request, "AAPL");
  await placeStock(page.request, {
    stockSymbol: "AAPL",
    stockOrderType: "LIMIT",
    stockPrice: Math.round(bid * 50) / 100,
    stockSession: "EXT",
  });
  const stockRows = sessionRows(page, "Stock Trading");
  const limit = stockRows.first();
  await expect(limit.getByRole("cell").nth(3)).toHaveText("EXT");
  const limitId = await limit.getAttribute("data-session-id");
  await limit.getByRole("button", { name: `Cancel session ${limitId}` }).click();
  const confirm = page.getByRole("dialog", { name: "Stock Delete Order (Selected)" });
  await expect(confirm).toContainText("1–3 shares each, 5 in all on 3 accounts?");
  await confirm.getByRole("button", { name: "DELETE ORDER" }).click();
  await expectToast(page, "success", "Selected order deleted successful");
  await limit.getByRole("button", { name: `View session ${limitId}` }).click();
  const stockView = page.getByRole("dialog", { name: `Stock Orders of Session ${limitId}` });
  const canceled = stockView.locator("tbody tr").first();
  await expect(canceled).toContainText("(Already Canceled)");
  await expect(canceled.getByRole("cell").nth(2)).toHaveCSS("text-decoration-line", "line-through");
  await expect(canceled.getByRole("button", { name: /\(Already Canceled\)$/ })).toBeDisabled();
  await stockView.locator(".bp6-dialog-footer").getByRole("button", { name: "Close" }).click();

  // The watch list refuses a symbol the brokerage does not quote.
  const list = page.getByRole("region", { name: "Stock watch list" });
  await list.getByLabel("Stock symbol").fill("zzzz");
  await list.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "danger", "Add stock failed: Stock ZZZZ is not known to the brokerage");
});

test("the screenshot walk: each screen at 1366 × 768 with rejected, stopped, trailing and spread rows", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await mkdir(SCREENS_DIR, { recursive: true });
  await setUp(page, "screens");
  // Empty, each orders table shows every heading whole.
  for (const tab of TABS) {
    await openTab(page, tab);
    await expectOrdersReadable(page, tab);
  }
  await openTab(page, "Option Trading");
  const { low, high } = await spreadStrikes(page.request);

  // Option: a rejected session, a working one, a filled one.
  for (const [quantity, orderType, price] of [
    [5000, "LIMIT", 5],
    [1, "LIMIT", 0.01],
    [1, "MARKET", 0],
  ] as const) {
    await placeOption(page.request, low.symbol, quantity, orderType, price);
  }
  await page.getByRole("button", { name: "REFRESH" }).click();
  await expect(sessionRows(page, "Option Trading")).toHaveCount(3);
  await expect(sessionRows(page, "Option Trading").nth(2).getByText("3 rejected")).toBeVisible();
  await dismissToasts(page);
  await snap(page, "option");
  await expectOrdersReadable(page, "Option Trading");
  const rejected = sessionRows(page, "Option Trading").nth(2);
  const rejectedId = await rejected.getAttribute("data-session-id");
  await rejected.getByRole("button", { name: `View session ${rejectedId}`, exact: true }).click();
  await expect(page.getByRole("dialog", { name: `Orders of Session ${rejectedId}` })).toBeVisible();
  await snap(page, "option-view");
  await page.keyboard.press("Escape");

  // Vertical: a rejected spread, a held spread and a saved set.
  await page.request.post("/api/option_contract_save_order/add_option_contract_save_order/VERTICAL", {
    data: {
      setName: "Bull call 230/240 weekly",
      orderLegs: JSON.stringify([leg(low.symbol, "BUY_TO_OPEN", "LIMIT", 1, 1), leg(high.symbol, "SELL_TO_OPEN", "LIMIT", 1, 0.5)]),
    },
  });
  await openTab(page, "Vertical Trading");
  await placeVertical(page.request, [
    leg(low.symbol, "BUY_TO_OPEN", "LIMIT", 5000, 8),
    leg(high.symbol, "SELL_TO_OPEN", "LIMIT", 5000, 1),
  ]);
  await placeVertical(page.request, [
    leg(low.symbol, "BUY_TO_OPEN", "MARKET", 1, 0),
    leg(high.symbol, "SELL_TO_OPEN", "MARKET", 1, 0),
  ]);
  await page.getByRole("button", { name: "REFRESH" }).click();
  await expect(page.getByRole("group", { name: "Spreads held" })).toBeVisible();
  await dismissToasts(page);
  await snap(page, "vertical");
  await expectOrdersReadable(page, "Vertical Trading");
  await page.getByRole("group", { name: "Spreads held" }).getByRole("button").first().click();
  await expect(page.getByRole("dialog", { name: /^Close Spread / }).getByTestId("quote").first()).toContainText("Bid");
  await snap(page, "vertical-close-spread");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const entry = page.getByRole("dialog", { name: "Multi-Leg Order Entry" });
  await entry.getByLabel("Ticker").fill("aapl");
  await entry.getByRole("button", { name: "CALL" }).click();
  // The chain has loaded and its first strike is chosen once the contract's quote shows.
  await expect(entry.getByTestId("quote")).toContainText("Bid");
  await entry.getByRole("button", { name: "Add leg" }).click();
  const strike = entry.getByLabel("Strike");
  await strike.selectOption((await strike.locator("option").nth(2).getAttribute("value")) ?? "");
  await entry.getByLabel("Instruction").selectOption("SELL_TO_OPEN");
  await entry.getByRole("button", { name: "Add leg" }).click();
  await expect(entry.getByTestId("quote").nth(1)).toContainText("Bid");
  await snap(page, "vertical-entry");
  await page.keyboard.press("Escape");

  // Stock: rejected, stop, stop limit, trailing, and a filled market order.
  await openTab(page, "Stock Trading");
  const { ask } = await stockQuote(page.request, "AAPL");
  const stop = Math.round(ask * 150) / 100;
  await placeStock(page.request, { stockSymbol: "MSFT", stockOrderType: "LIMIT", stockPrice: 400, stockQuantity: 50000 });
  await placeStock(page.request, { stockSymbol: "AAPL", stockOrderType: "STOP", stockStopPrice: stop });
  await placeStock(page.request, { stockSymbol: "AAPL", stockOrderType: "STOP_LIMIT", stockStopPrice: stop, stockPrice: stop + 1 });
  await placeStock(page.request, {
    stockSymbol: "AAPL",
    stockInstruction: "SELL_SHORT",
    stockOrderType: "TRAILING_STOP",
    stockStopPriceLinkType: "PERCENT",
    stockStopPriceOffset: 1,
    // Extended hours take only LIMIT orders.
    stockSession: "GTC",
  });
  await placeStock(page.request, { stockSymbol: "AAPL", stockOrderType: "MARKET" });
  const list = page.getByRole("region", { name: "Stock watch list" });
  await list.getByLabel("Stock symbol").fill("aapl");
  await list.getByRole("button", { name: "Add" }).click();
  await expect(sessionRows(page, "Stock Trading")).toHaveCount(5);
  await dismissToasts(page);
  await snap(page, "stock");
  await expectOrdersReadable(page, "Stock Trading");
  // Scrolled down to the rejected row, the table keeps its headings in view.
  const region = page.getByRole("region", { name: "Stock orders table" });
  await region.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  const rejectedMark = sessionRows(page, "Stock Trading").last().getByText("3 rejected");
  await expect(rejectedMark).toBeInViewport();
  // The session's mark is on top: the sticky name beside it never covers it.
  expect(await isUncovered(rejectedMark)).toBe(true);
  const regionBox = await region.boundingBox();
  const headingBox = await ordersTable(page, "Stock Trading").getByRole("columnheader", { name: "Status", exact: true }).boundingBox();
  expect(Math.abs((headingBox?.y ?? -100) - (regionBox?.y ?? 0))).toBeLessThan(3);
  await snap(page, "stock-scrolled");
  const stopRow = sessionRows(page, "Stock Trading").nth(3);
  const stopId = await stopRow.getAttribute("data-session-id");
  await stopRow.getByRole("button", { name: `View session ${stopId}`, exact: true }).click();
  // The stop orders wait for their level: each of their rows reads in yellow, every cell of it.
  const stopView = page.getByRole("dialog", { name: `Stock Orders of Session ${stopId}` });
  const stopOrders = stopView.getByRole("table", { name: "Orders of the session" }).locator("tbody tr");
  await expect(stopOrders).toHaveCount(3);
  for (const order of await stopOrders.all()) {
    await expect(order.getByRole("cell").nth(2)).toHaveText("AAPL");
    for (const cell of [2, 3, 7, 9, 12]) {
      await expect(order.getByRole("cell").nth(cell)).toHaveCSS("color", OPEN_ROW_COLOUR);
    }
  }
  await snap(page, "stock-view");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const stockDialog = page.getByRole("dialog", { name: "Stock Place Order all accounts" });
  await stockDialog.getByLabel("Symbol").fill("aapl");
  await expect(stockDialog.getByTestId("quote")).toContainText("Bid");
  await snap(page, "stock-place");
});

/** Whether `element` is on top at its own centre (no other element, such as a sticky column, covers it). */
async function isUncovered(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && node.contains(hit);
  });
}

/** How many lines the text of `element` takes on screen. */
async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops: number[] = [];
    for (const rect of Array.from(range.getClientRects())) {
      if (rect.width > 0 && tops.every((top) => Math.abs(top - rect.top) > 4)) tops.push(rect.top);
    }
    return tops.length;
  });
}

test("at 1366 × 768 a partly rejected session reads one line per status, and its totals and ranges are not broken", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await setUp(page, "oneline");
  await openTab(page, "Stock Trading");
  // The small accounts can pay for 220 MSFT; the big one, sent three times as many, cannot.
  await placeStock(page.request, { stockSymbol: "MSFT", stockOrderType: "MARKET", stockQuantity: 220 });
  await placeStock(page.request, { stockSymbol: "MSFT", stockOrderType: "LIMIT", stockPrice: 1, stockQuantity: 100000 });
  await page.getByRole("button", { name: "REFRESH" }).click();
  const mixed = sessionRows(page, "Stock Trading").nth(1);
  await expect(mixed.getByText("1 rejected", { exact: true })).toBeVisible();
  await dismissToasts(page);

  const statuses = mixed.locator(".cd-status-count");
  await expect(statuses).toHaveText(["2 FILLED", "1 REJECTED"]);
  for (const status of await statuses.all()) {
    expect(await linesOf(status), `"${await status.textContent()}" is cut over two lines`).toBe(1);
  }
  for (const text of ["440 / 1,100", "220–660"]) {
    const cell = mixed.getByRole("cell", { name: text, exact: true });
    expect(await linesOf(cell), `"${text}" is cut over two lines`).toBe(1);
  }
  // The newest session orders 500,000 shares: its total stays whole; its range may wrap after the dash.
  const newest = sessionRows(page, "Stock Trading").first();
  expect(await linesOf(newest.getByRole("cell", { name: "0 / 500,000", exact: true }))).toBe(1);
  await expect(newest.getByRole("cell", { name: "100,000–300,000", exact: true })).toBeVisible();
  await expect(ordersTable(page, "Stock Trading").getByRole("columnheader", { name: "Name", exact: true })).toBeInViewport({
    ratio: 1,
  });
});

test("at 1366 × 768 the orders panel is 40 % of the window and shows a page of ten sessions, the positions below, with no page scroll", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await setUp(page, "tenrows");
  const calls = await aaplCalls(page.request);
  const low = calls[Math.floor(calls.length / 2)];
  if (low === undefined) throw new Error("the chain has too few strikes");
  // Eleven sessions: a full first page of ten and one on the next.
  for (let placed = 0; placed < 11; placed += 1) {
    await placeOption(page.request, low.symbol, 1, "LIMIT", 0.01);
  }
  await page.getByRole("button", { name: "REFRESH" }).click();
  await expect(sessionRows(page, "Option Trading")).toHaveCount(10);
  await dismissToasts(page);

  const region = page.getByRole("region", { name: "Option orders table" });
  const box = await region.boundingBox();
  if (box === null) throw new Error("the orders table is not shown");
  // The panel holding the table is 40 % of the window's height; the table fills it but for its frame.
  expect(box.height).toBeGreaterThan(768 * 0.4 - 20);
  expect(box.height).toBeLessThanOrEqual(768 * 0.4);
  // Every one of the ten sessions is whole on screen without scrolling the table or the page.
  expect(await region.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(0);
  for (const row of await sessionRows(page, "Option Trading").all()) {
    await expect(row).toBeInViewport({ ratio: 1 });
  }
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
  // The positions panel starts below the orders panel, in view.
  const positions = page.getByRole("region", { name: "Option positions table", exact: true });
  const held = await positions.boundingBox();
  expect(held !== null && held.y >= box.y + box.height && held.y < 768).toBe(true);
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
});
