// Browser tests of the Account screen against the real server on the paper brokerage.
import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { dismissToasts, expect, newAgentSignedIn, test, toast } from "./fixtures";

/** A paper account's brokerage password (the paper brokerage accepts any). */
const PAPER_PASSWORD = "paper-pass-1";

/** A short random tag that keeps account names and usernames of different tests apart. */
function tag(): string {
  return randomBytes(3).toString("hex");
}

/** Registers a fresh agent and signs it in through the API; lands on the Account screen. */
async function signIn(page: Page, prefix: string): Promise<string> {
  return newAgentSignedIn(page, prefix);
}

/** Links a paper account straight through the API with the page's session cookie. */
async function addAccountThroughApi(page: Page, name: string, username: string): Promise<void> {
  const answer = await page.request.post("/api/trading_account/login/", {
    data: {
      accountName: name,
      accountUsername: username,
      accountPassword: PAPER_PASSWORD,
      accountType: "small_account",
    },
  });
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ accountName: name, accountUsername: username });
}

/** Fills the add dialog and presses Login. */
async function submitAddDialog(page: Page, name: string, username: string, type: string): Promise<Locator> {
  await page.getByRole("button", { name: "ADD ACCOUNT" }).click();
  const dialog = page.getByRole("dialog", { name: "Add new Trading Account" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Account Username").fill(username);
  await dialog.getByLabel("Account Password").fill(PAPER_PASSWORD);
  await dialog.getByLabel("Account Type").selectOption({ label: type });
  await dialog.getByRole("button", { name: "Login" }).click();
  return dialog;
}

/** The accounts table. */
function accountTable(page: Page): Locator {
  return page.getByRole("table", { name: "Trading accounts" });
}

/** The accounts-table row of the account named `name`. */
function accountRow(page: Page, name: string): Locator {
  return accountTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name, exact: true }) });
}

test("adding accounts through the dialog shows a spinner, the success toast and the new rows", async ({ page }) => {
  await signIn(page, "add");
  const t = tag();
  await expect(accountTable(page).getByText("No trading accounts")).toBeVisible();

  // Hold the first request until the spinner has been seen, then let it through.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/trading_account/login/", async (route) => {
    await released;
    await route.continue();
  });
  const dialog = await submitAddDialog(page, `Alpha ${t}`, `alpha-${t}`, "Small");
  await expect(dialog.getByRole("progressbar", { name: "Adding the account" })).toBeVisible();
  await expect(dialog.getByLabel("Name", { exact: true })).toBeHidden();
  await expect(dialog.getByRole("button", { name: "Login" })).toBeDisabled();
  release();
  await expect(toast(page, "success")).toHaveText("Account added successful");
  await expect(dialog).toBeHidden();
  await page.unroute("**/api/trading_account/login/");
  await dismissToasts(page);

  for (const [name, type] of [
    [`Beta ${t}`, "Medium"],
    [`Gamma ${t}`, "Big"],
  ] as const) {
    await submitAddDialog(page, name, `${name.split(" ")[0]?.toLowerCase()}-${t}`, type);
    await expect(toast(page, "success")).toHaveText("Account added successful");
    await dismissToasts(page);
  }

  await expect(accountTable(page).getByRole("row")).toHaveCount(4);
  const alpha = accountRow(page, `Alpha ${t}`);
  await expect(alpha.getByRole("cell").nth(1)).toHaveText(`alpha-${t}`);
  // Minutes left on a fresh paper connection (seven days, counting down).
  await expect(alpha.getByRole("cell").nth(3)).toHaveText(/^100[78]\d$/);
  await expect(alpha.getByRole("checkbox")).toBeChecked();
  await expect(accountRow(page, `Beta ${t}`).getByRole("combobox")).toHaveValue("medium_account");
  await expect(accountRow(page, `Gamma ${t}`).getByRole("combobox")).toHaveValue("big_account");
  await expect(page.getByText("Page 1 of 1")).toBeVisible();
  // The operator panel lists them too.
  await expect(page.getByRole("table", { name: "Operator view of the accounts" }).getByRole("row")).toHaveCount(4);
});

