// Browser tests of accessibility at 1366×768: axe-core on every screen and dialog finds nothing serious.
import { expectAccessible } from "./axe";
import { dismissToasts, expect, test } from "./fixtures";
import { openPlaceDialog, placeThroughApi, sessionRows, setChecked, setUp } from "./optionScreen";

test.use({ viewport: { width: 1366, height: 768 } });

test("the login and register pages", async ({ page }) => {
  await page.goto("/#/login");
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await expectAccessible(page, "the login page");
  await page.getByRole("link", { name: "Register now" }).click();
  await expect(page.getByRole("button", { name: "Register" })).toBeVisible();
  await expectAccessible(page, "the register page");
});

test("the trading screens and the account dialogs", async ({ page }) => {
  test.setTimeout(90_000);
  await setUp(page, "a11yacct");
  const tabs = page.getByRole("navigation", { name: "Trading sections" });
  for (const tab of ["Vertical Trading", "Stock Trading", "Account"]) {
    await tabs.getByRole("link", { name: tab }).click();
    await expect(page.getByRole("heading", { level: 1, name: tab })).toBeVisible();
    await expectAccessible(page, `the ${tab} screen`);
  }
  const row = page.getByRole("row").filter({ hasText: "Small A" }).first();
  await expect(row).toBeVisible();

  await page.getByRole("button", { name: "ADD ACCOUNT" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page, "the add account dialog");
  await page.getByRole("dialog").getByRole("button", { name: "CANCEL" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();

  for (const button of ["View info", "Delete account", "Get access token"]) {
    await row.getByRole("button", { name: button }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, `the ${button} dialog`);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
  }

  await page.getByRole("button", { name: /^Edit sizing and limits of Small A/ }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page, "the sizing and limits dialog");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page, "the logout dialog");
});

test("the option screen and its dialogs", async ({ page }) => {
  test.setTimeout(150_000);
  await setUp(page, "a11yopt");
  await expectAccessible(page, "the empty Option Trading screen");
  await placeThroughApi(page, "AAPL", "CALL", "LIMIT", 0.01);
  await placeThroughApi(page, "MSFT", "CALL", "MARKET");
  await expect(page.getByRole("table", { name: "Option positions" }).locator("tbody tr[data-account-id]")).toHaveCount(3);
  await expectAccessible(page, "the Option Trading screen with orders and positions");

  // The scrolling tables can be reached with the keyboard.
  const ordersRegion = page.getByRole("region", { name: "Option orders table" });
  await ordersRegion.focus();
  await expect(ordersRegion).toBeFocused();

  const dialog = await openPlaceDialog(page);
  await expectAccessible(page, "the place dialog");
  await dialog.getByRole("button", { name: "CANCEL" }).click();

  const working = sessionRows(page).nth(1);
  const id = await working.getAttribute("data-session-id");
  await working.getByRole("button", { name: `View session ${id}`, exact: true }).click();
  const view = page.getByRole("dialog", { name: `Orders of Session ${id}` });
  await expect(view).toBeVisible();
  await expectAccessible(page, "the view-all-orders dialog");
  await view.getByRole("button", { name: "Replace selected orders" }).click();
  await expect(page.getByRole("dialog", { name: "Warning" })).toBeVisible();
  await expectAccessible(page, "the warning dialog");
  await page.getByRole("dialog", { name: "Warning" }).getByRole("button", { name: "CANCEL" }).click();
  await setChecked(view.getByRole("checkbox", { name: "Select the order of Small A" }), true);
  await view.getByRole("button", { name: "Replace selected orders" }).click();
  await expect(page.getByRole("dialog", { name: "Replace Selected Orders" })).toBeVisible();
  await expectAccessible(page, "the replace dialog");
  await page.getByRole("dialog", { name: "Replace Selected Orders" }).getByRole("button", { name: "CANCEL" }).click();
  await view.getByRole("button", { name: "Cancel selected orders" }).click();
  await expect(page.getByRole("dialog", { name: "Option Delete Selected Orders" })).toBeVisible();
  await expectAccessible(page, "the cancel dialog");
  await page.getByRole("dialog", { name: "Option Delete Selected Orders" }).getByRole("button", { name: "CANCEL" }).click();
  await view.locator(".bp6-dialog-footer").getByRole("button", { name: "Close" }).click();
  await expect(view).toBeHidden();

  const positions = page.getByRole("table", { name: "Option positions" });
  await positions.getByRole("button", { name: /^View / }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page, "the positions by account dialog");
  await page.getByRole("dialog").locator(".bp6-dialog-footer").getByRole("button", { name: "Close" }).click();
  await positions.getByRole("button", { name: /^Exit / }).first().click();
  await expect(page.getByRole("dialog", { name: "Option Exit Order" })).toBeVisible();
  await expectAccessible(page, "the exit dialog");
  await page.getByRole("dialog", { name: "Option Exit Order" }).getByRole("button", { name: "CANCEL" }).click();

  await page.getByRole("button", { name: "Select Active Positions" }).click();
  await expectAccessible(page, "the Option Trading screen in selection mode");
  await setChecked(positions.getByRole("checkbox").first(), true);
  await page.getByRole("button", { name: "Change Selected" }).click();
  await expect(page.getByRole("dialog", { name: "Change Multiple Positions" })).toBeVisible();
  await expectAccessible(page, "the change positions dialog");
  await dismissToasts(page);
});
