// The result of a user action as the UI reports it: success or failure plus the exact message to show.

/** What a store action tells the page: whether it worked and the message to toast. */
export interface Outcome {
  /** True when the action succeeded (success toast), false when it failed (danger toast). */
  readonly ok: boolean;
  /** The exact text to show the user. */
  readonly message: string;
}

/** A successful outcome showing `message`. */
export function succeeded(message: string): Outcome {
  return { ok: true, message };
}

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
