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
