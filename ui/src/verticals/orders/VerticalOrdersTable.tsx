// The vertical orders main table: one row per copy-trade session, newest first, ten per page.
import { ScrollRegion } from "../../shared/tables/ScrollRegion";
import { useShowNewSession } from "../../shared/tables/useShowNewSession";
import { HTMLTable } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useRef } from "react";
import { useStores } from "../../shared/shell/StoreContext";
import { TablePager } from "../../shared/tables/TablePager";
import { VerticalSessionRow } from "./VerticalSessionRow";

/** The visible columns in order; the status dot's column has no heading text. */
export const VERTICAL_ORDER_COLUMNS = [
  "View",
  "Change order",
  "Session",
  "Legs",
  "Success rate",
  "Accounts",
  "Total Filled / Qty",
  "Filled Qty",
  "Price (net)",
  "Qty",
  "Side Pos Effect",
  "Status",
  "Order type",
  "Time",
  "",
  "Name",
] as const;

/** The sessions of the page shown, with the pager under them. */
export const VerticalOrdersTable = observer(function VerticalOrdersTable() {
  const { verticals } = useStores();
  const sessions = verticals.orderTable.pageSessions;
  const paging = verticals.orderTable.paging;
  const region = useRef<HTMLDivElement>(null);
  useShowNewSession(verticals.orderTable, region);
  return (
    <div className="cd-table-block cd-option-orders">
      <ScrollRegion className="cd-table-scroll" label="Vertical orders table" regionRef={region}>
        <HTMLTable
          className="cd-option-table cd-orders-table cd-sticky-name cd-sticky-mark"
          compact
          striped
          aria-label="Vertical orders"
        >
          <thead>
            <tr>
              {VERTICAL_ORDER_COLUMNS.map((column, index) => (
                <th key={index} scope="col" aria-label={column === "" ? "Status colour" : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <VerticalSessionRow key={session.id} session={session} />
            ))}
            {sessions.length === 0 && (
              <tr>
                <td className="cd-empty-row" colSpan={VERTICAL_ORDER_COLUMNS.length}>
                  {verticals.orderTable.loaded ? "No vertical orders" : "Loading…"}
                </td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </ScrollRegion>
      <TablePager
        label="Vertical order pages"
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
