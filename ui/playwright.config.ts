// Browser-test settings: Debian's Chromium, one worker per core, each with its own real server (e2e/fixtures.ts).
import { cpus } from "node:os";
import { defineConfig } from "@playwright/test";

/** Debian's Chromium; browser tests never download a browser of their own. */
const CHROMIUM = "/usr/bin/chromium";

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/globalSetup.ts",
  outputDir: "test-results",
  // As many workers as the machine has cores, and any test on any worker: every worker starts its own server
  // with its own data directory, so tests never share agents, accounts or the paper market across workers.
  workers: Math.max(1, cpus().length),
  fullyParallel: true,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    // The screens honour a request for less motion; asked for here, a dialog is where it will stay when it
    // opens, so a click in it never races its entrance (a rare miss under load on a 2-core machine).
    contextOptions: { reducedMotion: "reduce" },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
