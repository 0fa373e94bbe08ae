// Test setup: a test fails when MobX warns that observed state changed outside an action (strict mode).
import { afterEach, beforeEach, expect } from "vitest";

/** MobX's strict-mode warnings of the running test. */
let warnings: string[] = [];
const warn = console.warn.bind(console);

console.warn = (...args: unknown[]) => {
  const text = args.map(String).join(" ");
  if (text.startsWith("[MobX]")) {
    warnings.push(text);
  }
  warn(...args);
};

beforeEach(() => {
  warnings = [];
});

afterEach(() => {
  expect(warnings, "observable state changed outside an action").toEqual([]);
});
