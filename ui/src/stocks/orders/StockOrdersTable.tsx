// The stock orders main table: one row per copy-trade session, newest first, ten per page.
import { HTMLTable } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useRef } from "react";
import { useStores } from "../../shared/shell/StoreContext";
import { ScrollRegion } from "../../shared/tables/ScrollRegion";
import { useShowNewSession } from "../../shared/tables/useShowNewSession";
import { TablePager } from "../../shared/tables/TablePager";
import { StockSessionRow } from "./StockSessionRow";

/**
 * The visible columns in order. The spec's hidden columns (session ID, account id, Stock order Id) are not
 * rendered; its three stop columns are one, Stop, in words ("STOP 240.00", "ACT 240.00", "TRAIL 1 %").
 * Session shows the order form's choice (DAY, GTC, EXT, GTC_EXT) and Duration its duration (DAY, GTC), in
 * the words the form offers. Every column describes the whole
 * session: statuses by count, the kinds of its orders, and per-order ranges where the accounts differ. The
 * status dot's column has no heading text.
 */
export const STOCK_ORDER_COLUMNS = [
  "View",
  "Change order",
  "Symbol",
  "Session",
  "Duration",
  "Copy session",
  "Success rate",
  "Accounts",
  "Total Filled / Qty",
  "Filled Qty",
  "Price",
  "Stop",
  "Qty",
  "Side Pos Effect",
  "Status",
  "Order type",
  "Time",
  "",
  "Name",
] as const;

/** The sessions of the page shown, with the pager under them. */
export const StockOrdersTable = observer(function StockOrdersTable() {
  const { stocks } = useStores();
  const sessions = stocks.orderTable.pageSessions;
  const paging = stocks.orderTable.paging;
  const region = useRef<HTMLDivElement>(null);
  useShowNewSession(stocks.orderTable, region);
  return (
    <div className="cd-table-block cd-option-orders">
      <ScrollRegion className="cd-table-scroll" label="Stock orders table" regionRef={region}>
        <HTMLTable
          className="cd-option-table cd-orders-table cd-sticky-name cd-sticky-mark"
          compact
          striped
          aria-label="Stock orders"
        >
          <thead>
            <tr>
              {STOCK_ORDER_COLUMNS.map((column, index) => (
                <th key={index} scope="col" aria-label={column === "" ? "Status colour" : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <StockSessionRow key={session.id} session={session} />
            ))}
            {sessions.length === 0 && (
              <tr>
                <td className="cd-empty-row" colSpan={STOCK_ORDER_COLUMNS.length}>
                  {stocks.orderTable.loaded ? "No stock orders" : "Loading…"}
                </td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </ScrollRegion>
      <TablePager
        label="Stock order pages"
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
