// The one module that talks HTTP to the copydesk server: every store calls the API through this client.
import { ApiError, INVALID_ANSWER_CODE, NETWORK_ERROR_CODE, httpStatusCode } from "./ApiError";
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

/** HTTP methods the API uses. */
type Method = "GET" | "POST" | "PUT" | "DELETE";

/** The path prefix under which the server serves the API. */
export const API_BASE_PATH = "/api";

const browserTransport: Transport = (url, init) => fetch(url, init);

/** Options of {@link ApiClient}. */
export interface ApiClientOptions {
  /** How requests are sent; defaults to the browser's `fetch`. */
  readonly transport?: Transport;
  /** Path prefix of every call; defaults to {@link API_BASE_PATH}. */
  readonly basePath?: string;
}

/**
 * Client for the copydesk API. Cookies travel with every call; state-changing calls send a JSON body with
 * `Content-Type: application/json`; answers are decoded by their content type; any status outside 2xx,
 * and any failure to reach the server, rejects with an {@link ApiError}.
 */
export class ApiClient {
  private readonly transport: Transport;
  private readonly basePath: string;

  /** @param options Transport and base path; both have browser defaults. */
  constructor(options: ApiClientOptions = {}) {
    this.transport = options.transport ?? browserTransport;
    this.basePath = options.basePath ?? API_BASE_PATH;
  }

  /**
   * GET `path` (relative to the base path, starting with `/`) with optional query parameters.
   * @throws {ApiError} on a non-2xx answer or when the server cannot be reached.
   */
  get(path: string, query?: QueryParams): Promise<ApiAnswer> {
    return this.send("GET", path, undefined, query);
  }

  /**
   * POST `body` as JSON (an empty object when omitted).
   * @throws {ApiError} on a non-2xx answer or when the server cannot be reached.
   */
  post(path: string, body?: unknown): Promise<ApiAnswer> {
    return this.send("POST", path, body ?? {});
  }

  /**
   * PUT `body` as JSON (an empty object when omitted).
   * @throws {ApiError} on a non-2xx answer or when the server cannot be reached.
   */
  put(path: string, body?: unknown): Promise<ApiAnswer> {
    return this.send("PUT", path, body ?? {});
  }

  /**
   * DELETE with `body` as JSON (an empty object when omitted).
   * @throws {ApiError} on a non-2xx answer or when the server cannot be reached.
   */
  delete(path: string, body?: unknown): Promise<ApiAnswer> {
    return this.send("DELETE", path, body ?? {});
  }

  private async send(method: Method, path: string, body: unknown, query?: QueryParams): Promise<ApiAnswer> {
    const headers: Record<string, string> = { Accept: "application/json, text/plain" };
    const init: RequestInit = { method, credentials: "include", headers };
    if (method !== "GET") {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }

    let response: Response;
    try {
      response = await this.transport(this.url(path, query), init);
    } catch (cause) {
      throw new ApiError(0, `Could not reach the server (${describe(cause)})`, NETWORK_ERROR_CODE);
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
      return text;
    }
    if (text.trim() === "") {
      return null;
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ApiError(response.status, "The server sent malformed JSON", INVALID_ANSWER_CODE);
    }
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
        return new ApiError(response.status, parsed.error, code);
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
