// Browser tests of the toasts at 1366×768: never more than three, never over a dialog, gone with the screen.
import type { Locator, Page } from "@playwright/test";
import { expect, test, toast } from "./fixtures";
import { openPlaceDialog, setUp } from "./optionScreen";

/** The toasts on the page that are not on their way out. */
function shownToasts(page: Page): Locator {
  return page.locator(".bp6-toast:not(.bp6-toast-exit):not(.bp6-toast-exit-active)");
}

/** True when the two boxes overlap. */
function overlap(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

test.use({ viewport: { width: 1366, height: 768 } });

test("no more than three toasts show at once, and showing another screen clears them", async ({ page }) => {
  await setUp(page, "toasts");
  const favourites = page.getByRole("region", { name: "Favourite tickers" });
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await favourites.getByRole("button", { name: "Add" }).click();
    await expect(shownToasts(page)).toHaveCount(Math.min(attempt, 3));
  }
  await expect(toast(page, "danger").first()).toHaveText("Please enter a ticker symbol to add.");

  await page.getByRole("navigation", { name: "Trading sections" }).getByRole("link", { name: "Account" }).click();
  await expect(page.locator(".bp6-toast")).toHaveCount(0);
});

test("toasts shown while a dialog is open leave its fields and buttons uncovered", async ({ page }) => {
  await setUp(page, "toastdlg");
  const dialog = await openPlaceDialog(page);
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await dialog.getByRole("button", { name: "Save order" }).click();
  }
  await expect(shownToasts(page)).toHaveCount(3);
  await expect(toast(page, "danger").first()).toHaveText(/^Please ensure option contract information is completed: /);

  // Wait until the dialog has made room above the toasts, then compare the boxes.
  await expect
    .poll(async () =>
      page.evaluate(() => {
        const box = document.querySelector(".bp6-dialog")?.getBoundingClientRect();
        const toasts = Array.from(document.querySelectorAll(".bp6-toast"), (t) => t.getBoundingClientRect());
        return box !== undefined && toasts.every((t) => t.bottom <= box.top || t.top >= box.bottom);
      }),
    )
    .toBe(true);
  const dialogBox = await dialog.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
  const toastBoxes = await shownToasts(page).evaluateAll((toasts) =>
    toasts.map((t) => t.getBoundingClientRect().toJSON() as DOMRect),
  );
  for (const box of toastBoxes) {
    expect(overlap(box, dialogBox)).toBe(false);
  }
  // Every field of the dialog can still be used.
  await dialog.getByLabel("Stock Pair").fill("aapl");
  await expect(dialog.getByLabel("Stock Pair")).toHaveValue("AAPL");
  await page.screenshot({ path: test.info().outputPath("place-dialog-with-toasts-1366.png") });
});
