// Browser tests of the session: register, login, tabs, logout, the profile guard and a failed login.
import {
  AGENT_PASSWORD,
  expect,
  loginThroughForm,
  newAgentSignedIn,
  registerAgent,
  test,
  toast,
  uniqueAgent,
} from "./fixtures";

const TABS = [
  { label: "Account", subpage: "account" },
  { label: "Option Trading", subpage: "optionCopyTrading" },
  { label: "Vertical Trading", subpage: "optionCopyVerticalTrading" },
  { label: "Stock Trading", subpage: "stockCopyTrading" },
] as const;

/** Blueprint's TURQUOISE2, the teal of the active tab, as the browser reports it. */
const ACTIVE_TAB_BACKGROUND = "rgb(0, 112, 103)";

test("registering shows the server's text and lands on the login page", async ({ page }) => {
  const agent = uniqueAgent("reg");
  await page.goto("/#/register");
  await expect(page.getByText("Already a member?")).toBeVisible();

  await page.getByLabel("Username").fill(agent);
  await page.getByLabel("Password").fill(AGENT_PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();

  await expect(toast(page, "success")).toHaveText("Agent registered successfully");
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await expect(page.getByText("Don't have an account yet?")).toBeVisible();
});

test("registering a taken name shows the failure message and stays put", async ({ page, request }) => {
  const agent = uniqueAgent("dup");
  await registerAgent(request, agent);
  await page.goto("/#/register");

  await page.getByLabel("Username").fill(agent);
  await page.getByLabel("Password").fill(AGENT_PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();

  // The specified text first, then the server's reason (the name is taken).
  await expect(toast(page, "danger")).toHaveText(/^Registration failed\. Please try again\. \S/);
  await expect(page).toHaveURL(/#\/register$/);
});

test("logging in shows the username in the header", async ({ page, request }) => {
  const agent = uniqueAgent("login");
  await registerAgent(request, agent);

  await loginThroughForm(page, agent);

  await expect(toast(page, "success")).toHaveText("Login successfully");
  await expect(page.getByRole("banner").getByTestId("agent-username")).toHaveText(agent);
  await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
});

test("the tabs switch the highlighted pill and the route", async ({ page }) => {
  await newAgentSignedIn(page, "tabs");
  const nav = page.getByRole("navigation", { name: "Trading sections" });

  for (const tab of [...TABS].reverse()) {
    await nav.getByRole("link", { name: tab.label }).click();

    await expect(page).toHaveURL(new RegExp(`#/trading/${tab.subpage}$`));
    await expect(page.getByRole("heading", { name: tab.label })).toBeVisible();
    for (const other of TABS) {
      const link = nav.getByRole("link", { name: other.label });
      if (other === tab) {
        await expect(link).toHaveAttribute("aria-current", "page");
        await expect(link).toHaveCSS("background-color", ACTIVE_TAB_BACKGROUND);
        await expect(link).toHaveCSS("color", "rgb(255, 255, 255)");
      } else {
        await expect(link).not.toHaveAttribute("aria-current", "page");
        await expect(link).not.toHaveCSS("background-color", ACTIVE_TAB_BACKGROUND);
      }
    }
  }
});

test("logging out asks first; cancel keeps the session, confirm ends it", async ({ page }) => {
  const agent = await newAgentSignedIn(page, "logout");
  const header = page.getByRole("banner");
  const dialog = page.getByRole("dialog");

  await header.getByRole("button", { name: "Log Out" }).click();
  await expect(dialog).toContainText("Are you sure you want to log out?");
  await dialog.getByRole("button", { name: "CANCEL" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/trading\/account$/);
  await expect(header.getByTestId("agent-username")).toHaveText(agent);

  await header.getByRole("button", { name: "Log Out" }).click();
  await dialog.getByRole("button", { name: "Log Out" }).click();

  await expect(page).toHaveURL(/#\/login$/);
  await expect(toast(page, "success").filter({ hasText: "Log out successfully" })).toHaveText("Log out successfully");
  await expect(dialog).toBeHidden();
  await expect(header.getByRole("button", { name: "Log Out" })).toBeHidden();
  await expect(header.getByTestId("agent-username")).toHaveText("");

  // The server ended the session too: a fresh load of a guarded page goes back to the login page.
  await page.goto("/#/trading/account");
  await page.reload();
  await expect(page).toHaveURL(/#\/login$/);
});

test("a signed-out visit to the trading area lands on the login page", async ({ page }) => {
  await page.goto("/#/trading/account");

  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Trading sections" })).toBeHidden();
});

test("a wrong password shows 'Login failed' and stays on the login page", async ({ page, request }) => {
  const agent = uniqueAgent("fail");
  await registerAgent(request, agent);
  await page.goto("/#/login");

  await page.getByLabel("Username").fill(agent);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();

  await expect(toast(page, "danger")).toHaveText(/^Login failed: \S/);
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByTestId("agent-username")).toHaveText("");
});

test("signing in clears the failures shown before", async ({ page, request }) => {
  const agent = uniqueAgent("clear");
  await registerAgent(request, agent);
  await page.goto("/#/login");
  await page.getByLabel("Username").fill(agent);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("button", { name: "Login" }).click();
  await expect(toast(page, "danger")).toHaveCount(2);

  await loginThroughForm(page, agent);

  await expect(toast(page, "danger")).toHaveCount(0);
  await expect(toast(page, "success")).toHaveText("Login successfully");
});
