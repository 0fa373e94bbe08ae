// Renders components inside the app's providers (root store, in-memory router) for component tests.
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { ApiClient } from "../api/ApiClient";
import type { Environment } from "../shell/Environment";
import { RootStore } from "../shell/RootStore";
import { StoreContext } from "../shell/StoreContext";
import { fakeTransport, type FakeTransport, type Responder } from "./fakeTransport";
import { ManualScheduler } from "./manualScheduler";
import { TEST_NOW_MS } from "./testClock";

/** What {@link renderApp} returns: the render result, the store and the request log. */
export interface RenderedApp extends RenderResult {
  /** The root store the components use. */
  readonly store: RootStore;
  /** The fake transport behind the store's API client. */
  readonly fake: FakeTransport;
  /** The timers of the store's pollers; they fire only when the test says so. */
  readonly scheduler: ManualScheduler;
  /** The timers of the quote feeds; they fire only when the test says so. */
  readonly quoteScheduler: ManualScheduler;
  /** The timers of the order dialogs' commands in flight; they fire only when the test says so. */
  readonly commandScheduler: ManualScheduler;
  /** The order dialogs' plan preview timers. */
  readonly previewScheduler: ManualScheduler;
}

/** Shows the current path in a test id, so tests can assert where navigation went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders `ui` at `path` with a fresh root store whose API answers through `responder`. Pollers use a
 * {@link ManualScheduler}, the clock stands at {@link TEST_NOW_MS}, times show in UTC, and no window opens;
 * `env` replaces any.
 */
export function renderApp(
  ui: ReactElement,
  path: string,
  responder: Responder,
  env: Partial<Environment> = {},
): RenderedApp {
  const fake = fakeTransport(responder);
  const scheduler = new ManualScheduler();
  const quoteScheduler = new ManualScheduler();
  const commandScheduler = new ManualScheduler();
  const previewScheduler = new ManualScheduler();
  const store = new RootStore(new ApiClient({ transport: fake.transport }), {
    now: () => TEST_NOW_MS,
    scheduler: scheduler.schedule,
    quoteScheduler: quoteScheduler.schedule,
    commandScheduler: commandScheduler.schedule,
    previewScheduler: previewScheduler.schedule,
    openBlankWindow: () => null,
    timeZone: "UTC",
    ...env,
  });
  const result = render(
    <StoreContext.Provider value={store}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </StoreContext.Provider>,
  );
  return { ...result, store, fake, scheduler, quoteScheduler, commandScheduler, previewScheduler };
}

/** A responder for tests that must not call the API at all. */
export const noCallsExpected: Responder = (request) => {
  throw new Error(`unexpected request ${request.method} ${request.url}`);
};
