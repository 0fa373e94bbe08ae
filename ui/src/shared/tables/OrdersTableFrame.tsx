// The frame every orders main table shares: its scrolling box, headings and empty row (its pager is OrdersPager).
import { HTMLTable } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useRef, type ReactNode } from "react";
import type { Session, SessionTable } from "../stores/SessionTable";
import { ScrollRegion } from "./ScrollRegion";
import { useShowNewSession } from "./useShowNewSession";

/** Props of {@link OrdersTableFrame}. */
export interface OrdersTableFrameProps<Row> {
  /** The kind of order in words, capitalized: it names the table ("Stock orders") and its box. */
  readonly kind: "Option" | "Vertical" | "Stock";
  /** The sessions, their paging and the session a command made. */
  readonly orders: SessionTable<Row>;
  /** The visible columns in order; an empty heading is the status dot's column. */
  readonly columns: readonly string[];
  /** The row of one session. */
  readonly row: (session: Session<Row>) => ReactNode;
}

/**
 * The sessions of the page shown, newest first; the pager is `OrdersPager`, in the screen's title bar, so the
 * rows get the whole panel. A new session a command from the page made is scrolled into view
 * ({@link useShowNewSession}); the mark and name columns stay in view (`cd-sticky-mark`, `cd-sticky-name`).
 */
export const OrdersTableFrame = observer(function OrdersTableFrame<Row>(props: OrdersTableFrameProps<Row>) {
  const { kind, orders, columns, row } = props;
  const sessions = orders.pageSessions;
  const region = useRef<HTMLDivElement>(null);
  useShowNewSession(orders, region);
  return (
    <div className="cd-table-block cd-option-orders">
      <ScrollRegion className="cd-table-scroll" label={`${kind} orders table`} regionRef={region}>
        <HTMLTable
          className={`cd-option-table cd-orders-table cd-orders-${kind.toLowerCase()} cd-sticky-name cd-sticky-mark`}
          compact
          striped
          aria-label={`${kind} orders`}
        >
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th key={index} scope="col" aria-label={column === "" ? "Status colour" : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sessions.map(row)}
            {sessions.length === 0 && (
              <tr>
                <td className="cd-empty-row" colSpan={columns.length}>
                  {orders.loaded ? `No ${kind.toLowerCase()} orders` : "Loading…"}
                </td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </ScrollRegion>
    </div>
  );
});
