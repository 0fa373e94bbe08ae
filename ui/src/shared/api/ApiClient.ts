// The one module that talks HTTP to the copydesk server: every store calls the API through this client.
import { ApiError, INVALID_ANSWER_CODE, NETWORK_ERROR_CODE, TIMEOUT_CODE, httpStatusCode } from "./ApiError";
import { CommandKeys, type CommandScope, type KeyMaker, isCommandPath } from "./CommandKeys";
import { isRecord } from "./json";

/** Sends one HTTP request; `fetch` in the browser, a fake in tests. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** Query-string parameters of a GET call. */
export type QueryParams = Readonly<Record<string, string | number | boolean>>;

/**
 * A decoded answer body: the parsed value for a JSON answer, the raw text for any other answer
 * (e.g. `Agent registered successfully` or `success`).
 */
export type ApiAnswer = unknown;

/** Options of a call that may send orders (ignored by any other call). */
export interface CommandOptions {
  /**
   * The dialog opening the command is sent from: sent again from it unchanged, the command keeps its key, so
   * the server answers it from the first and sends nothing more.
   */
  readonly scope?: CommandScope;
}

/** Schedules `callback` after `delayMs` and returns a function that cancels it (the timer of call timeouts). */
export type Timer = (callback: () => void, delayMs: number) => () => void;

/** Per-call options. */
export interface CallOptions {
  /**
   * Gives up after this many milliseconds: the request is aborted and the call rejects with an
   * {@link ApiError} of code {@link TIMEOUT_CODE}. No limit when omitted.
   */
  readonly timeoutMs?: number;
}

/**
 * The answer of a conditional GET: either the server's copy has not changed since the ETag sent (304), or
 * the new body with its ETag (null when the server sent none).
 */
export type ConditionalAnswer =
  { readonly modified: false } | { readonly modified: true; readonly body: ApiAnswer; readonly etag: string | null };

/** HTTP methods the API uses. */
type Method = "GET" | "POST" | "PUT" | "DELETE";

/** The methods of calls with a body. */
export type WriteMethod = "post" | "put" | "delete";

/** The path prefix under which the server serves the API. */
export const API_BASE_PATH = "/api";

const browserTransport: Transport = (url, init) => fetch(url, init);

const browserTimer: Timer = (callback, delayMs) => {
  const handle = setTimeout(callback, delayMs);
  return () => clearTimeout(handle);
};

/** One decoded answer with the headers a caller may need. */
interface Answer {
  readonly status: number;
  readonly body: ApiAnswer;
  readonly etag: string | null;
}

/** Options of {@link ApiClient}. */
export interface ApiClientOptions {
  /** How requests are sent; defaults to the browser's `fetch`. */
  readonly transport?: Transport;
  /** Path prefix of every call; defaults to {@link API_BASE_PATH}. */
  readonly basePath?: string;
  /** Timer of call timeouts; defaults to `setTimeout`. */
  readonly timer?: Timer;
  /** Makes the idempotency keys of copy commands; defaults to 16 random bytes in hex. */
  readonly makeKey?: KeyMaker;
}

/**
 * Error codes of a repeated command the server did not carry out because the first one is running or was cut off
 * by a stop: the command keeps its key, so sending it once more is still a repeat.
 */
const STILL_A_REPEAT: readonly string[] = ["command_in_progress", "command_interrupted"];

/** What a command whose answer never arrived tells the trader besides why: it may have been carried out. */
export const UNKNOWN_OUTCOME =
  "The orders may have gone out: the orders table shows them, and sending this again never sends them twice";

/** A command's error; one that got no answer says the orders may have gone out. */
function unknownOutcome(error: unknown): unknown {
  if (!(error instanceof ApiError) || (error.code !== NETWORK_ERROR_CODE && error.code !== TIMEOUT_CODE)) {
    return error;
  }
  return new ApiError(error.status, `${error.message}. ${UNKNOWN_OUTCOME}`, error.code, error.details);
}

/** Whether a failed command got the server's final word (its key need not be kept for a repeat). */
function answered(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status > 0 &&
    error.status < 500 &&
    error.code !== NETWORK_ERROR_CODE &&
    !STILL_A_REPEAT.includes(error.code)
  );
}

