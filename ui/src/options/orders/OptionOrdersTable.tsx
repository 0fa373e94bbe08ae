// The option orders main table: one row per copy-trade session, newest first, ten per page.
import { observer } from "mobx-react-lite";
import { OrdersTableFrame } from "../../shared/tables/OrdersTableFrame";
import { useStores } from "../../shared/shell/StoreContext";
import { OptionSessionRow } from "./OptionSessionRow";

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
  return (
    <OrdersTableFrame
      kind="Option"
      orders={options.orderTable}
      columns={OPTION_ORDER_COLUMNS}
      row={(session) => <OptionSessionRow key={session.id} session={session} />}
    />
  );
});
