// The Option Trading screen in the browser tests: a fresh agent with paper accounts, and the screen's parts.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { dismissToasts, expect, newAgentSignedIn, toast } from "./fixtures";

/** A paper account's brokerage password (the paper brokerage accepts any). */
export const PAPER_PASSWORD = "paper-pass-1";

/** The place dialog's title. */
export const PLACE_TITLE = "Option Place Order On All Active Accounts";

/** The accounts every test links: three active (two small, one big) and one inactive medium one. */
export const ACCOUNTS = [
  { name: "Small A", type: "small_account", active: true },
  { name: "Small B", type: "small_account", active: true },
  { name: "Big C", type: "big_account", active: true },
  { name: "Medium D", type: "medium_account", active: false },
] as const;

/** What the place dialog previews for one contract on those accounts. */
export const ONE_CONTRACT_PREVIEW = "Total 5 contracts on 3 accounts";

/** The brokerage username the tests link `name` under for `agent`. */
export function accountUsername(name: string, agent: string): string {
  return `${name.replace(" ", "-").toLowerCase()}-${agent}`;
}

/** Registers and signs in a fresh agent and links the four accounts, all through the API; opens Option Trading. */
export async function setUp(page: Page, prefix: string): Promise<string> {
  const agent = await newAgentSignedIn(page, prefix);
  for (const account of ACCOUNTS) {
    const username = accountUsername(account.name, agent);
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
  await page
    .getByRole("navigation", { name: "Trading sections" })
    .getByRole("link", { name: "Option Trading" })
    .click();
  await expect(page.getByRole("heading", { name: "Option Trading" })).toBeVisible();
  return agent;
}

/** The success or danger toast showing exactly `text` (or text matching it). */
export async function expectToast(page: Page, intent: "success" | "danger", text: string | RegExp): Promise<void> {
  await expect(toast(page, intent).filter({ hasText: text })).toHaveText(text);
}

/** The orders main table's columns, in order. */
export const ORDER_COLUMNS = [
  "View",
  "Change order",
  "Session",
  "Symbol description",
  "Success rate",
  "Accounts",
  "Total Filled / Qty",
  "Filled Qty",
  "Price",
  "Qty",
  "Side Pos Effect",
  "Status",
  "Order type",
  "Time",
  "",
  "Name",
] as const;

/** The cell of a session row under the heading `column`. */
export function sessionCell(row: Locator, column: (typeof ORDER_COLUMNS)[number]): Locator {
  return row.getByRole("cell").nth(ORDER_COLUMNS.indexOf(column));
}

/** The orders main table's session rows. */
export function sessionRows(page: Page): Locator {
  return page.getByRole("table", { name: "Option orders" }).locator("tbody tr[data-session-id]");
}

/** The positions table's rows. */
export function positionRows(page: Page): Locator {
  return page.getByRole("table", { name: "Option positions" }).locator("tbody tr[data-account-id]");
}

/** Opens the place dialog with BUY/SELL. */
export async function openPlaceDialog(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const dialog = page.getByRole("dialog", { name: PLACE_TITLE });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Types the ticker, checks CALL or PUT and waits for the preselected contract. */
export async function chooseFromChain(dialog: Locator, ticker: string, side: "CALL" | "PUT"): Promise<string> {
  await dialog.getByLabel("Stock Pair").fill(ticker.toLowerCase());
  await expect(dialog.getByLabel("Stock Pair")).toHaveValue(ticker);
  await setChecked(dialog.getByRole("checkbox", { name: side }), true);
  const description = dialog.getByLabel("Description");
  await expect(description).toHaveValue(new RegExp(`^${ticker} \\d{2}/\\d{2}/\\d{4} [\\d.]+ ${side[0]}$`));
  return description.inputValue();
}

/** Places one contract of the chain's preselected contract for `ticker` at `orderType` (LIMIT at `price`). */
export async function placeFromChain(
  page: Page,
  ticker: string,
  side: "CALL" | "PUT",
  orderType: "LIMIT" | "MARKET",
  price = "0.01",
): Promise<string> {
  const dialog = await openPlaceDialog(page);
  const description = await chooseFromChain(dialog, ticker, side);
  await dialog.getByLabel("Order Type").selectOption(orderType);
  if (orderType === "LIMIT") {
    await dialog.getByLabel("Price", { exact: true }).fill(price);
  } else {
    await expect(dialog.getByLabel("Price", { exact: true })).toBeHidden();
  }
  await expect(dialog.getByTestId("plan-summary")).toHaveText(ONE_CONTRACT_PREVIEW);
  await dialog.getByRole("button", { name: "Place order" }).click();
  await expectToast(page, "success", "Place order successful");
  await expect(dialog).toBeHidden();
  await dismissToasts(page);
  return description;
}

/** The contract the place dialog preselects for `ticker` and `side`: the first expiry's lowest strike. */
export async function preselectedContract(
  request: APIRequestContext,
  ticker: string,
  side: "CALL" | "PUT",
): Promise<{ symbol: string; description: string }> {
  const answer = await request.get(
    `/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=${ticker}&optionChainCallPut=${side}`,
  );
  expect(answer.status()).toBe(200);
  const chain = (await answer.json()) as Record<string, Record<string, { symbol: string; description: string }[]>>;
  const firstExpiry = Object.keys(chain).sort()[0];
  const strikes = Object.entries(chain[firstExpiry ?? ""] ?? {})
    .filter(([, contracts]) => contracts.length > 0)
    .sort(([a], [b]) => Number(a) - Number(b));
  const contract = strikes[0]?.[1][0];
  if (contract === undefined) throw new Error(`the ${ticker} ${side} chain is empty`);
  return contract;
}

/**
 * Places one contract of the contract the place dialog would preselect, straight through the API (as another tab
 * of the agent would), for tests whose subject is not the place dialog; waits until the orders table shows the
 * new session with every order settled at the brokerage (a LIMIT WORKING, a MARKET FILLED), as a trader would
 * see it before acting on it. Returns the contract's description.
 */
export async function placeThroughApi(
  page: Page,
  ticker: string,
  side: "CALL" | "PUT",
  orderType: "LIMIT" | "MARKET",
  price = 0.01,
): Promise<string> {
  const { symbol, description } = await preselectedContract(page.request, ticker, side);
  const before = await sessionRows(page).count();
  const answer = await page.request.post("/api/copy_trading_account/place_order/COMMON", {
    data: {
      allTradingAccountsOrderList: [],
      optionChainSymbol: symbol,
      optionChainInstruction: "BUY_TO_OPEN",
      optionChainOrderType: orderType,
      optionChainQuantity: 1,
      optionChainPrice: orderType === "LIMIT" ? price : 0,
    },
  });
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toBe("success");
  await expect(sessionRows(page)).toHaveCount(before + 1);
  const settled = orderType === "LIMIT" ? "WORKING" : "FILLED";
  await expect(sessionCell(sessionRows(page).first(), "Status")).toHaveText(settled);
  return description;
}

/** Ticks or unticks a Blueprint checkbox by clicking its label (its drawn box covers the input). */
export async function setChecked(checkbox: Locator, checked: boolean): Promise<void> {
  if ((await checkbox.isChecked()) !== checked) {
    await checkbox.locator("xpath=..").click();
  }
  await (checked ? expect(checkbox).toBeChecked() : expect(checkbox).not.toBeChecked());
}

/** The warning modal shows `message`; CANCEL closes it. */
export async function expectWarning(page: Page, message: string): Promise<void> {
  const warning = page.getByRole("dialog", { name: "Warning" });
  await expect(warning.getByText(message, { exact: true })).toBeVisible();
  await warning.getByRole("button", { name: "CANCEL" }).click();
  await expect(warning).toBeHidden();
}
