// Browser tests of the Stock Trading screen against the real server on the paper brokerage.
import type { Locator, Page } from "@playwright/test";
import { dismissToasts, expect, newAgentSignedIn, test, toast } from "./fixtures";

/** A paper account's brokerage password (the paper brokerage accepts any). */
const PAPER_PASSWORD = "paper-pass-1";

/** The accounts every test links: three active (two small, one big) and one inactive medium one. */
const ACCOUNTS = [
  { name: "Small A", type: "small_account", active: true },
  { name: "Small B", type: "small_account", active: true },
  { name: "Big C", type: "big_account", active: true },
  { name: "Medium D", type: "medium_account", active: false },
] as const;

/** What the place dialog's plan says for one share on those accounts (Big C ×3 by its tier). */
const ONE_SHARE_PREVIEW = "Total 5 shares on 3 accounts";

/** The orders main table's columns, in order. */
const ORDER_COLUMNS = [
  "View",
  "Change order",
  "Symbol",
  "Session",
  "Duration",
  "Copy session",
  "Success rate",
  "Accounts",
  "Total Filled / Qty",
  "Filled Qty",
  "Price",
  "Stop",
  "Qty",
  "Side Pos Effect",
  "Status",
  "Order type",
  "Time",
  "",
  "Name",
] as const;

