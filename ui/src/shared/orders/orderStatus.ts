// The status rules every copy-trade kind shares: final and replaceable statuses, row and session colours.

/** Colour of a row's own status: yellow while its order is open. */
export const OWN_STATUS_COLORS = ["yellow", "none"] as const;

/** Colour of a whole session: purple when its rows differ, green when all are final, else red. */
export const SESSION_STATUS_COLORS = ["green", "red", "purple"] as const;

/** A row's own status colour. */
export type OwnStatusColor = (typeof OWN_STATUS_COLORS)[number];

/** A session's status colour. */
export type SessionStatusColor = (typeof SESSION_STATUS_COLORS)[number];

/** Statuses after which an order no longer changes (spec 01 §4, plus rows that could not be placed). */
export const FINAL_STATUSES: readonly string[] = [
  "REJECTED",
  "CANCELED",
  "FILLED",
  "EXPIRED",
  "REPLACED",
  "FAILED_TO_PLACE",
];

/** Final statuses of an order that never went through: the broker refused it, or it could not be placed. */
export const FAILED_STATUSES: readonly string[] = ["REJECTED", "FAILED_TO_PLACE"];

/** True when `status` says the order never went through. */
export function isFailedStatus(status: string): boolean {
  return FAILED_STATUSES.includes(status);
}

/** Statuses whose order may be replaced (spec 01 §4). */
export const REPLACEABLE_STATUSES: readonly string[] = ["WORKING", "QUEUED", "PENDING_ACTIVATION", "REPLACED"];

/** True when an order in `status` may still change (the status is not final). */
export function isOpenStatus(status: string): boolean {
  return !FINAL_STATUSES.includes(status);
}

/** Statuses whose order C may cancel: open ones, and REPLACED (the server follows it to the live order). */
export function isCancellableStatus(status: string): boolean {
  return status === "REPLACED" || isOpenStatus(status);
}

/** The status of an order already cancelled: C is disabled, labelled "(Already Canceled)", and the row struck through. */
export const CANCELED_STATUS = "CANCELED";

/** The words beside a disabled C on a cancelled order (spec 02 §4). */
export const ALREADY_CANCELED = "(Already Canceled)";