/**
 * Client for the copydesk API. Cookies travel with every call; state-changing calls send a JSON body with
 * `Content-Type: application/json`; answers are decoded by their content type; any status outside 2xx,
 * and any failure to reach the server, rejects with an {@link ApiError}. Every copy command (place, exit,
 * replace, cancel) carries an `Idempotency-Key`; the same command sent again from the same dialog opening, or
 * after its answer was lost, carries the same key, so the server answers it without sending any order twice.
 */
export class ApiClient {
  private readonly transport: Transport;
  private readonly basePath: string;
  private readonly timer: Timer;
  private readonly commandKeys: CommandKeys;

  /** @param options Transport, base path, timer and key maker; all have browser defaults. */
  constructor(options: ApiClientOptions = {}) {
    this.transport = options.transport ?? browserTransport;
    this.basePath = options.basePath ?? API_BASE_PATH;
    this.timer = options.timer ?? browserTimer;
    this.commandKeys = new CommandKeys(options.makeKey);
  }

  /**
   * GET `path` (relative to the base path, starting with `/`) with optional query parameters.
   * @throws {ApiError} on a non-2xx answer, when the server cannot be reached, or on timeout.
   */
  async get(path: string, query?: QueryParams, options: CallOptions = {}): Promise<ApiAnswer> {
    return (await this.send("GET", path, undefined, { query, timeoutMs: options.timeoutMs })).body;
  }

  /**
   * GET `path` unless the server's copy still has the ETag `etag` (sent as `If-None-Match`); a 304 answer
   * resolves as not modified, so the caller keeps what it has.
   * @throws {ApiError} on any other non-2xx answer or when the server cannot be reached.
   */
  async getIfChanged(path: string, etag: string | null, query?: QueryParams): Promise<ConditionalAnswer> {
    const answer = await this.send("GET", path, undefined, { query, etag });
    if (answer.status === NOT_MODIFIED) {
      return { modified: false };
    }
    return { modified: true, body: answer.body, etag: answer.etag };
  }

  /**
   * POST `body` as JSON (an empty object when omitted); a copy command from a dialog names its opening.
   * @throws {ApiError} on a non-2xx answer or when the server cannot be reached.
   */
  async post(path: string, body?: unknown, options: CommandOptions = {}): Promise<ApiAnswer> {
    return (await this.send("POST", path, body ?? {}, { scope: options.scope })).body;
  }

  /**
   * PUT `body` as JSON (an empty object when omitted); a copy command from a dialog names its opening.
   * @throws {ApiError} on a non-2xx answer or when the server cannot be reached.
   */
  async put(path: string, body?: unknown, options: CommandOptions = {}): Promise<ApiAnswer> {
    return (await this.send("PUT", path, body ?? {}, { scope: options.scope })).body;
  }

  /**
   * DELETE with `body` as JSON (an empty object when omitted); a copy command from a dialog names its opening.
   * @throws {ApiError} on a non-2xx answer or when the server cannot be reached.
   */
  async delete(path: string, body?: unknown, options: CommandOptions = {}): Promise<ApiAnswer> {
    return (await this.send("DELETE", path, body ?? {}, { scope: options.scope })).body;
  }

  /**
   * Whether sending the copy command `method path body` from `scope` now would repeat one already sent (the same
   * key: the server answers it from the first and sends nothing); false for a new command or any other call.
   */
  isRepeat(method: WriteMethod, path: string, body: unknown, scope?: CommandScope): boolean {
    return isCommandPath(path) && this.commandKeys.keptKey(commandText(method, path, body ?? {}), scope) !== null;
  }

  /** Sends a call; a copy command under its idempotency key, kept for a repeat while no final answer came. */
  private async send(method: Method, path: string, body: unknown, extra: SendOptions = {}): Promise<Answer> {
    if (method === "GET" || !isCommandPath(path)) {
      return this.exchange(method, path, body, extra);
    }
    const command = commandText(method, path, body);
    const key = this.commandKeys.keyFor(command, extra.scope);
    try {
      const answer = await this.exchange(method, path, body, { ...extra, idempotencyKey: key });
      this.commandKeys.settle(command, key, true);
      return answer;
    } catch (error) {
      this.commandKeys.settle(command, key, answered(error));
      throw unknownOutcome(error);
    }
  }

