// One Schwab login with two brokerage accounts against schwab-fake (a login named `…+2`): authorize the first,
// link the other from its row without signing in again, trade both, and see the fake log the login in to the
// Streamer once.
import { AGENT_PASSWORD, expect, SCHWAB_CALLBACK as CALLBACK, test, toast, uniqueAgent } from "./fixtures";

// The pages of these tests come from the worker's Schwab-mode server.
test.use({
  baseURL: async ({ schwabDesk }, use) => {
    await use(schwabDesk.server.baseUrl);
  },
});

test("the other account of a login is linked from its row and trades on the login's one stream", async ({
  page,
  schwabDesk,
}) => {
  const { fake, server } = schwabDesk;
  const agent = uniqueAgent("logins");
  // The fake's login reaching two accounts: its name ends in +2.
  const login = `${uniqueAgent("family")}+2`;
  const registered = await page.request.post(`${server.baseUrl}/api/agent_account/register/`, {
    data: { agentUsername: agent, agentPassword: AGENT_PASSWORD },
  });
  expect(registered.status()).toBe(200);
  await page.goto(`${server.baseUrl}/#/login`);
  await page.getByLabel("Username").fill(agent);
  await page.getByLabel("Password").fill(AGENT_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/#\/trading\/account$/);

  await page.getByRole("button", { name: "ADD ACCOUNT" }).click();
  const add = page.getByRole("dialog", { name: "Add new Trading Account" });
  await add.getByLabel("Name", { exact: true }).fill("Family");
  await add.getByLabel("Account Username").fill(login);
  await add.getByLabel("Account Password").fill("schwab-password");
  await add.getByRole("button", { name: "Login" }).click();
  await expect(toast(page, "success").filter({ hasText: "Account added successful" })).toBeVisible();
  const table = page.getByRole("table", { name: "Trading accounts" });
  const family = table.getByRole("row").filter({ hasText: "Family" }).first();

  // Authorize it through the fake's login page.
  await family.getByRole("button", { name: "Get access token" }).click();
  const dialog = page.getByRole("dialog", { name: "Get Access Token" });
  const popupOpened = page.waitForEvent("popup");
  await dialog.getByRole("button", { name: "Get authorization code" }).click();
  const popup = await popupOpened;
  await popup.getByLabel("Login ID").fill(login);
  await popup.getByLabel("Password").fill("schwab-password");
  const redirected = popup.waitForRequest((request) => request.url().startsWith(CALLBACK));
  await popup.getByRole("button", { name: "Log in and allow access" }).click();
  const address = (await redirected).url();
  await popup.close();
  await dialog.getByLabel("Account Authorization Code").fill(address);
  await dialog.getByRole("button", { name: "Get access code" }).click();
  await expect(toast(page, "success").filter({ hasText: "Get access token successful." })).toBeVisible();

  // The row tells of the login's other account, by its last four digits, with a button to link it.
  const also = table.getByText(/^Also on this login: …\d{4}$/);
  await expect(also).toBeVisible();
  const shown = ((await also.textContent()) ?? "").replace("Also on this login: ", "");
  await table.getByRole("button", { name: `Link ${shown}` }).click();
  const link = page.getByRole("dialog", { name: `Link ${shown}` });
  await link.getByLabel("Account Name").fill("Family IRA");
  await link.getByLabel("Account Type").selectOption("medium_account");
  await link.getByRole("button", { name: "LINK" }).click();
  await expect(toast(page, "success").filter({ hasText: "Account linked successful" })).toBeVisible();
  await expect(link).toBeHidden();
  const ira = table.getByRole("row").filter({ hasText: "Family IRA" });
  await expect(ira).toContainText(`${login} ${shown}`);
  await expect(ira.getByRole("cell").nth(3)).toHaveText(/^100[78]\d$/);
  await expect(table.getByText(/Also on this login/)).toHaveCount(0);

  // A stock MARKET order goes to both accounts; both rows fill from the login's one stream.
  const placed = await page.request.post(`${server.baseUrl}/api/stock_copy_trading/place_order/`, {
    data: {
      allTradingAccountsOrderList: [],
      stockSymbol: "AAPL",
      stockSession: "NORMAL",
      stockDuration: "DAY",
      stockInstruction: "BUY",
      stockOrderType: "MARKET",
      stockQuantity: 1,
    },
  });
  expect(await placed.text()).toBe("success");
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`${server.baseUrl}/api/stock_copy_trading/database`);
        const sessions = (await answer.json()) as Record<string, { accountName: string; stockStatus: string }[]>;
        return Object.values(sessions)
          .flat()
          .map((row) => `${row.accountName}: ${row.stockStatus}`)
          .sort();
      },
      { timeout: 30_000 },
    )
    .toEqual(["Family IRA: FILLED", "Family: FILLED"]);
  const logins = await page.request.get(`${fake.baseUrl}/fake/v1/streamer/logins/${login}`);
  expect(await logins.json()).toEqual({ username: login, logins: 1 });
});
