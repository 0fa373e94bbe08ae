// Brings the session a command from this page made into view in its orders table's scrolling box.
import { useEffect, type RefObject } from "react";

/** An orders table as {@link useShowNewSession} reads it (`SessionTable`). */
export interface NewSessionSource {
  /** The session a command from this page made, held and not yet shown; null when there is none. */
  readonly newSessionToShow: number | null;
  /** Says the session was brought into view. */
  newSessionShown(): void;
}

/**
 * Scrolls `region` so that the row of the session a place, replace or exit from this page made sits just under
 * the table's sticky headings (newest first, that is the top), once the table holds it. Call it from an
 * `observer` component, which re-renders when the session arrives.
 */
export function useShowNewSession(orders: NewSessionSource, region: RefObject<HTMLElement | null>): void {
  const id = orders.newSessionToShow;
  useEffect(() => {
    if (id === null) {
      return;
    }
    const box = region.current;
    const row = box?.querySelector<HTMLTableRowElement>(`tr[data-session-id="${id}"]`);
    if (box != null && row != null) {
      const headings = row.closest("table")?.tHead?.offsetHeight ?? 0;
      box.scrollTop = Math.max(0, row.offsetTop - headings);
    }
    orders.newSessionShown();
  }, [id, orders, region]);
}
