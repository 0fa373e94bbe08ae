// Browser test of the Account screen's "Sizing and limits": an account set to FIXED 5 with a guard in the dialog.
import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, newAgentSignedIn, test, toast } from "./fixtures";

/** Links a paper account straight through the API with the page's session cookie. */
async function addAccountThroughApi(page: Page, name: string, username: string): Promise<void> {
  const answer = await page.request.post("/api/trading_account/login/", {
    data: { accountName: name, accountUsername: username, accountPassword: "paper-pass-1", accountType: "medium_account" },
  });
  expect(answer.status()).toBe(200);
}

/** The "Sizing and limits" row of the account named `name`. */
function limitsRow(page: Page, name: string): Locator {
  return page
    .getByRole("table", { name: "Sizing and limits of the accounts" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name, exact: true }) });
}

test("setting FIXED 5 with Max qty/order 3 in the dialog shows in the list and is stored", async ({ page }) => {
  await newAgentSignedIn(page, "limits");
  const t = randomBytes(3).toString("hex");
  const alpha = `Alpha ${t}`;
  const beta = `Beta ${t}`;
  await addAccountThroughApi(page, alpha, `alpha-${t}`);
  await addAccountThroughApi(page, beta, `beta-${t}`);

  await expect(page.getByRole("heading", { name: "Sizing and limits" })).toBeVisible();
  const row = limitsRow(page, alpha);
  await expect(row.getByRole("cell")).toHaveText([alpha, "Tier (×2)", "Refuse", "None", "Edit"]);

  await row.getByRole("button", { name: `Edit sizing and limits of ${alpha}` }).click();
  const dialog = page.getByRole("dialog", { name: `Sizing and limits of ${alpha}` });
  await expect(dialog.getByText("Changing limits never touches orders already sent")).toBeVisible();
  await expect(dialog.getByText("Tier uses the Account Type column's multiplier (Medium: ×2)")).toBeVisible();
  await dialog.getByLabel("Sizing Method").selectOption("FIXED");
  await dialog.getByLabel(/^Sizing Value/).fill("5");
  await dialog.getByLabel("Max Quantity Per Order").fill("3");
  await dialog.getByRole("button", { name: "Save" }).click();

  await expect(toast(page, "success")).toHaveText(`Sizing and limits saved for ${alpha}`);
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("cell")).toHaveText([alpha, "Fixed 5", "Refuse", "Max qty/order 3", "Edit"]);
  await expect(limitsRow(page, beta).getByRole("cell")).toHaveText([beta, "Tier (×2)", "Refuse", "None", "Edit"]);

  const stored = await page.request.get("/api/trading_account/limits");
  expect(stored.status()).toBe(200);
  const rows = (await stored.json()) as { accountName: string; sizing: unknown; guards: unknown }[];
  expect(rows.map(({ accountName, sizing, guards }) => ({ accountName, sizing, guards }))).toEqual([
    {
      accountName: alpha,
      sizing: { method: "FIXED", value: 5, belowOne: "REFUSE" },
      guards: {
        maxQuantityPerOrder: 3,
        maxPositionPerSymbol: null,
        maxNotionalPerOrder: null,
        allowSymbols: [],
        denySymbols: [],
        openClose: "ANY",
        maxOrdersPerDay: null,
      },
    },
    {
      accountName: beta,
      sizing: { method: "TIER", value: null, belowOne: "REFUSE" },
      guards: {
        maxQuantityPerOrder: null,
        maxPositionPerSymbol: null,
        maxNotionalPerOrder: null,
        allowSymbols: [],
        denySymbols: [],
        openClose: "ANY",
        maxOrdersPerDay: null,
      },
    },
  ]);

  // Kept across a reload: the list is the server's.
  await page.reload();
  await expect(row.getByRole("cell")).toHaveText([alpha, "Fixed 5", "Refuse", "Max qty/order 3", "Edit"]);
});
