// Browser tests of the Vertical Trading screen against the real server on the paper brokerage.
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

/** What the entry previews for one spread on those accounts. */
const ONE_SPREAD_PREVIEW = "Total 5 spreads on 3 accounts";

/** Registers and signs in a fresh agent, links the four accounts and opens the Vertical Trading tab. */
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
  await page
    .getByRole("navigation", { name: "Trading sections" })
    .getByRole("link", { name: "Vertical Trading" })
    .click();
  await expect(page).toHaveURL(/#\/trading\/optionCopyVerticalTrading$/);
  await expect(page.getByRole("heading", { name: "Vertical Trading" })).toBeVisible();
}

/** The success or danger toast showing exactly `text`. */
async function expectToast(page: Page, intent: "success" | "danger", text: string): Promise<void> {
  await expect(toast(page, intent).filter({ hasText: text })).toHaveText(text);
  await dismissToasts(page);
}

/** The warning modal shows `message`; CANCEL closes it. */
async function expectWarning(page: Page, message: string): Promise<void> {
  const warning = page.getByRole("dialog", { name: "Warning" });
  await expect(warning.getByText(message, { exact: true })).toBeVisible();
  await warning.getByRole("button", { name: "CANCEL" }).click();
  await expect(warning).toBeHidden();
}

/** Ticks or unticks a Blueprint checkbox by clicking its label (its drawn box covers the input). */
async function setChecked(checkbox: Locator, checked: boolean): Promise<void> {
  if ((await checkbox.isChecked()) !== checked) {
    await checkbox.locator("xpath=..").click();
  }
  await (checked ? expect(checkbox).toBeChecked() : expect(checkbox).not.toBeChecked());
}

/** The orders main table's columns, in order. */
const ORDER_COLUMNS = [
  "View",
  "Change order",
  "Session",
  "Legs",
  "Success rate",
  "Accounts",
  "Total Filled / Qty",
  "Filled Qty",
  "Price (net)",
  "Qty",
  "Side Pos Effect",
  "Status",
  "Order type",
  "Time",
  "",
  "Name",
] as const;

/** The cell of a session row under the heading `column`. */
function sessionCell(row: Locator, column: (typeof ORDER_COLUMNS)[number]): Locator {
  return row.getByRole("cell").nth(ORDER_COLUMNS.indexOf(column));
}

/** The orders main table's session rows. */
function sessionRows(page: Page): Locator {
  return page.getByRole("table", { name: "Vertical orders" }).locator("tbody tr[data-session-id]");
}

/** The positions table's rows. */
function positionRows(page: Page): Locator {
  return page.getByRole("table", { name: "Vertical positions" }).locator("tbody tr[data-account-id]");
}

/** The two contracts of a vertical: the descriptions of the legs added. */
interface BuiltVertical {
  readonly bought: string;
  readonly sold: string;
}

/**
 * Opens Multi-Leg Order Entry, loads the AAPL calls, and stages buying the first strike and selling the
 * second, at `orderType` (LIMIT at 0.02 and 0.01: a NET_DEBIT of 0.01, far from any fill).
 */
async function buildVertical(page: Page, orderType: "LIMIT" | "MARKET"): Promise<{ entry: Locator } & BuiltVertical> {
  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const entry = page.getByRole("dialog", { name: "Multi-Leg Order Entry" });
  await expect(entry).toBeVisible();
  await entry.getByLabel("Ticker").fill("aapl");
  await expect(entry.getByLabel("Ticker")).toHaveValue("AAPL");
  await entry.getByRole("button", { name: "CALL" }).click();
  await expect(entry.getByLabel("Expiration").locator("option").first()).toHaveText(/^\d{2}-\d{2}-\d{4} \(\d+\)$/);
  const description = entry.getByTestId("contract-description");
  await expect(description).toHaveText(/^AAPL \d{2}\/\d{2}\/\d{4} [\d.]+ C$/);
  // The price starts at the strike's bid.
  expect(Number(await entry.getByLabel("Price", { exact: true }).inputValue())).toBeGreaterThan(0);

  const bought = (await description.textContent()) ?? "";
  await entry.getByLabel("Order Type").selectOption(orderType);
  if (orderType === "LIMIT") {
    await entry.getByLabel("Price", { exact: true }).fill("0.02");
  } else {
    await expect(entry.getByLabel("Price", { exact: true })).toBeHidden();
  }
  await entry.getByRole("button", { name: "Add leg" }).click();

  const strike = entry.getByLabel("Strike");
  const second = await strike.locator("option").nth(1).getAttribute("value");
  await strike.selectOption(second ?? "");
  const sold = (await description.textContent()) ?? "";
  expect(sold).not.toBe(bought);
  await entry.getByLabel("Instruction").selectOption("SELL_TO_OPEN");
  await entry.getByLabel("Order Type").selectOption(orderType);
  if (orderType === "LIMIT") {
    await entry.getByLabel("Price", { exact: true }).fill("0.01");
  }
  await entry.getByRole("button", { name: "Add leg" }).click();

  const staged = entry.getByRole("table", { name: "Staged legs" }).locator("tbody tr");
  await expect(staged).toHaveCount(2);
  await expect(staged.nth(0)).toContainText(`${bought}BUY_TO_OPEN${orderType}1`);
  await expect(staged.nth(1)).toContainText(`${sold}SELL_TO_OPEN${orderType}1`);
  await expect(entry.getByTestId("net-price")).toHaveText(
    orderType === "LIMIT" ? "Net: NET_DEBIT 0.01" : "Net: MARKET",
  );
  await expect(entry.getByTestId("plan-summary")).toHaveText(ONE_SPREAD_PREVIEW);
  return { entry, bought, sold };
}

