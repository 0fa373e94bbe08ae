// The vertical orders main table: one row per copy-trade session, newest first, ten per page.
import { observer } from "mobx-react-lite";
import { OrdersTableFrame } from "../../shared/tables/OrdersTableFrame";
import { useStores } from "../../shared/shell/StoreContext";
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
  return (
    <OrdersTableFrame
      kind="Vertical"
      orders={verticals.orderTable}
      columns={VERTICAL_ORDER_COLUMNS}
      row={(session) => <VerticalSessionRow key={session.id} session={session} />}
    />
  );
});
