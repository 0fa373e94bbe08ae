// The frame every orders main table shares: its scrolling box, headings, empty row and pager.
import { HTMLTable } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useRef, type ReactNode } from "react";
import type { Session, SessionTable } from "../stores/SessionTable";
import { ScrollRegion } from "./ScrollRegion";
import { TablePager } from "./TablePager";
import { useShowNewSession } from "./useShowNewSession";

/** Props of {@link OrdersTableFrame}. */
export interface OrdersTableFrameProps<Row> {
  /** The kind of order in words, capitalized: it names the table ("Stock orders"), its box and pager. */
  readonly kind: "Option" | "Vertical" | "Stock";
  /** The sessions, their paging and the session a command made. */
  readonly orders: SessionTable<Row>;
  /** The visible columns in order; an empty heading is the status dot's column. */
  readonly columns: readonly string[];
  /** The row of one session. */
  readonly row: (session: Session<Row>) => ReactNode;
}

/**
 * The sessions of the page shown, newest first, with the pager under them. A new session a command from the
 * page made is scrolled into view ({@link useShowNewSession}); the mark and name columns stay in view
 * (`cd-sticky-mark`, `cd-sticky-name`).
 */
export const OrdersTableFrame = observer(function OrdersTableFrame<Row>(props: OrdersTableFrameProps<Row>) {
  const { kind, orders, columns, row } = props;
  const sessions = orders.pageSessions;
  const paging = orders.paging;
  const region = useRef<HTMLDivElement>(null);
  useShowNewSession(orders, region);
  return (
    <div className="cd-table-block cd-option-orders">
      <ScrollRegion className="cd-table-scroll" label={`${kind} orders table`} regionRef={region}>
        <HTMLTable
          className="cd-option-table cd-orders-table cd-sticky-name cd-sticky-mark"
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
      <TablePager
        label={`${kind} order pages`}
        page={paging.page}
        pageCount={paging.pageCount}
        onFirst={paging.first}
        onPrevious={paging.previous}
        onNext={paging.next}
        onLast={paging.last}
      />
    </div>
  );
});
