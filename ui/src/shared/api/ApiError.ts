// The typed error every failed API call rejects with.
/** A failed call to the copydesk API, carrying the server's error message and code. */
export class ApiError extends Error {
  /** HTTP status of the answer; 0 when no answer arrived at all. */
  readonly status: number;
  /** Machine-readable error slug, e.g. `invalid_credentials` or `network_error`. */
  readonly code: string;
  /** The whole JSON error answer (e.g. a refused all or none's `rejects`); undefined when there was none. */
  readonly details: unknown;

  /**
   * @param status HTTP status, or 0 for a call that never got an answer.
   * @param message Human-readable text, taken from the server's `error` field where present.
   * @param code Machine-readable slug, taken from the server's `code` field where present.
   * @param details The whole JSON error answer, when there was one.
   */
  constructor(status: number, message: string, code: string, details?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** Code used when the request never reached the server or its answer never arrived. */
export const NETWORK_ERROR_CODE = "network_error";

/** Code used when the server did not answer within a call's timeout. */
export const TIMEOUT_CODE = "timeout";

/** Code used when a successful answer claims to be JSON but cannot be parsed. */
export const INVALID_ANSWER_CODE = "invalid_answer";

/** Code used for an error answer that does not follow the server's JSON error shape. */
export function httpStatusCode(status: number): string {
  return `http_${status}`;
}
