// The stock orders main table: one row per copy-trade session, newest first, ten per page.
import { observer } from "mobx-react-lite";
import { useStores } from "../../shared/shell/StoreContext";
import { OrdersTableFrame } from "../../shared/tables/OrdersTableFrame";
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
  return (
    <OrdersTableFrame
      kind="Stock"
      orders={stocks.orderTable}
      columns={STOCK_ORDER_COLUMNS}
      row={(session) => <StockSessionRow key={session.id} session={session} />}
    />
  );
});
