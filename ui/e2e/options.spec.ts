// Browser tests of the Option Trading screen against the real server on the paper brokerage.
import { dismissToasts, expect, test } from "./fixtures";
import {
  chooseFromChain,
  expectToast,
  expectWarning,
  ONE_CONTRACT_PREVIEW,
  openPlaceDialog,
  placeFromChain,
  placeThroughApi,
  positionRows,
  sessionCell,
  sessionRows,
  setChecked,
  setUp,
} from "./optionScreen";

test("a LIMIT order placed through the chain pickers, replaced for selected rows and cancelled for one", async ({
  page,
}) => {
  await setUp(page, "optlimit");
  await expect(page.getByRole("table", { name: "Option orders" }).getByText("No option orders")).toBeVisible();

  const dialog = await openPlaceDialog(page);
  const description = await chooseFromChain(dialog, "AAPL", "CALL");
  const expiry = dialog.getByLabel("Option Chain");
  await expect(expiry.locator("option").first()).toHaveText(/^\d{2}-\d{2}-\d{4} \(\d+\)$/);
  const strike = dialog.getByRole("combobox", { name: "Strike Price" });
  const firstStrike = await strike.inputValue();
  expect(Number(await dialog.getByLabel("Price", { exact: true }).inputValue())).toBeGreaterThan(0);
  // Another strike through the type-ahead: its first digits narrow the list, a click picks it.
  await strike.click();
  const list = page.getByRole("listbox");
  await expect(list.getByRole("option").first()).toBeVisible();
  const otherStrike = (await list.getByRole("option").nth(1).innerText()).trim();
  await strike.fill(otherStrike.slice(0, 3));
  await list.getByRole("option", { name: otherStrike, exact: true }).click();
  await expect(strike).toHaveValue(otherStrike);
  expect(otherStrike).not.toBe(firstStrike);
  const chosen = await dialog.getByLabel("Description").inputValue();
  expect(chosen).not.toBe(description);
  await dialog.getByLabel("Price", { exact: true }).fill("0.01");
  await expect(dialog.getByTestId("plan-summary")).toHaveText(ONE_CONTRACT_PREVIEW);
  await dialog.getByRole("button", { name: "Place order" }).click();
  await expectToast(page, "success", "Place order successful");
  await expect(dialog).toBeHidden();
  await dismissToasts(page);

  // One session with three rows (the inactive account gets none), all working: red, 100% accepted.
  await expect(sessionRows(page)).toHaveCount(1);
  const session = sessionRows(page).first();
  await expect(sessionCell(session, "Symbol description")).toHaveText(chosen);
  await expect(sessionCell(session, "Success rate")).toHaveText("100%");
  await expect(sessionCell(session, "Status")).toHaveText("WORKING");
  await expect(sessionCell(session, "Accounts")).toHaveText("3");
  await expect(sessionCell(session, "Total Filled / Qty")).toHaveText("0 / 5");
  await expect(session.getByRole("img", { name: "Status colour red" })).toBeVisible();
  const sessionId = await session.getAttribute("data-session-id");
  await expect(sessionCell(session, "Session")).toHaveText(`#${sessionId}`);

  await session.getByRole("button", { name: `View session ${sessionId}` }).click();
  const view = page.getByRole("dialog", { name: `Orders of Session ${sessionId}` });
  const viewRows = view.getByRole("table", { name: "Orders of the session" }).locator("tbody tr");
  await expect(viewRows).toHaveCount(3);
  await expect(viewRows.getByRole("cell", { name: "WORKING", exact: true })).toHaveCount(3);
  await expect(viewRows.filter({ hasText: "Big C" }).getByRole("cell").nth(6)).toHaveText("3");
  await expect(viewRows.filter({ hasText: "Small A" }).getByRole("cell").nth(6)).toHaveText("1");
  await expect(view.getByRole("cell", { name: "WORKING", exact: true }).first().locator("span")).toHaveCSS(
    "color",
    "rgb(134, 97, 3)",
  );

  // Replace the two small accounts' orders together.
  await setChecked(view.getByRole("checkbox", { name: "Select the order of Small A" }), true);
  await setChecked(view.getByRole("checkbox", { name: "Select the order of Small B" }), true);
  await view.getByRole("button", { name: "Replace selected orders" }).click();
  const replace = page.getByRole("dialog", { name: "Replace Selected Orders" });
  await expect(replace.getByLabel("Quantity")).toHaveValue("1");
  await expect(replace.getByTestId("plan-preview")).toHaveText(
    "Nothing would change: every order already has these terms",
  );
  await replace.getByLabel("Price", { exact: true }).fill("0.02");
  await expect(replace.getByTestId("plan-summary")).toHaveText("Total 2 contracts on 2 accounts");
  await replace.getByRole("button", { name: "Replace order" }).click();
  await expectToast(page, "success", "Replace selected order successful");
  await expect(replace).toBeHidden();
  await dismissToasts(page);
  await expect(viewRows.getByRole("cell", { name: "REPLACED", exact: true })).toHaveCount(2);

  // Cancel the big account's order on its own.
  const bigRow = viewRows.filter({ hasText: "Big C" });
  await bigRow.getByRole("button", { name: "Cancel the order of Big C" }).click();
  const cancel = page.getByRole("dialog", { name: /^Option Delete Order: big-c-/ });
  await expect(cancel).toContainText(`Cancel the order ${chosen} on 1 account (3 contracts)?`);
  await cancel.getByRole("button", { name: "DELETE" }).click();
  await expectToast(page, "success", "Order deleted successful");
  await expect(bigRow.getByRole("cell").nth(8)).toHaveText("CANCELED (Already Canceled)");
  await expect(bigRow.getByRole("button", { name: "the order of Big C (Already Canceled)" })).toBeDisabled();
  await view.locator(".bp6-dialog-footer").getByRole("button", { name: "Close" }).click();

  // The replacement is a new session of two rows at the new price; the first one's rows now differ in status.
  await expect(sessionRows(page)).toHaveCount(2);
  await expect(sessionCell(sessionRows(page).first(), "Price")).toHaveText("0.02");
  await expect(sessionRows(page).nth(1).getByRole("img", { name: "Status colour purple" })).toBeVisible();
});