test("a duplicate account name shows the failure text and keeps the dialog", async ({ page }) => {
  await signIn(page, "dup");
  const t = tag();
  await addAccountThroughApi(page, `Alpha ${t}`, `alpha-${t}`);
  await expect(accountRow(page, `Alpha ${t}`)).toBeVisible();

  const dialog = await submitAddDialog(page, `Alpha ${t}`, `other-${t}`, "Small");

  await expect(toast(page, "danger")).toHaveText("Login failed. Account name already exists");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(`Alpha ${t}`);
  await dialog.getByRole("button", { name: "CANCEL" }).click();
  await expect(dialog).toBeHidden();
  await expect(accountTable(page).getByRole("row")).toHaveCount(2);
});

test("the table pages ten at a time with First, Previous, Next and Last", async ({ page }) => {
  await signIn(page, "pages");
  const t = tag();
  for (let n = 1; n <= 23; n += 1) {
    const number = String(n).padStart(2, "0");
    await addAccountThroughApi(page, `Acct ${number} ${t}`, `acct${number}-${t}`);
  }
  const firstName = accountTable(page).getByRole("row").nth(1).getByRole("cell").first();
  const button = (name: string) => page.getByRole("group", { name: "Account pages" }).getByRole("button", { name });

  await expect(page.getByText("Page 1 of 3")).toBeVisible();
  await expect(accountTable(page).getByRole("row")).toHaveCount(11);
  await expect(firstName).toHaveText(`Acct 01 ${t}`);
  await expect(button("First")).toBeDisabled();
  await expect(button("Previous")).toBeDisabled();

  await button("Next").click();
  await expect(page.getByText("Page 2 of 3")).toBeVisible();
  await expect(firstName).toHaveText(`Acct 11 ${t}`);

  await button("Last").click();
  await expect(page.getByText("Page 3 of 3")).toBeVisible();
  await expect(firstName).toHaveText(`Acct 21 ${t}`);
  await expect(accountTable(page).getByRole("row")).toHaveCount(4);
  await expect(button("Next")).toBeDisabled();
  await expect(button("Last")).toBeDisabled();

  await button("Previous").click();
  await expect(page.getByText("Page 2 of 3")).toBeVisible();
  await expect(firstName).toHaveText(`Acct 11 ${t}`);

  await button("First").click();
  await expect(page.getByText("Page 1 of 3")).toBeVisible();
  await expect(firstName).toHaveText(`Acct 01 ${t}`);
});

test("changing the type and switching trading are applied and survive a reload", async ({ page }) => {
  await signIn(page, "rows");
  const t = tag();
  await addAccountThroughApi(page, `Alpha ${t}`, `alpha-${t}`);
  const row = accountRow(page, `Alpha ${t}`);
  const type = row.getByRole("combobox", { name: `Account Type of Alpha ${t}` });
  const trading = row.getByRole("checkbox", { name: `Trading Active of Alpha ${t}` });
  await expect(type).toHaveValue("small_account");
  await expect(trading).toBeChecked();

  await type.selectOption({ label: "Medium" });
  await expect(type).toHaveValue("medium_account");
  await expect(type).toBeEnabled();

  // The switch input is drawn by Blueprint's indicator; click the visible control.
  await row.locator(".bp6-switch").click();
  await expect(trading).not.toBeChecked();
  await expect(trading).toBeEnabled();

  await page.reload();
  await expect(type).toHaveValue("medium_account");
  await expect(trading).not.toBeChecked();
  const listed = await page.request.get("/api/trading_account/database");
  expect(await listed.json()).toMatchObject([
    { accountName: `Alpha ${t}`, accountType: "medium_account", accountTradingActive: false },
  ]);

  await row.locator(".bp6-switch").click();
  await expect(trading).toBeChecked();
  await page.reload();
  await expect(trading).toBeChecked();
});

