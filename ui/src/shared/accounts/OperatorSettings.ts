// The agent's operator settings: the app-level read limit, the quantity multiplier of each size tier and the
// default fan-out mode.
import { isRecord } from "../api/json";
import { parseFanOutMode, type FanOutMode } from "../preflight/FanOutMode";
import type { AccountType } from "./AccountType";

/** `GET /operator/settings`. */
export interface OperatorSettings {
  /** Brokerage reads allowed per minute across all accounts. */
  readonly readLimitPerMinute: number;
  /** Whether this agent may change the read limit (only the operator; every agent shares it). */
  readonly readLimitEditable: boolean;
  /** Quantity multiplier per account type. */
  readonly tierMultipliers: Readonly<Record<AccountType, number>>;
  /** The fan-out mode of commands that name none (send to all when the server does not say). */
  readonly defaultFanOutMode: FanOutMode;
}

/** The editable settings fields: the read limit and one multiplier per account type. */
export type OperatorSettingsField = "readLimitPerMinute" | AccountType;

/**
 * Reads the settings answer.
 * @throws {Error} naming the first field that is missing or not a whole number.
 */
export function parseOperatorSettings(value: unknown): OperatorSettings {
  if (!isRecord(value)) {
    throw new Error("the operator settings answer is not an object");
  }
  const { readLimitPerMinute, readLimitEditable, tierMultipliers, defaultFanOutMode } = value;
  if (typeof readLimitPerMinute !== "number" || !Number.isInteger(readLimitPerMinute)) {
    throw new Error("readLimitPerMinute is not a whole number");
  }
  if (!isRecord(tierMultipliers)) {
    throw new Error("tierMultipliers is not an object");
  }
  const multiplier = (type: AccountType): number => {
    const factor = tierMultipliers[type];
    if (typeof factor !== "number" || !Number.isInteger(factor)) {
      throw new Error(`tierMultipliers.${type} is not a whole number`);
    }
    return factor;
  };
  return {
    readLimitPerMinute,
    readLimitEditable: readLimitEditable === true,
    tierMultipliers: {
      small_account: multiplier("small_account"),
      medium_account: multiplier("medium_account"),
      big_account: multiplier("big_account"),
    },
    defaultFanOutMode: parseFanOutMode(defaultFanOutMode) ?? "SEND_TO_ALL",
  };
}
