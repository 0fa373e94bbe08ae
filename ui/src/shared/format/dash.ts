// The mark shown in place of a value the server does not have.

/** Shown where a number, amount or time is null. */
export const DASH = "—";
