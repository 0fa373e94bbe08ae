// Builds a root store for store tests: a fake server, manual timers and a fixed clock.
import { ApiClient } from "../api/ApiClient";
import type { Environment } from "../shell/Environment";
import { RootStore } from "../shell/RootStore";
import { fakeTransport, type RecordedRequest } from "./fakeTransport";
import { ManualScheduler } from "./manualScheduler";
import { routeResponder, type RouteHandler, type RouteResponder } from "./routeResponder";
import { TEST_NOW_MS } from "./testClock";

/** What {@link testRoot} returns. */
export interface TestRoot {
  /** The store under test. */
  readonly root: RootStore;
  /** The fake server; add routes with `server.on`. */
  readonly server: RouteResponder;
  /** Every request sent, in order. */
  readonly requests: RecordedRequest[];
  /** The pollers' timers. */
  readonly scheduler: ManualScheduler;
  /** The quote feeds' timers. */
  readonly quoteScheduler: ManualScheduler;
  /** The timers of the order dialogs' commands in flight. */
  readonly commandScheduler: ManualScheduler;
  /** The order dialogs' plan preview timers. */
  readonly previewScheduler: ManualScheduler;
}

/**
 * A root store answering `routes`, with manual timers, the clock at {@link TEST_NOW_MS}, times in UTC, and `env`
 * on top.
 */
export function testRoot(
  routes: Readonly<Record<string, RouteHandler>> = {},
  env: Partial<Environment> = {},
): TestRoot {
  const server = routeResponder(routes);
  const fake = fakeTransport(server.responder);
  const scheduler = new ManualScheduler();
  const quoteScheduler = new ManualScheduler();
  const commandScheduler = new ManualScheduler();
  const previewScheduler = new ManualScheduler();
  const root = new RootStore(new ApiClient({ transport: fake.transport }), {
    now: () => TEST_NOW_MS,
    scheduler: scheduler.schedule,
    quoteScheduler: quoteScheduler.schedule,
    commandScheduler: commandScheduler.schedule,
    previewScheduler: previewScheduler.schedule,
    openBlankWindow: () => null,
    timeZone: "UTC",
    ...env,
  });
  return { root, server, requests: fake.requests, scheduler, quoteScheduler, commandScheduler, previewScheduler };
}

/** `[method, url, body]` of each request, for exact assertions. */
export function calls(requests: readonly RecordedRequest[]): [string, string, string | undefined][] {
  return requests.map((request) => [request.method, request.url, request.body]);
}
