// The accounts whose write limits keep a command in flight waiting (`GET /api/command_waits`), in words.
import { isRecord } from "../api/json";

/** The call naming the accounts a command in flight waits for. */
export const COMMAND_WAITS_PATH = "/command_waits";

/** How often a dialog asks while its command is in flight. */
export const COMMAND_WAITS_POLL_MS = 1_000;

/** One account whose per-account write budget makes a command in flight wait. */
export interface CommandWait {
  /** The account's name. */
  readonly accountName: string;
  /** Seconds until it may write again. */
  readonly secondsLeft: number;
}

/** Reads `{"waits": [{"accountName", "secondsLeft"}]}`; entries of another shape are left out. */
export function parseCommandWaits(answer: unknown): CommandWait[] {
  if (!isRecord(answer) || !Array.isArray(answer.waits)) {
    return [];
  }
  return answer.waits.flatMap((entry: unknown) =>
    isRecord(entry) &&
    typeof entry.accountName === "string" &&
    typeof entry.secondsLeft === "number" &&
    Number.isFinite(entry.secondsLeft)
      ? [{ accountName: entry.accountName, secondsLeft: Math.max(0, Math.ceil(entry.secondsLeft)) }]
      : [],
  );
}

/**
 * What the dialog says under its buttons: `waiting for Atlas Small's write limit: 20 s`, or for several
 * `waiting for the write limits of Atlas Small (20 s), Birch Small (12 s)`; null when nothing waits.
 */
export function commandWaitsText(waits: readonly CommandWait[]): string | null {
  const [only] = waits;
  if (only === undefined) {
    return null;
  }
  if (waits.length === 1) {
    return `waiting for ${only.accountName}'s write limit: ${only.secondsLeft} s`;
  }
  const each = waits.map((wait) => `${wait.accountName} (${wait.secondsLeft} s)`).join(", ");
  return `waiting for the write limits of ${each}`;
}