  private async exchange(method: Method, path: string, body: unknown, extra: SendOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { Accept: "application/json, text/plain" };
    const init: RequestInit = { method, credentials: "include", headers };
    if (method !== "GET") {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    if (extra.etag !== undefined && extra.etag !== null) {
      headers["If-None-Match"] = extra.etag;
    }
    if (extra.idempotencyKey !== undefined) {
      headers["Idempotency-Key"] = extra.idempotencyKey;
    }

    let response: Response;
    try {
      response = await this.withTimeout(this.url(path, extra.query), init, extra.timeoutMs);
    } catch (cause) {
      if (cause instanceof ApiError) {
        throw cause;
      }
      throw new ApiError(0, `Could not reach the server (${describe(cause)})`, NETWORK_ERROR_CODE);
    }
    const etag = response.headers.get("ETag");
    if (response.status === NOT_MODIFIED) {
      return { status: NOT_MODIFIED, body: null, etag };
    }

    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      throw new ApiError(response.status, `The answer was cut off (${describe(cause)})`, NETWORK_ERROR_CODE);
    }
    const isJson = isJsonContentType(response.headers.get("Content-Type"));

    if (!response.ok) {
      throw errorFromAnswer(response, text, isJson);
    }
    if (!isJson) {
      return { status: response.status, body: text, etag };
    }
    if (text.trim() === "") {
      return { status: response.status, body: null, etag };
    }
    try {
      return { status: response.status, body: JSON.parse(text) as unknown, etag };
    } catch {
      throw new ApiError(response.status, "The server sent malformed JSON", INVALID_ANSWER_CODE);
    }
  }

  /** Sends the request; with a timeout, aborts it and rejects with a timeout error when time runs out. */
  private withTimeout(url: string, init: RequestInit, timeoutMs: number | undefined): Promise<Response> {
    if (timeoutMs === undefined) {
      return this.transport(url, init);
    }
    const controller = new AbortController();
    init.signal = controller.signal;
    return new Promise<Response>((resolve, reject) => {
      const cancel = this.timer(() => {
        controller.abort();
        reject(new ApiError(0, `The server did not answer within ${timeoutMs} ms`, TIMEOUT_CODE));
      }, timeoutMs);
      this.transport(url, init).then(
        (response) => {
          cancel();
          resolve(response);
        },
        (error: unknown) => {
          cancel();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /**
   * The address of `path` with `query`, for a link the browser follows itself (a download that streams to
   * disk); nothing is sent.
   */
  href(path: string, query?: QueryParams): string {
    return this.url(path, query);
  }

  private url(path: string, query?: QueryParams): string {
    const url = `${this.basePath}${path}`;
    if (query === undefined) {
      return url;
    }
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      params.append(key, String(value));
    }
    const encoded = params.toString();
    return encoded === "" ? url : `${url}?${encoded}`;
  }
}

/** What {@link ApiClient.send} takes besides method, path and body. */
interface SendOptions {
  readonly query?: QueryParams | undefined;
  readonly etag?: string | null;
  readonly timeoutMs?: number | undefined;
  readonly idempotencyKey?: string;
  readonly scope?: CommandScope | undefined;
}

/** What tells two copy commands apart: method, path (without a trailing slash) and body. */
function commandText(method: string, path: string, body: unknown): string {
  return `${method.toUpperCase()} ${path.replace(/\/+$/, "")} ${JSON.stringify(body)}`;
}

const NOT_MODIFIED = 304;

function isJsonContentType(contentType: string | null): boolean {
  if (contentType === null) {
    return false;
  }
  const mediaType = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  return mediaType === "application/json" || mediaType.endsWith("+json");
}

/** Builds the error for a non-2xx answer from the server's `{"error", "code"}` shape when it is there. */
function errorFromAnswer(response: Response, text: string, isJson: boolean): ApiError {
  if (isJson) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isRecord(parsed) && typeof parsed.error === "string") {
        const code = typeof parsed.code === "string" ? parsed.code : httpStatusCode(response.status);
        return new ApiError(response.status, parsed.error, code, parsed);
      }
    } catch {
      // Not the JSON it claims to be: fall through to the plain-text description below.
    }
  }
  const trimmed = text.trim();
  const message = trimmed !== "" ? trimmed : `HTTP ${response.status} ${response.statusText}`.trim();
  return new ApiError(response.status, message, httpStatusCode(response.status));
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
