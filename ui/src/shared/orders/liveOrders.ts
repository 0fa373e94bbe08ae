// Whether a session's orders, each followed to its live order, can still be acted on (C and R).
import { isOpenStatus } from "./orderStatus";

/** Why C and R of a session are disabled when every one of its live orders is final. */
export const ALL_FINAL = "All orders of this session are final";

/** How the rules read a row: its live order (a REPLACED row followed to its replacement) and a row's status. */
export interface LiveAccess<Row> {
  /** The row's live row: itself, or for a REPLACED row the order that replaced it, as far as it is held. */
  readonly liveOf: (row: Row) => Row;
  /** A row's status word. */
  readonly statusOf: (row: Row) => string;
}

/**
 * Whether `row`'s live order may still change: open, or still REPLACED because its replacement is not held (the
 * server follows it). A REPLACED row whose replacement is final (filled, canceled, ...) has nothing left to act on.
 */
export function liveIsOpen<Row>(row: Row, access: LiveAccess<Row>): boolean {
  const status = access.statusOf(access.liveOf(row));
  return status === "REPLACED" || isOpenStatus(status);
}

/** True when a session has rows and every one of them, followed to its live order, is final. */
export function allLiveFinal<Row>(rows: readonly Row[], access: LiveAccess<Row>): boolean {
  return rows.length > 0 && !rows.some((row) => liveIsOpen(row, access));
}
