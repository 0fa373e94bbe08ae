// Browser tests of what settles after a command's answer, at 1366 × 768 against the real server on the paper
// brokerage: a fan-out whose rows the brokerage rejects after the answer shows one toast for the command, never
// two beside each other, with the final counts; the Operator panel shows the background share of reads.
import type { Locator, Page } from "@playwright/test";
import { dismissToasts, expect, test, toast } from "./fixtures";
import { chooseFromChain, openPlaceDialog, setUp } from "./optionScreen";

test.use({ viewport: { width: 1366, height: 768 } });

/** The toasts on the page that are not on their way out. */
function shownToasts(page: Page): Locator {
  return page.locator(".bp6-toast:not(.bp6-toast-exit):not(.bp6-toast-exit-active)");
}

/** Starts counting, in the page, the most toasts ever shown at once and every text a toast showed. */
async function watchToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = { most: 0, texts: [] as string[] };
    (window as unknown as { cdToasts: typeof seen }).cdToasts = seen;
    const look = () => {
      const shown = Array.from(
        document.querySelectorAll(".bp6-toast:not(.bp6-toast-exit):not(.bp6-toast-exit-active)"),
        (element) => element.textContent ?? "",
      );
      seen.most = Math.max(seen.most, shown.length);
      for (const text of shown) {
        if (!seen.texts.includes(text)) seen.texts.push(text);
      }
    };
    new MutationObserver(look).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["class"],
    });
  });
}

/** What {@link watchToasts} saw so far. */
async function toastsSeen(page: Page): Promise<{ most: number; texts: string[] }> {
  return page.evaluate(() => (window as unknown as { cdToasts: { most: number; texts: string[] } }).cdToasts);
}

/** The final toast of a session whose Big C, sent three times what it can pay for, was rejected after the answer. */
const BIG_C_REJECTED = /^Session \d+: 1 of 3 accounts rejected — Order rejected: insufficient buying power \(1\)$/;

test("a fan-out whose rows are rejected after its answer shows one toast, updated to the final counts", async ({
  page,
}) => {
  await setUp(page, "settling");
  await dismissToasts(page);
  await watchToasts(page);

  // 400 contracts at 2.00 on each small account (about $80,000 of its $100,000), three times that on Big C: the
  // brokerage takes all three writes (the answer is `success`), then rejects Big C's order.
  const dialog = await openPlaceDialog(page);
  await chooseFromChain(dialog, "AAPL", "CALL");
  await dialog.getByLabel("Option Contract Total").fill("400");
  await dialog.getByLabel("Price", { exact: true }).fill("2.00");
  await dialog.getByRole("button", { name: "Place order" }).click();
  await expect(dialog).toBeHidden();

  // At the end one orange toast with the final counts: some accounts took the order, one did not. Under load the
  // answer's green "successful" may show first (its session seemed sent with no REJECTED row); the rejection then
  // turns that same toast orange.
  await expect(toast(page, "warning")).toHaveText(BIG_C_REJECTED);
  const session = page.getByRole("table", { name: "Option orders" }).locator("tbody tr[data-session-id]").first();
  await expect(session.locator(".cd-rejected-count")).toHaveText("1 rejected");
  await expect(shownToasts(page)).toHaveCount(1);
  await expect(toast(page, "success")).toHaveCount(0);
  await expect(toast(page, "danger")).toHaveCount(0);
  const seen = await toastsSeen(page);
  // Never a second toast beside it: the answer and the rejection shared the command's toast, which showed only
  // the answer's text or the final counts.
  expect(seen.most).toBe(1);
  for (const text of seen.texts) {
    expect(text).toMatch(new RegExp(`^Place order successful|${BIG_C_REJECTED.source}`));
  }
  await page.screenshot({ path: test.info().outputPath("settled-toast-1366.png") });
});

test("the Operator panel shows the share of the read budget background work used this minute", async ({ page }) => {
  await setUp(page, "bgreads");
  const budget = await page.request.get("/api/operator/read_budget");
  expect(budget.status()).toBe(200);
  const figures = (await budget.json()) as { backgroundReadLimit: number; backgroundReadPercent: number };
  expect(figures.backgroundReadPercent).toBe(50);

  await page.getByRole("navigation", { name: "Trading sections" }).getByRole("link", { name: "Account" }).click();
  const line = page.getByLabel("Background reads");
  await expect(line).toHaveText(
    new RegExp(`^Background reads: \\d+ of ${figures.backgroundReadLimit} this minute \\(50 % share\\)$`),
  );
  // Each account's order stream says where it stands (the paper market streams every account's events).
  const operator = page.getByRole("table", { name: "Operator view of the accounts" });
  await expect(operator.locator("td.cd-stream-cell").first()).toContainText("connected");
});