test("a MARKET order fills; its positions are exited, selected and changed", async ({ page }) => {
  await setUp(page, "optmarket");
  const description = await placeFromChain(page, "MSFT", "CALL", "MARKET");

  const session = sessionRows(page).first();
  await expect(sessionCell(session, "Status")).toHaveText("FILLED");
  await expect(session.getByRole("img", { name: "Status colour green" })).toBeVisible();
  // Every account filled: 1 contract on each small account, 3 on the big one.
  await expect(sessionCell(session, "Filled Qty")).toHaveText("1–3");

  // One position row per account: the small ones hold 1, the big one 3, all long (green).
  await expect(positionRows(page)).toHaveCount(3);
  const held = positionRows(page).filter({ hasText: description });
  await expect(held).toHaveCount(3);
  await expect(held.filter({ hasText: "Big C" }).getByRole("cell").nth(3)).toHaveText("3");
  await expect(held.filter({ hasText: "Small A" }).getByRole("cell").nth(3).locator("span")).toHaveCSS(
    "color",
    "rgb(28, 110, 66)",
  );

  // Selecting positions of different sizes is refused; the two small ones exit together.
  await page.getByRole("button", { name: "Select Active Positions" }).click();
  await page.getByRole("button", { name: "Exit selected positions" }).click();
  await expectWarning(page, "Please select at least one position!");
  for (const name of ["Small A", "Small B", "Big C"]) {
    await setChecked(page.getByRole("checkbox", { name: `Select ${description} of ${name}` }), true);
  }
  await page.getByRole("button", { name: "Exit selected positions" }).click();
  await expectWarning(page, "Quantity size of position selected are not same!");
  await setChecked(page.getByRole("checkbox", { name: `Select ${description} of Big C` }), false);
  await page.getByRole("button", { name: "Exit selected positions" }).click();
  const exit = page.getByRole("dialog", { name: "Option Exit Order" });
  await expect(exit.getByLabel("Instruction")).toHaveValue("SELL_TO_CLOSE");
  await expect(exit.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("1");
  await exit.getByLabel("Order Type").selectOption("MARKET");
  await exit.getByRole("button", { name: "Exit order" }).click();
  await expectToast(page, "success", "Exit order successful");
  await expect(exit).toBeHidden();
  await dismissToasts(page);
  await expect(page.getByRole("button", { name: "Select Active Positions" })).toBeVisible();
  await expect(positionRows(page)).toHaveCount(1);

  // The big one through Change Selected.
  await page.getByRole("button", { name: "Select Active Positions" }).click();
  await page.getByRole("button", { name: "Change Selected" }).click();
  await expectWarning(page, "Please select at least one position.");
  await setChecked(page.getByRole("checkbox", { name: `Select ${description} of Big C` }), true);
  await page.getByRole("button", { name: "Change Selected" }).click();
  const change = page.getByRole("dialog", { name: "Change Multiple Positions" });
  await expect(change.getByLabel(`Quantity for ${description} of Big C`)).toHaveValue("3");
  await change.getByLabel(`Order Type for ${description} of Big C`).selectOption("MARKET");
  await change.getByRole("button", { name: "Submit Changes" }).click();
  await expectToast(page, "success", "Selected positions successfully exited.");
  await expect(change).toBeHidden();
  await expect(page.getByRole("table", { name: "Option positions" }).getByText("No option positions")).toBeVisible();
});

test("an order is saved from the place dialog and placed again from the PUT list", async ({ page }) => {
  await setUp(page, "optsave");

  const dialog = await openPlaceDialog(page);
  await dialog.getByRole("button", { name: "Save order" }).click();
  await expectToast(
    page,
    "danger",
    "Please ensure option contract information is completed: Symbol is empty, Description is empty, Price is 0",
  );
  const description = await chooseFromChain(dialog, "NVDA", "PUT");
  await dialog.getByLabel("Price", { exact: true }).fill("0.05");
  await dialog.getByRole("button", { name: "Save order" }).click();
  await expectToast(page, "success", "Save order successful");
  await dialog.getByRole("button", { name: "CANCEL" }).click();
  await expect(dialog).toBeHidden();
  await dismissToasts(page);

  const puts = page.getByRole("region", { name: "Saved PUT orders" });
  await expect(puts.getByText(description, { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Saved CALL orders" }).getByText("No saved orders")).toBeVisible();

  await puts.getByRole("button", { name: `Place ${description}` }).click();
  await expect(dialog.getByLabel("Stock Pair")).toHaveValue("NVDA");
  await expect(dialog.getByLabel("Description")).toHaveValue(description);
  // CALL or PUT, the expiry and the strike come from the saved option symbol; the saved price stays.
  await expect(dialog.getByRole("checkbox", { name: "PUT" })).toBeChecked();
  await expect(dialog.getByLabel("Option Chain")).not.toHaveValue("");
  await expect(dialog.getByRole("combobox", { name: "Strike Price" })).toHaveValue(/^\d+(\.\d+)?$/);
  await expect(dialog.getByLabel("Description")).toHaveValue(description);
  await expect(dialog.getByLabel("Price", { exact: true })).toHaveValue("0.05");
  await dialog.getByRole("button", { name: "Place order" }).click();
  await expectToast(page, "success", "Place order successful");
  await expect(sessionRows(page)).toHaveCount(1);
  await expect(sessionCell(sessionRows(page).first(), "Symbol description")).toHaveText(description);
  await dismissToasts(page);

  await puts.getByRole("button", { name: `Delete saved order ${description}` }).click();
  await expectToast(page, "success", "Remove option contract save order successful");
  await expect(puts.getByText("No saved orders")).toBeVisible();
});

test("favourite tickers are added upper-cased, refused when empty or known, and removed", async ({ page }) => {
  await setUp(page, "optfav");
  const panel = page.getByRole("region", { name: "Favourite tickers" });
  const input = panel.getByRole("textbox", { name: "Ticker symbol" });

  await panel.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "danger", "Please enter a ticker symbol to add.");
  await input.fill("spy");
  await expect(input).toHaveValue("SPY");
  await panel.getByRole("button", { name: "Add" }).click();
  await expect(panel.getByRole("listitem").filter({ hasText: "SPY" })).toBeVisible();
  await expect(input).toHaveValue("");
  await input.fill("spy");
  await panel.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "danger", "This ticker is already in your favorites.");

  // The place dialog's left panel shares the list and speaks its own texts.
  const dialog = await openPlaceDialog(page);
  const contracts = dialog.getByRole("region", { name: "Option contracts" });
  await contracts.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "danger", "Please ensure option contract symbol is completed");
  await contracts.getByRole("textbox", { name: "Option contract symbol" }).fill("spy");
  await contracts.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "danger", "Option contract is already existed");
  await contracts.getByRole("textbox", { name: "Option contract symbol" }).fill("qqq");
  await contracts.getByRole("button", { name: "Add" }).click();
  await expectToast(page, "success", "Add option contract successful");
  await contracts.getByRole("button", { name: "QQQ" }).click();
  await expect(dialog.getByLabel("Stock Pair")).toHaveValue("QQQ");
  await contracts.getByRole("button", { name: "Remove" }).click();
  await expectToast(page, "success", "Remove option contract successful");
  await expect(contracts.getByRole("button", { name: "QQQ" })).toBeHidden();
  await dialog.getByRole("button", { name: "CANCEL" }).click();
  await dismissToasts(page);

  await panel.getByRole("button", { name: "Remove SPY" }).click();
  await expect(panel.getByText("No favourite tickers")).toBeVisible();
  expect(await (await page.request.get("/api/option_contract/get_option_contract_list")).json()).toEqual([]);
});

