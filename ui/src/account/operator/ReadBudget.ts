// How the application's read budget is used, as `GET /operator/read_budget` answers it, and its background share in words.
import { isRecord } from "../../shared/api/json";

/** The background figures of `GET /operator/read_budget`. */
export interface ReadBudget {
  /** Brokerage reads per minute for the whole application. */
  readonly readLimitPerMinute: number;
  /** Reads taken in the last 60 seconds. */
  readonly readsLastMinute: number;
  /** The most of the limit, in percent, background reads (safety-net polls, position checks) may take. */
  readonly backgroundReadPercent: number;
  /** The most reads background work may take in any minute. */
  readonly backgroundReadLimit: number;
  /** Reads background work took in the last 60 seconds. */
  readonly backgroundReadsLastMinute: number;
}

const FIELDS = [
  "readLimitPerMinute",
  "readsLastMinute",
  "backgroundReadPercent",
  "backgroundReadLimit",
  "backgroundReadsLastMinute",
] as const;

/**
 * Reads the answer of `GET /operator/read_budget` (its other figures are not shown).
 * @throws {Error} naming the first field that is missing or not a whole number.
 */
export function parseReadBudget(value: unknown): ReadBudget {
  if (!isRecord(value)) {
    throw new Error("the read budget answer is not an object");
  }
  for (const field of FIELDS) {
    const figure = value[field];
    if (typeof figure !== "number" || !Number.isInteger(figure) || figure < 0) {
      throw new Error(`${field} of the read budget is not a whole number`);
    }
  }
  return {
    readLimitPerMinute: value.readLimitPerMinute as number,
    readsLastMinute: value.readsLastMinute as number,
    backgroundReadPercent: value.backgroundReadPercent as number,
    backgroundReadLimit: value.backgroundReadLimit as number,
    backgroundReadsLastMinute: value.backgroundReadsLastMinute as number,
  };
}

/**
 * The background share in words, e.g. `Background reads: 23 of 60 this minute (50 % share)`: what background work
 * (safety-net polls, position checks) took in the last minute, the most it may take, and its share of the limit.
 */
export function backgroundReadsText(budget: ReadBudget): string {
  return (
    `Background reads: ${budget.backgroundReadsLastMinute} of ${budget.backgroundReadLimit} this minute ` +
    `(${budget.backgroundReadPercent} % share)`
  );
}
