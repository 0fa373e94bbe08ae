// The stock orders main table: one row per copy-trade session, newest first, ten per page.
import { HTMLTable } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../../shared/shell/StoreContext";
import { TablePager } from "../../shared/tables/TablePager";
import { StockSessionRow } from "./StockSessionRow";

/**
 * The visible columns in order. The spec's hidden columns (session ID, account id, Stock order Id, Stop Price,
 * Stop Price Link Type, Stop Price Offset) are not rendered; the stop fields show on hover of the order type.
 * Copy session, Accounts and Total Filled / Qty describe the whole session; the other columns show its first
 * account's order, which represents the session. The status dot's column has no heading text.
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
  return (
    <div className="cd-table-block cd-option-orders">
      <div className="cd-table-scroll">
        <HTMLTable className="cd-option-table" compact striped aria-label="Stock orders">
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
      </div>
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