test("replace and cancel of checked orders with none checked warn, and LIMIT without a price is refused", async ({
  page,
}) => {
  await setUp(page, "optwarn");
  const dialog = await openPlaceDialog(page);
  await chooseFromChain(dialog, "AAPL", "PUT");
  await dialog.getByLabel("Price", { exact: true }).fill("0");
  await dialog.getByRole("button", { name: "Place order" }).click();
  await expectToast(page, "danger", "Place order failed: Price must be more than 0 for a LIMIT order");
  await expect(dialog.getByLabel("Price", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "CANCEL" }).click();
  await dismissToasts(page);

  await placeThroughApi(page, "AAPL", "PUT", "LIMIT", 0.01);
  const session = sessionRows(page).first();
  const sessionId = await session.getAttribute("data-session-id");
  await session.getByRole("button", { name: `View session ${sessionId}` }).click();
  const view = page.getByRole("dialog", { name: `Orders of Session ${sessionId}` });
  await view.getByRole("button", { name: "Replace selected orders" }).click();
  await expectWarning(page, "Please select at least one order!");
  await view.getByRole("button", { name: "Cancel selected orders" }).click();
  await expectWarning(page, "Please select at least one order!");
  await view.locator(".bp6-dialog-footer").getByRole("button", { name: "Close" }).click();

  // C on the main table cancels every open order of the session.
  await session.getByRole("button", { name: `Cancel session ${sessionId}` }).click();
  const cancel = page.getByRole("dialog", { name: `Option Delete Orders of Session ${sessionId}` });
  await expect(cancel).toContainText("on 3 accounts (1–3 contracts each, 5 in all)?");
  await cancel.getByRole("button", { name: "DELETE" }).click();
  await expectToast(page, "success", "Order deleted successful");
  await expect(sessionCell(session, "Status")).toHaveText("CANCELED");
  await expect(session.getByRole("button", { name: `Cancel session ${sessionId}` })).toBeDisabled();
});