/** Places the staged legs from the entry. */
async function placeSet(page: Page, entry: Locator): Promise<void> {
  await entry.getByRole("button", { name: "Place set" }).click();
  await expectToast(page, "success", "Copy trading successful");
  await expect(entry).toBeHidden();
}

test("a vertical built from the chain is placed, viewed, replaced, placed again and its legs cancelled", async ({
  page,
}) => {
  // The longest scenario of the screen (about 200 browser steps) takes close to the default 30 s alone.
  test.setTimeout(60_000);
  await setUp(page, "vertlimit");
  await expect(page.getByRole("table", { name: "Vertical orders" }).getByText("No vertical orders")).toBeVisible();

  // The entry's own rules before any contract is picked.
  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const empty = page.getByRole("dialog", { name: "Multi-Leg Order Entry" });
  await empty.getByRole("button", { name: "Add leg" }).click();
  await expectToast(page, "danger", "Please select a valid option contract first.");
  await empty.getByRole("button", { name: "Place set" }).click();
  await expectToast(page, "danger", "Please add at least one symbol order to the list before placing.");
  await empty.getByRole("button", { name: "CANCEL" }).click();
  await expect(empty).toBeHidden();

  const { entry, bought, sold } = await buildVertical(page, "LIMIT");
  // A staged leg can be removed and added again.
  await entry.getByRole("button", { name: "Remove leg 2" }).click();
  await expect(entry.getByRole("table", { name: "Staged legs" }).locator("tbody tr")).toHaveCount(1);
  await expect(entry.getByTestId("net-price")).toHaveText("Net: NET_DEBIT 0.02");
  // A spread is one order with one order type: a MARKET leg beside a LIMIT one is refused, nothing staged.
  await entry.getByLabel("Order Type").selectOption("MARKET");
  await expect(entry.getByText("Must be LIMIT like the staged legs: a spread is one order at one net price")).toBeVisible();
  await entry.getByRole("button", { name: "Add leg" }).click();
  await expectToast(page, "danger", "Order Type must be LIMIT like the staged legs: a spread is one order at one net price");
  await expect(entry.getByRole("table", { name: "Staged legs" }).locator("tbody tr")).toHaveCount(1);
  await entry.getByLabel("Order Type").selectOption("LIMIT");
  await entry.getByLabel("Price", { exact: true }).fill("0.01");
  await entry.getByRole("button", { name: "Add leg" }).click();
  await expect(entry.getByTestId("net-price")).toHaveText("Net: NET_DEBIT 0.01");
  await placeSet(page, entry);

  // One session: both legs on every active account, one spread per small account and three on the big one.
  await expect(sessionRows(page)).toHaveCount(1);
  const session = sessionRows(page).first();
  const sessionId = await session.getAttribute("data-session-id");
  await expect(sessionCell(session, "Session")).toHaveText(`#${sessionId}`);
  await expect(sessionCell(session, "Legs")).toHaveText(`${bought}${sold}`);
  await expect(sessionCell(session, "Status")).toHaveText("WORKING");
  await expect(sessionCell(session, "Order type")).toHaveText("NET_DEBIT");
  await expect(sessionCell(session, "Price (net)")).toHaveText("0.01");
  await expect(sessionCell(session, "Accounts")).toHaveText("3");
  await expect(sessionCell(session, "Total Filled / Qty")).toHaveText("0 / 5");
  await expect(sessionCell(session, "Success rate")).toHaveText("100%");

  // V: every account's two legs.
  await session.getByRole("button", { name: `View session ${sessionId}` }).click();
  const view = page.getByRole("dialog", { name: `Legs of Session ${sessionId}` });
  const viewRows = view.getByRole("table", { name: "Legs of the session" }).locator("tbody tr");
  await expect(viewRows).toHaveCount(6);
  await expect(viewRows.filter({ hasText: "Big C" }).first().getByRole("cell").nth(6)).toHaveText("3");
  await view.locator(".bp6-dialog-footer").getByRole("button", { name: "Close" }).click();

  // R: replace the small accounts' verticals at a new net; the big one is left alone. Each order starts at its
  // own net (0.01 on the bought leg, 0.00 on the sold one), never at prices read from the quotes.
  await session.getByRole("button", { name: `Replace session ${sessionId}` }).click();
  const replace = page.getByRole("dialog", { name: "Replace Individual Order Legs" });
  await expect(replace.getByLabel(`Price for ${bought} of Small A`)).toHaveValue("0.01");
  await expect(replace.getByLabel(`Price for ${sold} of Small A`)).toHaveValue("0.00");
  await setChecked(replace.getByRole("checkbox", { name: `Select ${bought} of Big C` }), false);
  await expect(replace.getByRole("checkbox", { name: `Select ${sold} of Big C` })).not.toBeChecked();
  await expect(replace.getByLabel(`Quantity for ${bought} of Big C`)).toHaveValue("3");
  for (const name of ["Small A", "Small B"]) {
    await replace.getByLabel(`Price for ${bought} of ${name}`).fill("0.03");
    await replace.getByLabel(`Price for ${sold} of ${name}`).fill("0.01");
  }
  await replace.getByRole("button", { name: "Replace order" }).click();
  await expectToast(page, "success", "Replace order successful");
  await expect(replace).toBeHidden();
  await expect(sessionRows(page)).toHaveCount(2);
  const replacement = sessionRows(page).first();
  await expect(sessionCell(replacement, "Session")).toContainText(`replaces #${sessionId}`);
  await expect(sessionCell(replacement, "Price (net)")).toHaveText("0.02");
  await expect(sessionCell(replacement, "Accounts")).toHaveText("2");

  // P: the legs placed again as a new order, after the rule for an empty choice.
  await replacement.getByRole("button", { name: /^Place session \d+ again$/ }).click();
  const again = page.getByRole("dialog", { name: "Re-place Vertical Order Legs" });
  await setChecked(again.getByRole("checkbox", { name: `Select ${bought}` }), false);
  await setChecked(again.getByRole("checkbox", { name: `Select ${sold}` }), false);
  await again.getByRole("button", { name: "Place order" }).click();
  await expectToast(page, "danger", "Please select at least one leg to place.");
  await setChecked(again.getByRole("checkbox", { name: `Select ${bought}` }), true);
  await setChecked(again.getByRole("checkbox", { name: `Select ${sold}` }), true);
  await expect(again.getByLabel(`Quantity for ${bought}`)).toHaveValue("1");
  await expect(again.getByTestId("net-price")).toHaveText("Net: NET_DEBIT 0.02");
  await expect(again.getByTestId("plan-summary")).toHaveText(ONE_SPREAD_PREVIEW);
  await again.getByRole("button", { name: "Place order" }).click();
  await expectToast(page, "success", "Selected legs placed successfully as new orders.");
  await expect(sessionRows(page)).toHaveCount(3);

  // C: cancel the newest session's legs; they are then struck through and cannot be cancelled again.
  const newest = sessionRows(page).first();
  const newestId = await newest.getAttribute("data-session-id");
  await newest.getByRole("button", { name: `Cancel session ${newestId}` }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel Vertical Order Legs" });
  // Nothing is ticked when the dialog opens, so one click cancels nothing.
  for (const name of ["Small A", "Small B", "Big C"]) {
    await expect(cancel.getByRole("checkbox", { name: `Select ${bought} of ${name}` })).not.toBeChecked();
  }
  await cancel.getByRole("button", { name: "Cancel selected legs" }).click();
  await expectToast(page, "danger", "Please select at least one leg to cancel.");
  for (const name of ["Small A", "Small B", "Big C"]) {
    await setChecked(cancel.getByRole("checkbox", { name: `Select ${sold} of ${name}` }), true);
  }
  await cancel.getByRole("button", { name: "Cancel selected legs" }).click();
  await expectToast(page, "success", "Selected legs canceled successfully");
  await expect(cancel).toBeHidden();
  await expect(sessionCell(newest, "Status")).toHaveText("CANCELED");
  await newest.getByRole("button", { name: `View session ${newestId}` }).click();
  const canceledView = page.getByRole("dialog", { name: `Legs of Session ${newestId}` });
  const canceledRows = canceledView.getByRole("table", { name: "Legs of the session" }).locator("tbody tr");
  await expect(canceledRows).toHaveCount(6);
  await expect(canceledRows.filter({ hasText: "(Already Canceled)" })).toHaveCount(6);
  await expect(canceledRows.first().getByRole("cell").nth(1)).toHaveCSS("text-decoration-line", "line-through");
  await expect(
    canceledRows.first().getByRole("button", { name: `${bought} of Small A (Already Canceled)` }),
  ).toBeDisabled();
});

test("a set is saved from the entry, placed from its review and deleted after confirmation", async ({ page }) => {
  await setUp(page, "vertset");
  const sets = page.getByRole("table", { name: "Order sets" });
  await expect(sets.getByText("No saved sets")).toBeVisible();

  await page.getByRole("button", { name: "BUY/SELL" }).click();
  const empty = page.getByRole("dialog", { name: "Multi-Leg Order Entry" });
  await empty.getByRole("button", { name: "Save set" }).click();
  await expectToast(page, "danger", "Please add at least one symbol order to the list before saving.");
  await empty.getByRole("button", { name: "CANCEL" }).click();

  const { entry, bought, sold } = await buildVertical(page, "LIMIT");
  // Cancelling the name prompt saves nothing.
  await entry.getByRole("button", { name: "Save set" }).click();
  const prompt = page.getByRole("dialog", { name: "Save order set" });
  await expect(prompt.getByText("Enter a name for this order set:")).toBeVisible();
  await prompt.getByRole("button", { name: "CANCEL" }).click();
  await expect(prompt).toBeHidden();
  await expect(sets.getByText("No saved sets")).toBeVisible();

  await entry.getByRole("button", { name: "Save set" }).click();
  await prompt.getByLabel("Enter a name for this order set:").fill("Bull call");
  await prompt.getByRole("button", { name: "OK" }).click();
  await expectToast(page, "success", "Order set saved successfully.");
  await expect(prompt).toBeHidden();
  await entry.getByRole("button", { name: "CANCEL" }).click();
  await expect(sets.locator("tbody tr")).toHaveCount(1);
  await expect(sets.locator("tbody tr").first().getByRole("cell").first()).toHaveText("Bull call");

  // P: the review shows the saved legs, their net and the spreads per tier, then places them.
  await sets.getByRole("button", { name: "Place set Bull call" }).click();
  const review = page.getByRole("dialog", { name: "Review Order Set: Bull call" });
  const legs = review.getByRole("table", { name: "Legs of the set" }).locator("tbody tr");
  await expect(legs).toHaveCount(2);
  await expect(legs.nth(0)).toContainText(bought);
  await expect(legs.nth(1)).toContainText(sold);
  await expect(review.getByTestId("net-price")).toHaveText("Net: NET_DEBIT 0.01");
  await expect(review.getByTestId("plan-summary")).toHaveText(ONE_SPREAD_PREVIEW);
  await review.getByRole("button", { name: "Place order" }).click();
  await expectToast(page, "success", "Order set placed successfully!");
  await expect(review).toBeHidden();
  await expect(sessionRows(page)).toHaveCount(1);
  await expect(sessionCell(sessionRows(page).first(), "Legs")).toHaveText(`${bought}${sold}`);

  // Delete asks first; cancelling keeps the set. The question opens where it stays: the toast closed just
  // before holds no room at the bottom while it leaves, so the dialog does not drop once it is gone.
  await sets.getByRole("button", { name: "Delete set Bull call" }).click();
  const confirm = page.getByRole("alertdialog");
  const openedAt = await confirm.evaluate((dialog) => dialog.getBoundingClientRect().top);
  await expect(confirm).toContainText("Delete the order set Bull call?");
  await expect(page.locator(".cd-toaster .bp6-toast")).toHaveCount(0);
  expect(await confirm.evaluate((dialog) => dialog.getBoundingClientRect().top)).toBe(openedAt);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(sets.locator("tbody tr").first()).toContainText("Bull call");
  await sets.getByRole("button", { name: "Delete set Bull call" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "success", "Set deleted successfully.");
  await expect(sets.getByText("No saved sets")).toBeVisible();
});

test("a MARKET vertical fills; its positions are exited one, selected and changed", async ({ page }) => {
  await setUp(page, "vertexit");
  const { entry, bought, sold } = await buildVertical(page, "MARKET");
  await placeSet(page, entry);
  await expect(sessionCell(sessionRows(page).first(), "Status")).toHaveText("FILLED");

  // Both legs are held on every active account: long the bought one, short the sold one.
  await expect(positionRows(page)).toHaveCount(6);
  const longs = positionRows(page).filter({ hasText: bought });
  const shorts = positionRows(page).filter({ hasText: sold });
  await expect(longs.filter({ hasText: "Big C" }).getByRole("cell").nth(3)).toHaveText("3");
  await expect(shorts.filter({ hasText: "Small A" }).getByRole("cell").nth(3)).toHaveText("-1");

  // Selection rules, then the two small accounts' long legs exit together.
  await page.getByRole("button", { name: "Select Active Positions" }).click();
  await page.getByRole("button", { name: "Exit selected positions" }).click();
  await expectWarning(page, "Please select at least one position!");
  for (const name of ["Small A", "Small B", "Big C"]) {
    await setChecked(page.getByRole("checkbox", { name: `Select ${bought} of ${name}` }), true);
  }
  await page.getByRole("button", { name: "Exit selected positions" }).click();
  await expectWarning(page, "Quantity size of position selected are not same!");
  await setChecked(page.getByRole("checkbox", { name: `Select ${bought} of Big C` }), false);
  await page.getByRole("button", { name: "Exit selected positions" }).click();
  const exitSelected = page.getByRole("dialog", { name: "Option Exit Order (Selected)" });
  await expect(exitSelected.getByLabel("Instruction")).toHaveValue("SELL_TO_CLOSE");
  await expect(exitSelected.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("1");
  await exitSelected.getByLabel("Order Type").selectOption("MARKET");
  await exitSelected.getByRole("button", { name: "Exit order" }).click();
  await expectToast(page, "success", "Selected positions successfully exited.");
  await expect(exitSelected).toBeHidden();
  await expect(page.getByRole("button", { name: "Select Active Positions" })).toBeVisible();
  await expect(positionRows(page)).toHaveCount(4);

  // S on one row: the big account's long leg.
  await longs.filter({ hasText: "Big C" }).getByRole("button", { name: `Exit ${bought} of Big C` }).click();
  const exitOne = page.getByRole("dialog", { name: "Option Exit Order", exact: true });
  await expect(exitOne.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("3");
  await exitOne.getByLabel("Order Type").selectOption("MARKET");
  await exitOne.getByRole("button", { name: "Exit order" }).click();
  await expectToast(page, "success", "Exit order successful");
  await expect(positionRows(page)).toHaveCount(3);

  // The short legs through Change Selected, each bought back.
  await page.getByRole("button", { name: "Select Active Positions" }).click();
  await page.getByRole("button", { name: "Change Selected" }).click();
  await expectWarning(page, "Please select at least one position.");
  for (const name of ["Small A", "Small B", "Big C"]) {
    await setChecked(page.getByRole("checkbox", { name: `Select ${sold} of ${name}` }), true);
  }
  await page.getByRole("button", { name: "Change Selected" }).click();
  const change = page.getByRole("dialog", { name: "Change Multiple Positions (Vertical)" });
  await expect(change.getByLabel(`Instruction for ${sold} of Big C`)).toHaveValue("BUY_TO_CLOSE");
  await expect(change.getByLabel(`Quantity for ${sold} of Big C`)).toHaveValue("3");
  for (const name of ["Small A", "Small B", "Big C"]) {
    await change.getByLabel(`Order Type for ${sold} of ${name}`).selectOption("MARKET");
  }
  await change.getByRole("button", { name: "Submit Changes" }).click();
  await expectToast(page, "success", "Selected positions successfully exited.");
  await expect(change).toBeHidden();
  await expect(page.getByRole("table", { name: "Vertical positions" }).getByText("No option positions")).toBeVisible();
});