test("Account Info shows the balances", async ({ page }) => {
  await signIn(page, "info");
  const t = tag();
  await addAccountThroughApi(page, `Alpha ${t}`, `alpha-${t}`);

  const fetched = await page.request.post("/api/trading_account/account_fetch", {
    data: { accountUsername: `alpha-${t}` },
  });
  expect(fetched.status()).toBe(200);
  const balances = ((await fetched.json()) as { securitiesAccount: { currentBalances: Record<string, number | null> } })
    .securitiesAccount.currentBalances;
  const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  const shown = (field: string) => {
    const amount = balances[field];
    return amount === null || amount === undefined ? "—" : usd.format(amount);
  };
  expect(balances.cashBalance).toBeGreaterThan(0);

  await accountRow(page, `Alpha ${t}`).getByRole("button", { name: "View info" }).click();

  const dialog = page.getByRole("dialog", { name: "Account Info" });
  await expect(dialog.getByText(`Alpha ${t} (alpha-${t})`)).toBeVisible();
  for (const [label, field] of [
    ["Cash Balance", "cashBalance"],
    ["Cash available for trading", "cashAvailableForTrading"],
    ["Buying power", "buyingPower"],
  ] as const) {
    const row = dialog.getByRole("row").filter({ has: page.getByRole("rowheader", { name: label }) });
    await expect(row.getByRole("cell")).toHaveText(shown(field));
  }
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("an access token is obtained through the local authorization page", async ({ page }) => {
  await signIn(page, "token");
  const t = tag();
  await addAccountThroughApi(page, `Alpha ${t}`, `alpha-${t}`);

  await accountRow(page, `Alpha ${t}`).getByRole("button", { name: "Get access token" }).click();
  const dialog = page.getByRole("dialog", { name: "Get Access Token" });
  await expect(dialog.getByLabel("Account Username")).toHaveValue(`alpha-${t}`);
  await expect(dialog.getByLabel("Account Password")).toHaveValue(PAPER_PASSWORD);

  const popupOpened = page.waitForEvent("popup");
  await dialog.getByRole("button", { name: "Get authorization code" }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/\/paper\/authorize\?/);
  await popup.locator("#username").fill(await dialog.getByLabel("Account Username").inputValue());
  await popup.locator("#password").fill(await dialog.getByLabel("Account Password").inputValue());
  await popup.getByRole("button", { name: "Allow" }).click();
  await expect(popup.getByText("Copy this address into Account Authorization Code")).toBeVisible();
  const address = await popup.locator("#authorization-address").inputValue();
  expect(address).toMatch(/\/paper\/callback\?code=[^&]+&session=/);
  await popup.close();

  await dialog.getByLabel("Account Authorization Code").fill(address);
  await dialog.getByRole("button", { name: "Get access code" }).click();

  await expect(toast(page, "success")).toHaveText("Get access token successful.");
  await expect(dialog).toBeHidden();
});

test("a bad authorization address fails and clears the code input", async ({ page }) => {
  await signIn(page, "badcode");
  const t = tag();
  await addAccountThroughApi(page, `Alpha ${t}`, `alpha-${t}`);
  await accountRow(page, `Alpha ${t}`).getByRole("button", { name: "Get access token" }).click();
  const dialog = page.getByRole("dialog", { name: "Get Access Token" });
  const code = dialog.getByLabel("Account Authorization Code");

  await code.fill("http://127.0.0.1/paper/callback?code=not-a-code&session=x");
  await dialog.getByRole("button", { name: "Get access code" }).click();

  // The specified text first, then the server's reason.
  await expect(toast(page, "danger")).toHaveText(/^Get access token failed\. \S/);
  await expect(code).toHaveValue("");
  await expect(dialog).toBeVisible();
});

test("signing an account in with another account's login is refused with the reason, the account unchanged", async ({
  page,
}) => {
  await signIn(page, "relink");
  const t = tag();
  const [atlas, birch] = [`Atlas Small ${t}`, `Birch Small ${t}`];
  await addAccountThroughApi(page, atlas, `atlas-${t}`);
  await addAccountThroughApi(page, birch, `birch-${t}`);
  const balancesOfBirch = async () => {
    const answer = await page.request.post("/api/trading_account/account_fetch", {
      data: { accountUsername: `birch-${t}` },
    });
    expect(answer.status()).toBe(200);
    return answer.json();
  };
  const before = await balancesOfBirch();
  const birchRow = accountRow(page, birch);
  const connectionCell = birchRow.getByRole("cell").nth(3);
  await expect(connectionCell).toHaveText(/^\d+$/);

  await birchRow.getByRole("button", { name: "Get access token" }).click();
  const dialog = page.getByRole("dialog", { name: "Get Access Token" });
  await expect(dialog.getByLabel("Account Username")).toHaveValue(`birch-${t}`);
  const popupOpened = page.waitForEvent("popup");
  await dialog.getByRole("button", { name: "Get authorization code" }).click();
  const popup = await popupOpened;
  // Atlas's login typed on the brokerage's page.
  await popup.locator("#username").fill(`atlas-${t}`);
  await popup.locator("#password").fill(PAPER_PASSWORD);
  await popup.getByRole("button", { name: "Allow" }).click();
  const address = await popup.locator("#authorization-address").inputValue();
  await popup.close();

  const code = dialog.getByLabel("Account Authorization Code");
  await code.fill(address);
  await dialog.getByRole("button", { name: "Get access code" }).click();

  await expect(toast(page, "danger")).toHaveText(
    new RegExp(
      `^Get access token failed\\. This login reaches account …\\d{4}, but ${birch} is linked to …\\d{4}\\. ` +
        `Sign in with ${birch}'s login, or delete the account and add it again$`,
    ),
  );
  await expect(code).toHaveValue("");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "CANCEL" }).click();
  await expect(dialog).toBeHidden();

  // Birch still trades its own brokerage account on its own login.
  expect(await balancesOfBirch()).toEqual(before);
  await page.getByRole("button", { name: "REFRESH" }).click();
  await expect(connectionCell).toHaveText(/^\d+$/);
});

