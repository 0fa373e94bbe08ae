// Shared pieces of the browser tests: the server's base URL, unique agents, and session helpers.
import { randomBytes } from "node:crypto";
import { expect, test as base, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** Environment variable through which the global setup hands the server's URL to the workers. */
export const BASE_URL_VARIABLE = "COPYDESK_E2E_BASE_URL";

/** A password every test agent can use (8 to 128 characters). */
export const AGENT_PASSWORD = "e2e-password-1";

/** The test API with `baseURL` pointing at the server started by the global setup. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const baseUrl = process.env[BASE_URL_VARIABLE];
    if (baseUrl === undefined || baseUrl === "") {
      throw new Error(`${BASE_URL_VARIABLE} is not set: the global setup did not start the server`);
    }
    await use(baseUrl);
  },
});

export { expect };

/** A username no other test uses, within the server's rules (letters, digits, `.`, `_`, `-`, `@`). */
export function uniqueAgent(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

/** Registers `agent` straight through the API. */
export async function registerAgent(request: APIRequestContext, agent: string): Promise<void> {
  const answer = await request.post("/api/agent_account/register/", {
    data: { agentUsername: agent, agentPassword: AGENT_PASSWORD },
  });
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toBe("Agent registered successfully");
}

/** Toasts not on their way out (a closed toast stays in the page while it fades). */
const SHOWN_TOASTS = ".bp6-toast:not(.bp6-toast-exit):not(.bp6-toast-exit-active)";

/**
 * The message of a shown toast with the given Blueprint intent: `success`, `warning` (a command that went out to
 * some of its accounts only) or `danger`.
 */
export function toast(page: Page, intent: "success" | "warning" | "danger"): Locator {
  return page.locator(`${SHOWN_TOASTS}.bp6-intent-${intent}`).getByRole("alert");
}

/**
 * Closes every toast on the page and waits until none is left, so the next toast is the next action's. A toast
 * already on its way out is not counted (it has no button left to click). A toast can also leave on its own
 * between being counted and being clicked, so each round is retried until the page has none.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator(SHOWN_TOASTS);
  await expect(async () => {
    if ((await toasts.count()) > 0) {
      await toasts.first().getByRole("button", { name: "Close" }).click({ timeout: 1_000 });
    }
    expect(await toasts.count()).toBe(0);
  }).toPass();
}

/** Signs `agent` in through the login form and waits for the Account section and the login toast (so that
 * a later {@link dismissToasts} never misses a toast that was still on its way). */
export async function loginThroughForm(page: Page, agent: string, password = AGENT_PASSWORD): Promise<void> {
  await page.goto("/#/login");
  await page.getByLabel("Username").fill(agent);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/#\/trading\/account$/);
  await expect(page.getByTestId("agent-username")).toHaveText(agent);
  await expect(toast(page, "success").filter({ hasText: "Login successfully" })).toBeVisible();
}
