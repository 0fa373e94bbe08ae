// Accessibility checks in the browser tests: axe-core scans the page as it is shown.
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Moderate findings the screens must not have either: a level-one heading, and no skipped heading level. */
const ALSO_REFUSED = ["page-has-heading-one", "heading-order"];

/**
 * Scans the page (or the open dialog) with axe-core, once nothing is moving, and fails on any serious or
 * critical violation, and on a missing level-one heading or a skipped heading level; `what` names the screen in
 * the failure.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // A dialog or toast still fading in or out has colours between its own and the page's: scan what stays.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const refused = results.violations.filter(
    (violation) =>
      violation.impact === "serious" || violation.impact === "critical" || ALSO_REFUSED.includes(violation.id),
  );
  expect(
    refused.map((violation) => `${violation.id} (${violation.impact ?? "?"}): ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`),
    `axe-core on ${what}`,
  ).toEqual([]);
}
