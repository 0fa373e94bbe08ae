// The Account screen in Schwab mode against schwab-fake: add an account, authorize it through the fake's
// login page, see its balances and connection time.
import { AGENT_PASSWORD, expect, SCHWAB_CALLBACK as CALLBACK, test, toast, uniqueAgent } from "./fixtures";
import { FAKE_APP_KEY } from "./schwabFake";

// The pages of these tests come from the worker's Schwab-mode server.
test.use({
  baseURL: async ({ schwabDesk }, use) => {
    await use(schwabDesk.server.baseUrl);
  },
});

test("a Schwab account is linked through the brokerage's login page", async ({ page, schwabDesk }) => {
  const { fake, server } = schwabDesk;
  const agent = uniqueAgent("schwab");
  const answer = await page.request.post(`${server.baseUrl}/api/agent_account/register/`, {
    data: { agentUsername: agent, agentPassword: AGENT_PASSWORD },
  });
  expect(answer.status()).toBe(200);
  await page.goto(`${server.baseUrl}/#/login`);
  await page.getByLabel("Username").fill(agent);
  await page.getByLabel("Password").fill(AGENT_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/#\/trading\/account$/);

  // Adding stores the account; it waits for authorization, and its connection time cell says so.
  await page.getByRole("button", { name: "ADD ACCOUNT" }).click();
  const add = page.getByRole("dialog", { name: "Add new Trading Account" });
  await add.getByLabel("Name", { exact: true }).fill("Main");
  await add.getByLabel("Account Username").fill("schwab-login");
  await add.getByLabel("Account Password").fill("schwab-password");
  await add.getByRole("button", { name: "Login" }).click();
  await expect(toast(page, "success").filter({ hasText: "Account added successful" })).toBeVisible();
  const row = page.getByRole("table", { name: "Trading accounts" }).getByRole("row").filter({ hasText: "schwab-login" });
  await expect(row.getByRole("cell").nth(3)).toHaveText("Authorization needed");

  // Get Access Token: the fake's login page opens; it redirects to the callback with a code.
  await row.getByRole("button", { name: "Get access token" }).click();
  const dialog = page.getByRole("dialog", { name: "Get Access Token" });
  await expect(dialog.getByLabel("Account Password")).toHaveValue("schwab-password");
  const popupOpened = page.waitForEvent("popup");
  await dialog.getByRole("button", { name: "Get authorization code" }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(new RegExp(`^${fake.baseUrl}/v1/oauth/authorize\\?client_id=${FAKE_APP_KEY}`));
  await popup.getByLabel("Login ID").fill("schwab-login");
  await popup.getByLabel("Password").fill("schwab-password");
  // The callback address is not served by anything (as with a real Schwab app's local callback): the
  // agent copies it from the address bar.
  const redirected = popup.waitForRequest((request) => request.url().startsWith(CALLBACK));
  await popup.getByRole("button", { name: "Log in and allow access" }).click();
  const address = (await redirected).url();
  expect(address).toMatch(/\?code=[^&]+&session=/);
  await popup.close();
  await dialog.getByLabel("Account Authorization Code").fill(address);
  await dialog.getByRole("button", { name: "Get access code" }).click();
  await expect(toast(page, "success").filter({ hasText: "Get access token successful." })).toBeVisible();

  // Linked: a week of connection time, and the fake's balances in Account Info.
  await expect(row.getByRole("cell").nth(3)).toHaveText(/^100[78]\d$/);
  await row.getByRole("button", { name: "View info" }).click();
  const info = page.getByRole("dialog", { name: "Account Info" });
  await expect(info).toContainText("100,000.00");
});
