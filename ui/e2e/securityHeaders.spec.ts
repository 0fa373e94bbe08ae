// Browser tests of the security headers: a page on another origin cannot frame copydesk, and the app
// works under its Content-Security-Policy with no violation reported.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ConsoleMessage, Page } from "@playwright/test";
import { expect, loginThroughForm, registerAgent, test, uniqueAgent } from "./fixtures";

/** The policy copydesk sends with every answer. */
const POLICY = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; object-src 'none'; base-uri 'none'";

/** Serves one page on a free loopback port (another origin than copydesk's) that frames `target`. */
async function startFramingPage(target: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><title>framing page</title><h1>A page on another origin</h1>` +
        `<iframe id="victim" src="${target}" width="800" height="600"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}/`, server };
}

/** Records console messages and the page's `securitypolicyviolation` events from its first script on. */
async function watchPolicy(page: Page): Promise<{ messages: string[]; violations: () => Promise<string[]> }> {
  const messages: string[] = [];
  page.on("console", (message: ConsoleMessage) => messages.push(`${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI}`);
    });
  });
  return {
    messages,
    violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  };
}

test("every answer carries the policy and the other browser security headers", async ({ request }) => {
  for (const path of ["/", "/api/agent_account/profile"]) {
    const answer = await request.get(path);
    expect(answer.status()).toBe(200);
    const headers = answer.headers();
    expect(headers["content-security-policy"]).toBe(POLICY);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("no-referrer");
  }
  expect((await request.get("/api/agent_account/profile")).headers()["cache-control"]).toBe("no-store");
});

test("a page on another origin cannot show copydesk in a frame", async ({ page, baseURL }) => {
  const framing = await startFramingPage(`${baseURL}/#/login`);
  try {
    const messages: string[] = [];
    page.on("console", (message) => messages.push(message.text()));
    await page.goto(framing.url);
    await expect(page.getByRole("heading", { name: "A page on another origin" })).toBeVisible();

    // Chromium reports the refusal and leaves the frame on its error page: no login form inside.
    await expect.poll(() => messages.some((text) => text.includes("frame-ancestors 'none'"))).toBe(true);
    const frame = page.frameLocator("#victim");
    await expect(frame.getByRole("button", { name: "Login" })).toHaveCount(0);
    const inner = page.frames().find((candidate) => candidate !== page.mainFrame());
    expect(inner?.url().startsWith(baseURL ?? "unset")).not.toBe(true);
  } finally {
    await new Promise<void>((resolve) => framing.server.close(() => resolve()));
  }
});

test("the app signs in and shows the account and option screens under the policy", async ({ page, request }) => {
  const agent = uniqueAgent("csp");
  await registerAgent(request, agent);
  const watched = await watchPolicy(page);

  await loginThroughForm(page, agent);
  await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
  await expect(page.getByRole("button", { name: "ADD ACCOUNT" })).toBeVisible();

  // The option screen polls its tables with ETags: an unchanged table comes back 304.
  const unchanged = page.waitForResponse(
    (answer) => answer.url().includes("/api/copy_trading_account/database/COMMON") && answer.status() === 304,
  );
  await page.getByRole("navigation", { name: "Trading sections" }).getByRole("link", { name: "Option Trading" }).click();
  await expect(page.getByRole("heading", { name: "Option Trading" })).toBeVisible();
  expect((await unchanged).headers()["cache-control"]).toBe("no-store");

  expect(await watched.violations()).toEqual([]);
  expect(watched.messages.filter((text) => /content security policy|refused to/i.test(text))).toEqual([]);
  expect(watched.messages.filter((text) => text.startsWith("pageerror"))).toEqual([]);
});
