// A fake server for tests: answers by method and path (query ignored) and records requests it cannot answer.
import type { RecordedRequest, Responder } from "./fakeTransport";

/** Answers one route; may return a pending promise to hold the request in flight. */
export type RouteHandler = (request: RecordedRequest) => Response | Promise<Response>;

/** A responder plus the requests no route matched. */
export interface RouteResponder {
  /** Pass this to `fakeTransport` or `renderApp`. */
  readonly responder: Responder;
  /** Requests no route answered (they got a 599); a passing test expects this to stay empty. */
  readonly unexpected: RecordedRequest[];
  /** Adds or replaces the handler of `route` (e.g. `GET /api/trading_account/database`). */
  on(route: string, handler: RouteHandler): void;
}

/** The `METHOD /path` key of a request, without its query string. */
export function routeOf(request: RecordedRequest): string {
  return `${request.method} ${request.url.split("?")[0] ?? request.url}`;
}

/** Builds a responder from `routes`, keyed `METHOD /path`. */
export function routeResponder(routes: Readonly<Record<string, RouteHandler>> = {}): RouteResponder {
  const handlers = new Map<string, RouteHandler>(Object.entries(routes));
  const unexpected: RecordedRequest[] = [];
  const responder: Responder = (request) => {
    const handler = handlers.get(routeOf(request));
    if (handler === undefined) {
      unexpected.push(request);
      return new Response(`no route for ${routeOf(request)}`, { status: 599 });
    }
    return handler(request);
  };
  return {
    responder,
    unexpected,
    on(route, handler) {
      handlers.set(route, handler);
    },
  };
}
