// The result of a user action as the UI reports it: success or failure plus the exact message to show.

/** What a store action tells the page: whether it worked and the message to toast. */
export interface Outcome {
  /** True when the action succeeded (success toast), false when it failed (danger toast). */
  readonly ok: boolean;
  /** The exact text to show the user. */
  readonly message: string;
  /**
   * True for a command that went out to some accounts and not to others: it did go out (the dialog closes, the
   * new session comes into view) and it shows as a warning, not as a success or a failure.
   */
  readonly partial?: boolean;
  /** True when there is nothing to tell: the agent chose not to send (no toast; the dialog stays open). */
  readonly quiet?: boolean;
}

/** A successful outcome showing `message`. */
export function succeeded(message: string): Outcome {
  return { ok: true, message };
}

/** A command that went out to some of its accounts only, showing `message` as a warning. */
export function partlySucceeded(message: string): Outcome {
  return { ok: true, message, partial: true };
}

/** Nothing was sent because the agent said not to (or was already sending): nothing to show. */
export const NOT_SENT: Outcome = { ok: false, message: "", quiet: true };

/** A failed outcome showing `message`. */
export function failed(message: string): Outcome {
  return { ok: false, message };
}

/**
 * `text` followed by `reason`, so a message keeps its specified words first and then says why: after a space
 * when `text` ends a sentence or with a colon (`Registration failed. Please try again. <reason>`, `Copy trading
 * failed: <reason>`), else after a colon (`Exit order failed: <reason>`). `text` alone without a reason.
 */
export function withReason(text: string, reason: string | null | undefined): string {
  const why = reason?.trim() ?? "";
  const head = text.trimEnd();
  if (why === "") {
    return head;
  }
  return /[.!?:]$/.test(head) ? `${head} ${why}` : `${head}: ${why}`;
}

/** A failed outcome showing `text` followed by `reason` (see {@link withReason}). */
export function failedWith(text: string, reason: string | null | undefined): Outcome {
  return failed(withReason(text, reason));
}
