// Shared pieces of the browser tests: each worker's own server, unique agents, and session helpers.
import { randomBytes } from "node:crypto";
import { expect, test as base, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { FAKE_APP_KEY, FAKE_APP_SECRET, startSchwabFake, type RunningFake } from "./schwabFake";
import { startServer, type RunningServer } from "./server";

/** A password every test agent can use (8 to 128 characters). */
export const AGENT_PASSWORD = "e2e-password-1";

/** The callback address the Schwab-mode server is registered with; nothing serves it, as on a trader's machine. */
export const SCHWAB_CALLBACK = "https://127.0.0.1:8182/callback";

/** How long a worker may take to start its servers (and the fake) before its tests fail. */
const SERVER_START_TIMEOUT_MS = 60_000;

/** A copydesk server in Schwab mode and the schwab-fake it trades with. */
export interface SchwabDesk {
  /** The fake Schwab API (its login page, accounts and paper market). */
  readonly fake: RunningFake;
  /** copydesk serving the UI with `--broker schwab` against the fake. */
  readonly server: RunningServer;
}

/** The fixtures a worker starts once, on first use, and stops when it ends. */
interface WorkerFixtures {
  /**
   * This worker's own `copydesk serve` on the paper brokerage: its own data directory, port and paper market,
   * so no test sees another worker's agents, accounts, orders or prices, and the operator panel shows only
   * this worker's data.
   */
  readonly copydesk: RunningServer;
  /** This worker's own Schwab-mode server and schwab-fake, started only when a test asks for them. */
  readonly schwabDesk: SchwabDesk;
}

/** The test API with `baseURL` pointing at the worker's own server. */
export const test = base.extend<object, WorkerFixtures>({
  copydesk: [
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: SERVER_START_TIMEOUT_MS },
  ],
  schwabDesk: [
    async ({}, use) => {
      const fake = await startSchwabFake();
      try {
        const server = await startServer({
          extraArgs: [
            "--broker",
            "schwab",
            "--schwab-base-url",
            fake.baseUrl,
            "--schwab-app-key",
            FAKE_APP_KEY,
            "--schwab-app-secret",
            FAKE_APP_SECRET,
            "--schwab-callback-url",
            SCHWAB_CALLBACK,
          ],
        });
        try {
          await use({ fake, server });
        } finally {
          await server.stop();
        }
      } finally {
        await fake.stop();
      }
    },
    { scope: "worker", timeout: SERVER_START_TIMEOUT_MS },
  ],
  baseURL: async ({ copydesk }, use) => {
    await use(copydesk.baseUrl);
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

/**
 * Signs `agent` in straight through the API (the page's browser context keeps the session cookie), opens the
 * Account screen and waits until the header names the agent. For tests whose subject is not the login form;
 * `session.spec.ts` signs in through the form.
 */
export async function signInThroughApi(page: Page, agent: string, password = AGENT_PASSWORD): Promise<void> {
  const answer = await page.request.post("/api/agent_account/login/", {
    data: { agentUsername: agent, agentPassword: password },
  });
  expect(answer.status()).toBe(200);
  await page.goto("/#/trading/account");
  await expect(page.getByTestId("agent-username")).toHaveText(agent);
}

/** Registers a fresh agent named after `prefix` and signs it in through the API; returns its username. */
export async function newAgentSignedIn(page: Page, prefix: string): Promise<string> {
  const agent = uniqueAgent(prefix);
  await registerAgent(page.request, agent);
  await signInThroughApi(page, agent);
  return agent;
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
