// Renders components inside the app's providers (root store, in-memory router) for component tests.
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { ApiClient } from "../api/ApiClient";
import { RootStore } from "../stores/RootStore";
import { StoreContext } from "../stores/StoreContext";
import { fakeTransport, type FakeTransport, type Responder } from "./fakeTransport";

/** What {@link renderApp} returns: the render result, the store and the request log. */
export interface RenderedApp extends RenderResult {
  /** The root store the components use. */
  readonly store: RootStore;
  /** The fake transport behind the store's API client. */
  readonly fake: FakeTransport;
}

/** Shows the current path in a test id, so tests can assert where navigation went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders `ui` at `path` with a fresh root store whose API answers through `responder`. */
export function renderApp(ui: ReactElement, path: string, responder: Responder): RenderedApp {
  const fake = fakeTransport(responder);
  const store = new RootStore(new ApiClient({ transport: fake.transport }));
  const result = render(
    <StoreContext.Provider value={store}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </StoreContext.Provider>,
  );
  return { ...result, store, fake };
}

/** A responder for tests that must not call the API at all. */
export const noCallsExpected: Responder = (request) => {
  throw new Error(`unexpected request ${request.method} ${request.url}`);
};
