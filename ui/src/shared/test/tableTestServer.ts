// A fake server for the shared table tests: each request to a path is answered by the next queued answer.
import { ApiClient } from "../api/ApiClient";
import { deferred, fakeTransport, type Deferred, type RecordedRequest } from "./fakeTransport";
import { TEST_NOW_MS } from "./testClock";

/** One queued answer: a delta body with its ETag, a 304, an error status, or one the test settles later. */
export type QueuedAnswer =
  | { readonly body: unknown; readonly etag: string }
  | { readonly notModified: string }
  | { readonly status: number }
  | { readonly later: Deferred<Response> };

/** What {@link tableTestServer} returns. */
export interface TableTestServer {
  /** A client sending to the fake server. */
  readonly deps: { readonly api: ApiClient; readonly env: { now: () => number; timeZone: string } };
  /** Every request sent, in order. */
  readonly requests: RecordedRequest[];
  /** Queues `answers` for requests to `path` (under `/api`). */
  answer(path: string, ...answers: QueuedAnswer[]): void;
  /** Queues an answer for `path` that the test settles with the returned handle. */
  later(path: string): Deferred<Response>;
}

/** A fake server answering each path from its queue; a request with nothing queued fails the test. */
export function tableTestServer(): TableTestServer {
  const queues = new Map<string, QueuedAnswer[]>();
  const fake = fakeTransport((request) => {
    const path = new URL(request.url, "http://test").pathname;
    const next = queues.get(path)?.shift();
    if (next === undefined) {
      throw new Error(`nothing queued for ${request.url}`);
    }
    if ("later" in next) {
      return next.later.promise;
    }
    if ("notModified" in next) {
      return new Response(null, { status: 304, headers: { ETag: next.notModified } });
    }
    if ("status" in next) {
      return new Response(JSON.stringify({ message: "failed" }), { status: next.status });
    }
    return new Response(JSON.stringify(next.body), {
      status: 200,
      headers: { "Content-Type": "application/json", ETag: next.etag },
    });
  });
  const answer = (path: string, ...answers: QueuedAnswer[]) => {
    const queue = queues.get(`/api${path}`) ?? [];
    queue.push(...answers);
    queues.set(`/api${path}`, queue);
  };
  return {
    deps: { api: new ApiClient({ transport: fake.transport }), env: { now: () => TEST_NOW_MS, timeZone: "UTC" } },
    requests: fake.requests,
    answer,
    later(path) {
      const handle = deferred<Response>();
      answer(path, { later: handle });
      return handle;
    },
  };
}

/** A delta answer body. */
export function delta(version: number, full: boolean, changed: unknown, removed: string[] = []): unknown {
  return { version, full, changed, removed };
}

/** A JSON response with `body` and `etag`. */
export function jsonWithEtag(body: unknown, etag: string): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { "Content-Type": "application/json", ETag: etag },
  });
}
