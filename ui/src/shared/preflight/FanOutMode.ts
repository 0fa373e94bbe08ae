// How a copy command fans out once every targeted account has been checked: the modes and their names.

/** The API's words for the fan-out modes. */
export const FAN_OUT_MODES = ["SEND_TO_ALL", "ALL_OR_NONE", "ONLY_PASSING"] as const;

/** One fan-out mode. */
export type FanOutMode = (typeof FAN_OUT_MODES)[number];

/** The name each mode has on screen. */
export const FAN_OUT_MODE_LABELS: Readonly<Record<FanOutMode, string>> = {
  SEND_TO_ALL: "Send to all",
  ALL_OR_NONE: "All or none",
  ONLY_PASSING: "Only those that pass",
};

/** What each mode does, for the select's title and the operator panel. */
export const FAN_OUT_MODE_HINTS: Readonly<Record<FanOutMode, string>> = {
  SEND_TO_ALL: "Every account is sent the order; nothing is checked first",
  ALL_OR_NONE: "Every account is checked first; if any would refuse, nothing is sent",
  ONLY_PASSING: "Every account is checked first; only those that pass are sent the order",
};

/** The mode a word names, or null for anything else. */
export function parseFanOutMode(value: unknown): FanOutMode | null {
  return FAN_OUT_MODES.find((mode) => mode === value) ?? null;
}
