// A scripted stand-in for fetch that records every request, so stores and pages test without a network.
import type { Transport } from "../api/ApiClient";

/** One request as the fake transport saw it. */
export interface RecordedRequest {
  /** Request URL, e.g. `/api/agent_account/login/`. */
  readonly url: string;
  /** HTTP method. */
  readonly method: string;
  /** Request headers with lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  /** The raw body string, or undefined when none was sent. */
  readonly body: string | undefined;
  /** The credentials mode. */
  readonly credentials: RequestCredentials | undefined;
}

/** Answers one request; may return a pending promise to hold the request in flight. */
export type Responder = (request: RecordedRequest) => Response | Promise<Response>;

/** A transport plus the log of what it was asked. */
export interface FakeTransport {
  /** Pass this to the ApiClient. */
  readonly transport: Transport;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
}

/** Builds a fake transport answering with `responder`. */
export function fakeTransport(responder: Responder): FakeTransport {
  const requests: RecordedRequest[] = [];
  const transport: Transport = async (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const request: RecordedRequest = {
      url,
      method: init.method ?? "GET",
      headers,
      body: typeof init.body === "string" ? init.body : undefined,
      credentials: init.credentials,
    };
    requests.push(request);
    return responder(request);
  };
  return { transport, requests };
}

/** A JSON answer. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** A plain-text answer. */
export function textResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** A promise with its resolve function exposed, to hold a request in flight until the test lets go. */
export interface Deferred<T> {
  /** The pending promise. */
  readonly promise: Promise<T>;
  /** Settles the promise with `value`. */
  resolve(value: T): void;
  /** Rejects the promise with `reason`. */
  reject(reason: unknown): void;
}

/** Creates a {@link Deferred}. */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
