// The option orders main table: one row per copy-trade session, newest first, ten per page.
import { HTMLTable } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useRef } from "react";
import { ScrollRegion } from "../../shared/tables/ScrollRegion";
import { useShowNewSession } from "../../shared/tables/useShowNewSession";
import { useStores } from "../../shared/shell/StoreContext";
import { OptionSessionRow } from "./OptionSessionRow";
import { TablePager } from "../../shared/tables/TablePager";

/**
 * The visible columns in order; the hidden ID, Account Id, Symbol and Option chain order Id columns are not
 * rendered. The status dot's column has no heading text. Session, Accounts and Total Filled / Qty describe the
 * whole session; the other columns show its first account's order, which represents the session.
 */
export const OPTION_ORDER_COLUMNS = [
  "View",
  "Change order",
  "Session",
  "Symbol description",
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

/** The sessions of the page shown, with First / Previous / Next / Last under them. */
export const OptionOrdersTable = observer(function OptionOrdersTable() {
  const { options } = useStores();
  const sessions = options.orderTable.pageSessions;
  const paging = options.orderTable.paging;
  const region = useRef<HTMLDivElement>(null);
  useShowNewSession(options.orderTable, region);

  return (
    <div className="cd-table-block cd-option-orders">
      <ScrollRegion className="cd-table-scroll" label="Option orders table" regionRef={region}>
        <HTMLTable
          className="cd-option-table cd-orders-table cd-sticky-name cd-sticky-mark"
          compact
          striped
          aria-label="Option orders"
        >
          <thead>
            <tr>
              {OPTION_ORDER_COLUMNS.map((column, index) => (
                <th key={index} scope="col" aria-label={column === "" ? "Status colour" : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <OptionSessionRow key={session.id} session={session} />
            ))}
            {sessions.length === 0 && (
              <tr>
                <td className="cd-empty-row" colSpan={OPTION_ORDER_COLUMNS.length}>
                  {options.orderTable.loaded ? "No option orders" : "Loading…"}
                </td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </ScrollRegion>
      <TablePager
        label="Option order pages"
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