test("a bad quantity is marked under its field before any request is sent", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await setUp(page, "optbadqty");
  const dialog = await openPlaceDialog(page);
  await chooseFromChain(dialog, "AAPL", "CALL");
  await dialog.getByLabel("Price", { exact: true }).fill("0.01");
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET") {
      sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
    }
  });

  const quantity = dialog.getByLabel("Option Contract Total");
  await quantity.fill("2.5");
  await expect(quantity).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Must be a whole number of at least 1", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Place order" }).click();
  await expectToast(page, "danger", "Place order failed: Option Contract Total must be a whole number of at least 1");
  await quantity.fill("0");
  await dialog.getByRole("button", { name: "Place order" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Must be a whole number of at least 1", { exact: true })).toBeVisible();
  expect(sent).toEqual([]);

  // A whole number clears the mark and the order goes out, once (beside the plan's preview of the good quantity,
  // which may be asked for before or after it).
  await quantity.fill("1");
  await expect(quantity).toHaveAttribute("aria-invalid", "false");
  await dialog.getByRole("button", { name: "Place order" }).click();
  await expectToast(page, "success", "Place order successful");
  expect(sent.filter((request) => !request.startsWith("POST /api/plan_preview/"))).toEqual([
    "POST /api/copy_trading_account/place_order/COMMON",
  ]);
});

test("at 1366 px the account name of every position stays in view, in selection mode too", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await setUp(page, "optnames");
  const description = await placeThroughApi(page, "AAPL", "CALL", "MARKET");
  await expect(positionRows(page)).toHaveCount(3);
  const region = page.getByRole("region", { name: "Option positions table" });

  for (const mode of ["normal", "selection"] as const) {
    if (mode === "selection") {
      await page.getByRole("button", { name: "Select Active Positions" }).click();
      await expect(page.getByRole("checkbox", { name: `Select ${description} of Small A` })).toBeVisible();
    }
    const box = await region.boundingBox();
    for (const name of ["Small A", "Small B", "Big C"]) {
      const cell = positionRows(page).filter({ hasText: name }).getByRole("cell").last();
      await expect(cell).toHaveText(name);
      await expect(cell).toBeInViewport({ ratio: 1 });
      const cellBox = await cell.boundingBox();
      expect(cellBox !== null && box !== null && cellBox.x + cellBox.width <= box.x + box.width + 1).toBe(true);
    }
  }
});