/** Registers and signs in a fresh agent, links the four accounts and opens the Stock Trading tab. */
async function setUp(page: Page, prefix: string): Promise<void> {
  const agent = await newAgentSignedIn(page, prefix);
  for (const account of ACCOUNTS) {
    const username = `${account.name.replace(" ", "-").toLowerCase()}-${agent}`;
    const linked = await page.request.post("/api/trading_account/login/", {
      data: {
        accountName: account.name,
        accountUsername: username,
        accountPassword: PAPER_PASSWORD,
        accountType: account.type,
      },
    });
    expect(linked.status()).toBe(200);
    if (!account.active) {
      const switched = await page.request.post("/api/trading_account/trading_active", {
        data: { accountUsername: username, accountTradingActive: false },
      });
      expect(switched.status()).toBe(200);
    }
  }
  await page.getByRole("navigation", { name: "Trading sections" }).getByRole("link", { name: "Stock Trading" }).click();
  await expect(page).toHaveURL(/#\/trading\/stockCopyTrading$/);
  await expect(page.getByRole("heading", { name: "Stock Trading" })).toBeVisible();
}

/** The success or danger toast showing exactly `text`. */
async function expectToast(page: Page, intent: "success" | "danger", text: string | RegExp): Promise<void> {
  await expect(toast(page, intent).filter({ hasText: text })).toHaveText(text);
}

/** The cell of a session row under the heading `column`. */
function sessionCell(row: Locator, column: (typeof ORDER_COLUMNS)[number]): Locator {
  return row.getByRole("cell").nth(ORDER_COLUMNS.indexOf(column));
}

/** The orders main table's session rows. */
function sessionRows(page: Page): Locator {
  return page.getByRole("table", { name: "Stock orders", exact: true }).locator("tbody tr[data-session-id]");
}

/** The positions table's rows. */
function positionRows(page: Page): Locator {
  return page.getByRole("table", { name: "Stock positions" }).locator("tbody tr[data-account-id]");
}

/** Ticks or unticks a Blueprint checkbox by clicking its label (its drawn box covers the input). */
async function setChecked(checkbox: Locator, checked: boolean): Promise<void> {
  if ((await checkbox.isChecked()) !== checked) {
    await checkbox.locator("xpath=..").click();
  }
  await (checked ? expect(checkbox).toBeChecked() : expect(checkbox).not.toBeChecked());
}

/** The warning modal shows `message`; CANCEL closes it. */
async function expectWarning(page: Page, message: string): Promise<void> {
  const warning = page.getByRole("dialog", { name: "Warning" });
  await expect(warning.getByText(message, { exact: true })).toBeVisible();
  await warning.getByRole("button", { name: "CANCEL" }).click();
  await expect(warning).toBeHidden();
}

/** Opens the place dialog with BUY/SELL. */
async function openPlaceDialog(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const dialog = page.getByRole("dialog", { name: "Stock Place Order all accounts" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Places one share of `symbol` at MARKET and waits for the toast. */
async function placeMarket(page: Page, symbol: string): Promise<void> {
  const dialog = await openPlaceDialog(page);
  await dialog.getByLabel("Symbol").fill(symbol.toLowerCase());
  await expect(dialog.getByLabel("Symbol")).toHaveValue(symbol);
  await dialog.getByLabel("Order Type").selectOption("MARKET");
  await expect(dialog.getByLabel("Price", { exact: true })).toBeHidden();
  await expect(dialog.getByTestId("plan-summary")).toHaveText(ONE_SHARE_PREVIEW);
  await dialog.getByRole("button", { name: "Place order" }).click();
  await expectToast(page, "success", "Copy trading successful");
  await expect(dialog).toBeHidden();
  await dismissToasts(page);
}

test("a LIMIT order is placed, viewed, replaced for selected rows and deleted for one", async ({ page }) => {
  await setUp(page, "stklimit");
  await expect(page.getByRole("table", { name: "Stock orders", exact: true }).getByText("No stock orders")).toBeVisible();
  await expect(page.getByRole("table", { name: "Stock orders", exact: true }).locator("thead th")).toHaveText([...ORDER_COLUMNS]);

  const dialog = await openPlaceDialog(page);
  await dialog.getByLabel("Symbol").fill("aapl");
  await expect(dialog.getByLabel("Instruction").locator("option")).toHaveText(["BUY", "SELL_SHORT"]);
  await expect(dialog.getByLabel("Session").locator("option")).toHaveText(["DAY", "GTC", "EXT", "GTC_EXT"]);
  await expect(dialog.getByLabel("Quantity")).toHaveValue("1");
  // A bad value is marked on its field and sends nothing.
  let placed = 0;
  page.on("request", (request) => {
    if (request.url().includes("/stock_copy_trading/place_order/")) {
      placed += 1;
    }
  });
  // The price starts at the quote's bid; a typed 0 is refused.
  await expect(dialog.getByTestId("quote")).toContainText(/^AAPLBid \d+\.\d{2}/);
  await expect(dialog.getByLabel("Price", { exact: true })).not.toHaveValue("0");
  await dialog.getByLabel("Price", { exact: true }).fill("0");
  await dialog.getByLabel("Quantity").fill("1.5");
  await dialog.getByRole("button", { name: "Place order" }).click();
  await expect(dialog.getByText("Quantity must be a whole number of at least 1")).toBeVisible();
  await expect(dialog.getByText("Price must be greater than 0")).toBeVisible();
  expect(placed).toBe(0);
  await dismissToasts(page);

  await dialog.getByLabel("Quantity").fill("1");
  await dialog.getByLabel("Price", { exact: true }).fill("1.00");
  await expect(dialog.getByTestId("plan-summary")).toHaveText(ONE_SHARE_PREVIEW);
  await dialog.getByRole("button", { name: "Place order" }).click();
  await expectToast(page, "success", "Copy trading successful");
  await expect(dialog).toBeHidden();
  expect(placed).toBe(1);
  await dismissToasts(page);

  await expect(sessionRows(page)).toHaveCount(1);
  const session = sessionRows(page).first();
  const sessionId = await session.getAttribute("data-session-id");
  await expect(sessionCell(session, "Symbol")).toHaveText("AAPL");
  // The table says the session in the words the form offers.
  await expect(sessionCell(session, "Session")).toHaveText("DAY");
  await expect(sessionCell(session, "Duration")).toHaveText("DAY");
  await expect(sessionCell(session, "Copy session")).toHaveText(`#${sessionId}`);
  await expect(sessionCell(session, "Accounts")).toHaveText("3");
  await expect(sessionCell(session, "Total Filled / Qty")).toHaveText("0 / 5");
  await expect(sessionCell(session, "Status")).toHaveText("WORKING");
  await expect(sessionCell(session, "Order type")).toHaveText("LIMIT");

  await session.getByRole("button", { name: `View session ${sessionId}` }).click();
  const view = page.getByRole("dialog", { name: `Stock Orders of Session ${sessionId}` });
  const viewRows = view.getByRole("table", { name: "Orders of the session" }).locator("tbody tr");
  await expect(viewRows).toHaveCount(3);
  await expect(view.getByRole("columnheader", { name: "SELECTED ORDER", exact: true })).toBeVisible();

  // Header R and C with nothing selected warn.
  await view.getByRole("button", { name: "Replace selected orders" }).click();
  await expectWarning(page, "Please select at least one order!");
  await view.getByRole("button", { name: "Cancel selected orders" }).click();
  await expectWarning(page, "Please select at least one order!");

  // Replace the two small accounts' orders together.
  await setChecked(view.getByRole("checkbox", { name: "Select the order of Small A" }), true);
  await setChecked(view.getByRole("checkbox", { name: "Select the order of Small B" }), true);
  await view.getByRole("button", { name: "Replace selected orders" }).click();
  const replace = page.getByRole("dialog", { name: "Stock Replace Order (Selected)" });
  await expect(replace.getByLabel("Quantity")).toHaveValue("1");
  await expect(replace.getByTestId("plan-preview")).toHaveText(
    "Nothing would change: every order already has these terms",
  );
  await replace.getByLabel("Price", { exact: true }).fill("1.01");
  await expect(replace.getByTestId("plan-summary")).toHaveText("Total 2 shares on 2 accounts");
  await replace.getByRole("button", { name: "Replace order" }).click();
  await expectToast(page, "success", "Replace selected order successful");
  await expect(replace).toBeHidden();
  await dismissToasts(page);
  await expect(viewRows.getByRole("cell", { name: "REPLACED", exact: true })).toHaveCount(2);

  // Delete the big account's order on its own.
  const bigRow = viewRows.filter({ hasText: "Big C" });
  await bigRow.getByRole("button", { name: "Cancel the order of Big C" }).click();
  const cancel = page.getByRole("dialog", { name: /^Stock Delete Order: big-c-/ });
  await expect(cancel).toContainText("Are you sure to delete this order BUY AAPL LIMIT 3 shares?");
  await cancel.getByRole("button", { name: "DELETE ORDER" }).click();
  await expectToast(page, "success", "Selected order deleted successful");
  await expect(bigRow.getByRole("cell", { name: "CANCELED (Already Canceled)", exact: true })).toBeVisible();
  await view.locator(".bp6-dialog-footer").getByRole("button", { name: "Close" }).click();

  // The replacement is a new session naming the one it replaced.
  await expect(sessionRows(page)).toHaveCount(2);
  const newest = sessionRows(page).first();
  await expect(sessionCell(newest, "Price")).toHaveText("1.01");
  await expect(sessionCell(newest, "Copy session")).toContainText(`replaces #${sessionId}`);
});

test("a place whose answer was lost is sent again under its key and places once", async ({ page }) => {
  await setUp(page, "stkrepeat");
  const keys: (string | undefined)[] = [];
  let answers = 0;
  await page.route(/\/api\/stock_copy_trading\/place_order\/?$/, async (route) => {
    keys.push(route.request().headers()["idempotency-key"]);
    if (keys.length === 1) {
      // The server carries the place out; its answer is lost on the way back.
      const answer = await route.fetch();
      expect(await answer.text()).toBe("success");
      await route.abort("connectionreset");
      return;
    }
    const answer = await route.fetch();
    answers += 1;
    expect(answer.headers()["idempotency-replayed"]).toBe("true");
    await route.fulfill({ response: answer });
  });

  const dialog = await openPlaceDialog(page);
  await dialog.getByLabel("Symbol").fill("aapl");
  await dialog.getByLabel("Quantity").fill("1");
  await dialog.getByLabel("Price", { exact: true }).fill("1.00");
  await expect(dialog.getByTestId("plan-summary")).toHaveText(ONE_SHARE_PREVIEW);
  await dialog.getByRole("button", { name: "Place order" }).click();
  await expectToast(
    page,
    "danger",
    /^Copy trading failed: Could not reach the server \(.+\)\. The orders may have gone out: the orders table shows them, and sending this again never sends them twice$/,
  );
  await expect(dialog).toBeVisible();
  await dismissToasts(page);
  // The orders did go out, once.
  await expect(sessionRows(page)).toHaveCount(1);
  await expect(sessionCell(sessionRows(page).first(), "Total Filled / Qty")).toHaveText("0 / 5");

  // Sent again, the place is answered as the first one was, and nothing more goes out.
  await dialog.getByRole("button", { name: "Place order" }).click();
  await expectToast(page, "success", "Copy trading successful");
  await expect(dialog).toBeHidden();
  expect(answers).toBe(1);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  await expect(sessionRows(page)).toHaveCount(1);
  await expect(sessionCell(sessionRows(page).first(), "Accounts")).toHaveText("3");
  await expect(sessionCell(sessionRows(page).first(), "Total Filled / Qty")).toHaveText("0 / 5");
});

test("a TRAILING_STOP order carries its link type, offset and basis; extended hours offer LIMIT alone", async ({ page }) => {
  await setUp(page, "stktrail");
  const dialog = await openPlaceDialog(page);
  await dialog.getByLabel("Symbol").fill("msft");
  await dialog.getByLabel("Session").selectOption("GTC_EXT");
  await expect(dialog.getByLabel("Order Type").locator("option")).toHaveText(["LIMIT"]);
  await dialog.getByLabel("Session").selectOption("GTC");
  await dialog.getByLabel("Order Type").selectOption("TRAILING_STOP");
  await expect(dialog.getByLabel("Price", { exact: true })).toBeHidden();
  await expect(dialog.getByLabel("Stop Price", { exact: true })).toBeHidden();
  await expect(dialog.getByLabel("Stop Price Link Type").locator("option")).toHaveText(["$ Dollars", "% Percent"]);
  await expect(dialog.getByLabel("Stop Price Offset")).toHaveValue("0.1");
  await dialog.getByLabel("Stop Price Link Type").selectOption({ label: "% Percent" });
  await expect(dialog.getByLabel("Stop Price Offset")).toHaveValue("1");
  await dialog.getByLabel("Stop Price Offset").fill("5");
  await expect(dialog.getByLabel("Stop Price Link Basis").locator("option")).toHaveText(["Bid", "Ask", "Last", "Mark"]);
  await expect(dialog.getByLabel("Stop Price Link Basis")).toHaveValue("BID");
  await dialog.getByLabel("Stop Price Link Basis").selectOption({ label: "Mark" });
  const sent = page.waitForRequest((request) => request.url().includes("/stock_copy_trading/place_order/"));
  await dialog.getByRole("button", { name: "Place order" }).click();
  expect((await sent).postDataJSON()).toEqual({
    allTradingAccountsOrderList: [],
    stockSymbol: "MSFT",
    stockSession: "NORMAL",
    stockDuration: "GOOD_TILL_CANCEL",
    stockInstruction: "BUY",
    stockOrderType: "TRAILING_STOP",
    stockQuantity: 1,
    stockPrice: 0,
    stockStopPrice: 0,
    stockStopPriceLinkType: "PERCENT",
    stockStopPriceOffset: 5,
    stockStopPriceLinkBasis: "MARK",
  });
  await expectToast(page, "success", "Copy trading successful");
  const session = sessionRows(page).first();
  await expect(sessionCell(session, "Order type")).toHaveText("TRAILING_STOP");
  await expect(sessionCell(session, "Session")).toHaveText("GTC");
  await expect(sessionCell(session, "Duration")).toHaveText("GTC");
  await expect(sessionCell(session, "Stop")).toHaveText("TRAIL 5 %");
  await expect(sessionCell(session, "Stop")).toHaveAttribute("title", "Trailing 5 % of the mark");

  // STOP_LIMIT names its stop price the Activation Price.
  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const again = page.getByRole("dialog", { name: "Stock Place Order all accounts" });
  await again.getByLabel("Order Type").selectOption("STOP_LIMIT");
  await expect(again.getByLabel("Activation Price")).toBeVisible();
  await again.getByLabel("Order Type").selectOption("STOP");
  await expect(again.getByLabel("Stop Price", { exact: true })).toBeVisible();
  await again.getByRole("button", { name: "CANCEL" }).click();
  await expect(again).toBeHidden();
});

test("a MARKET order fills; selected positions are exited", async ({ page }) => {
  await setUp(page, "stkmarket");
  await placeMarket(page, "AAPL");
  const session = sessionRows(page).first();
  await expect(sessionCell(session, "Status")).toHaveText("FILLED");
  await expect(sessionCell(session, "Total Filled / Qty")).toHaveText("5 / 5");

  await expect(positionRows(page)).toHaveCount(3);
  await expect(positionRows(page).filter({ hasText: "Big C" }).getByRole("cell").nth(3)).toHaveText("3");

  // Different quantities are refused; the two small holdings exit together.
  await page.getByRole("button", { name: "Select Active Positions" }).click();
  await setChecked(page.getByRole("checkbox", { name: "Select AAPL of Small A" }), true);
  await setChecked(page.getByRole("checkbox", { name: "Select AAPL of Big C" }), true);
  await page.getByRole("button", { name: "Exit selected positions" }).click();
  await expectWarning(page, "Quantity size of position selected are not same!");
  await setChecked(page.getByRole("checkbox", { name: "Select AAPL of Big C" }), false);
  await setChecked(page.getByRole("checkbox", { name: "Select AAPL of Small B" }), true);
  await page.getByRole("button", { name: "Exit selected positions" }).click();
  const exit = page.getByRole("dialog", { name: "Stock Exit Order" });
  await expect(exit.getByLabel("Instruction").locator("option")).toHaveText(["SELL", "BUY_TO_COVER"]);
  await expect(exit.getByLabel("Instruction")).toHaveValue("SELL");
  await expect(exit.getByLabel("Quantity")).toHaveValue("1");
  await expect(exit.getByLabel("Order Type")).toHaveValue("LIMIT");
  await expect(exit.getByLabel("Session")).toHaveValue("DAY");
  await exit.getByLabel("Order Type").selectOption("MARKET");
  await exit.getByRole("button", { name: "Exit order" }).click();
  await expectToast(page, "success", "Exit order successful");
  await expect(exit).toBeHidden();
  await dismissToasts(page);
  await expect(positionRows(page)).toHaveCount(1);

  // The per-symbol view exits the checked holding with its red S.
  await positionRows(page).first().getByRole("button", { name: "View AAPL" }).click();
  const view = page.getByRole("dialog", { name: "AAPL" });
  await setChecked(view.getByRole("checkbox", { name: "Select the position of Big C" }), true);
  await view.getByRole("button", { name: "Exit the selected positions" }).click();
  const exitBig = page.getByRole("dialog", { name: "Stock Exit Order" });
  await expect(exitBig.getByLabel("Quantity")).toHaveValue("3");
  await exitBig.getByLabel("Order Type").selectOption("MARKET");
  await exitBig.getByRole("button", { name: "Exit order" }).click();
  await expectToast(page, "success", "Exit order successful");
  await expect(positionRows(page)).toHaveCount(0);
});

test("saved stock orders are saved, placed from and removed", async ({ page }) => {
  await setUp(page, "stksaved");
  const panel = page.getByRole("region", { name: "Saved stock orders" });
  await panel.getByRole("button", { name: "Save order" }).click();
  const save = page.getByRole("dialog", { name: "Stock Save Order" });
  await expect(save.getByLabel("Instruction").locator("option")).toHaveText(["BUY", "SELL"]);
  await save.getByLabel("Symbol").fill("msft");
  await save.getByLabel("Quantity").fill("2");
  await save.getByLabel("Price", { exact: true }).fill("1.50");
  await save.getByRole("button", { name: "Save order" }).click();
  await expectToast(page, "success", "Save order successful");
  await expect(save).toBeHidden();
  await dismissToasts(page);

  const table = panel.getByRole("table", { name: "Saved stock orders table" });
  await expect(table.locator("tbody tr").first()).toContainText("MSFT");
  await table.getByRole("button", { name: "Place MSFT" }).click();
  const place = page.getByRole("dialog", { name: "Stock Place Order all accounts" });
  await expect(place.getByLabel("Symbol")).toHaveValue("MSFT");
  await expect(place.getByLabel("Quantity")).toHaveValue("2");
  await expect(place.getByLabel("Price", { exact: true })).toHaveValue("1.50");
  await place.getByRole("button", { name: "CANCEL" }).click();

  await table.getByRole("button", { name: "Delete saved order MSFT" }).click();
  await expectToast(page, "success", "Remove stock save order successful");
  await expect(table.getByText("No saved stock orders")).toBeVisible();
});

test("the watch list adds upper-cased symbols with their bid and removes them", async ({ page }) => {
  await setUp(page, "stkwatch");
  const list = page.getByRole("region", { name: "Stock watch list" });
  await list.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "danger", "Please ensure stock symbol is completed");
  await dismissToasts(page);

  await list.getByLabel("Stock symbol").fill("aapl");
  await expect(list.getByLabel("Stock symbol")).toHaveValue("AAPL");
  await list.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "success", "Add stock successful");
  await dismissToasts(page);
  await expect(list.getByLabel("Bid of AAPL")).toHaveText(/^\d+\.\d{2}$/);

  await list.getByLabel("Stock symbol").fill("AAPL");
  await list.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "danger", "Stock is already existed");
  await dismissToasts(page);

  await list.getByRole("button", { name: "Remove AAPL" }).click();
  await expectToast(page, "success", "Remove stock successful");
  await expect(list.getByText("No stocks watched")).toBeVisible();
});
