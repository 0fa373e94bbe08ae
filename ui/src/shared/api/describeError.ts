// Turns anything a failed call threw into a sentence for the user.
import { ApiError } from "./ApiError";

/** The server's message of an {@link ApiError}, the message of any other error, or its string form. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) {
    return error.message;
  }
  return String(error);
}

/** Why a call failed, to add to a failure message; null when there is nothing to say. */
export function reasonOf(error: unknown): string | null {
  const reason = describeError(error).trim();
  return reason === "" ? null : reason;
}

/** True when the server refused the request itself (a 4xx answer), as opposed to failing or being unreachable. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
