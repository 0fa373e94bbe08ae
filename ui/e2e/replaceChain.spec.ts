// Browser tests of the replace chain on the paper brokerage: a session made by a replace names the one it replaced.
import { dismissToasts, expect, test } from "./fixtures";
import { expectToast, placeThroughApi, sessionCell, sessionRows, setUp } from "./optionScreen";

test("a replace makes a session that shows 'replaces #N', and the view dialog walks the chain", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await setUp(page, "chain");
  await placeThroughApi(page, "AAPL", "CALL", "LIMIT", 0.01);
  const original = sessionRows(page).first();
  const originalId = await original.getAttribute("data-session-id");
  await expect(sessionCell(original, "Session")).toHaveText(`#${originalId}`);

  await original.getByRole("button", { name: `Replace session ${originalId}` }).click();
  const replace = page.getByRole("dialog", { name: `Replace Orders of Session ${originalId}` });
  await replace.getByLabel("Price", { exact: true }).fill("0.02");
  await replace.getByRole("button", { name: "Replace order" }).click();
  await expectToast(page, "success", "Replace order successful");
  await expect(replace).toBeHidden();
  await dismissToasts(page);

  await expect(sessionRows(page)).toHaveCount(2);
  const replacement = sessionRows(page).first();
  const replacementId = await replacement.getAttribute("data-session-id");
  expect(Number(replacementId)).toBeGreaterThan(Number(originalId));
  await expect(sessionCell(replacement, "Session")).toHaveText(`#${replacementId}replaces #${originalId}`);
  await expect(sessionCell(replacement, "Price")).toHaveText("0.02");
  await expect(sessionCell(sessionRows(page).nth(1), "Session")).toHaveText(`#${originalId}`);

  // The link opens the replaced session's orders; from there the dialog walks forward again.
  await replacement.getByRole("button", { name: `replaces #${originalId}` }).click();
  const replaced = page.getByRole("dialog", { name: `Orders of Session ${originalId}` });
  await expect(replaced.getByRole("cell", { name: "REPLACED", exact: true })).toHaveCount(3);
  await replaced.getByRole("button", { name: `Replaced by session #${replacementId}` }).click();
  const current = page.getByRole("dialog", { name: `Orders of Session ${replacementId}` });
  await expect(current.getByRole("cell", { name: "WORKING", exact: true })).toHaveCount(3);
  await expect(current.getByRole("button", { name: `Replaces session #${originalId}` })).toBeVisible();
});

test("R on a REPLACED row replaces the live order that replaced it", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await setUp(page, "chainlive");
  await placeThroughApi(page, "MSFT", "PUT", "LIMIT", 0.01);
  const originalId = await sessionRows(page).first().getAttribute("data-session-id");
  await sessionRows(page).first().getByRole("button", { name: `Replace session ${originalId}` }).click();
  const first = page.getByRole("dialog", { name: `Replace Orders of Session ${originalId}` });
  // A replace must change something (the same terms are refused as "nothing to change"); at 0.01 it keeps working.
  await first.getByLabel("Price", { exact: true }).fill("0.01");
  await first.getByLabel("Quantity").fill("2");
  await first.getByRole("button", { name: "Replace order" }).click();
  await expectToast(page, "success", "Replace order successful");
  await dismissToasts(page);
  await expect(sessionRows(page)).toHaveCount(2);
  const liveId = await sessionRows(page).first().getAttribute("data-session-id");

  // R on the old session's REPLACED row of Small A acts on Small A's live order in the newer session.
  await page.getByRole("button", { name: `View session ${originalId}`, exact: true }).click();
  const view = page.getByRole("dialog", { name: `Orders of Session ${originalId}` });
  const smallA = view
    .getByRole("table", { name: "Orders of the session" })
    .locator("tbody tr")
    .filter({ hasText: "Small A" });
  await expect(smallA.getByRole("cell", { name: "REPLACED", exact: true })).toBeVisible();
  await smallA.getByRole("button", { name: "Replace the order of Small A" }).click();
  const individual = page.getByRole("dialog", { name: /^Replace Order: small-a-/ });
  await individual.getByLabel("Price", { exact: true }).fill("0.01");
  await individual.getByLabel("Quantity").fill("3");
  await individual.getByRole("button", { name: "Replace order" }).click();
  await expectToast(page, "success", "Replace order successful");
  await dismissToasts(page);
  await view.locator(".bp6-dialog-footer").getByRole("button", { name: "Close" }).click();

  await expect(sessionRows(page)).toHaveCount(3);
  const newest = sessionRows(page).first();
  await expect(sessionCell(newest, "Price")).toHaveText("0.01");
  await expect(sessionCell(newest, "Qty")).toHaveText("3");
  await expect(sessionCell(newest, "Status")).toHaveText("WORKING");
  await expect(sessionCell(newest, "Session")).toContainText("replaces #");
  // Small A's order in the newer session is the one that was replaced.
  await page.getByRole("button", { name: `View session ${liveId}`, exact: true }).click();
  const liveView = page.getByRole("dialog", { name: `Orders of Session ${liveId}` });
  await expect(
    liveView.locator("tbody tr").filter({ hasText: "Small A" }).getByRole("cell", { name: "REPLACED", exact: true }),
  ).toBeVisible();
});