test("deleting asks first; CANCEL keeps the account, DELETE removes it", async ({ page }) => {
  await signIn(page, "delete");
  const t = tag();
  await addAccountThroughApi(page, `Alpha ${t}`, `alpha-${t}`);
  await addAccountThroughApi(page, `Beta ${t}`, `beta-${t}`);
  const dialog = page.getByRole("dialog", { name: "Delete Account" });

  await accountRow(page, `Alpha ${t}`).getByRole("button", { name: "Delete account" }).click();
  await expect(dialog).toContainText(`Are you sure you want to delete the account Alpha ${t}?`);
  await dialog.getByRole("button", { name: "CANCEL" }).click();
  await expect(dialog).toBeHidden();
  await expect(accountRow(page, `Alpha ${t}`)).toBeVisible();

  await accountRow(page, `Alpha ${t}`).getByRole("button", { name: "Delete account" }).click();
  await dialog.getByRole("button", { name: "DELETE" }).click();

  await expect(toast(page, "success")).toHaveText("Account deleted successful");
  await expect(dialog).toBeHidden();
  await expect(accountRow(page, `Alpha ${t}`)).toHaveCount(0);
  await expect(accountRow(page, `Beta ${t}`)).toBeVisible();
});

test("REFRESH reloads the list", async ({ page }) => {
  await signIn(page, "refresh");
  const t = tag();
  await addAccountThroughApi(page, `Alpha ${t}`, `alpha-${t}`);
  await expect(accountRow(page, `Alpha ${t}`)).toBeVisible();

  const refreshed = page.waitForResponse("**/api/trading_account/fetch_trading_account_data_from_refresh_token");
  await page.getByRole("button", { name: "REFRESH" }).click();

  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole("button", { name: "REFRESH" })).toBeEnabled();
  await expect(accountRow(page, `Alpha ${t}`)).toBeVisible();
});

test("when the server ends the session, the polling Account screen goes to the login page", async ({ page }) => {
  await signIn(page, "ended");
  await expect(accountTable(page).getByText("No trading accounts")).toBeVisible();

  const ended = await page.request.post("/api/agent_account/logout", { data: {} });
  expect(ended.status()).toBe(200);

  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByTestId("agent-username")).toHaveText("");
});
