// The Option Trading section: orders on top, positions and the saved orders and favourites below, and dialogs.
import { CommandToasts } from "../shared/shell/CommandToasts";
import { observer } from "mobx-react-lite";
import { ScreenTitle } from "../shared/shell/ScreenTitle";
import { OrdersPager } from "../shared/tables/OrdersPager";
import { useEffect } from "react";
import { useStores } from "../shared/shell/StoreContext";
import { CancelOrderDialog } from "./orders/CancelOrderDialog";
import { ChangePositionsDialog } from "./positions/ChangePositionsDialog";
import { ExitOrderDialog } from "./positions/ExitOrderDialog";
import { FavoriteTickers } from "./lists/FavoriteTickers";
import { OptionOrdersTable } from "./orders/OptionOrdersTable";
import { OptionPlaceOrderDialog } from "./place/OptionPlaceOrderDialog";
import { OptionPositionsTable } from "./positions/OptionPositionsTable";
import { OptionToolbar } from "./OptionToolbar";
import { PositionAccountsDialog } from "./positions/PositionAccountsDialog";
import { ReplaceOrderDialog } from "./orders/ReplaceOrderDialog";
import { SavedOrderList } from "./lists/SavedOrderList";
import { SessionOrdersDialog } from "./orders/SessionOrdersDialog";
import { WarningDialog } from "../shared/dialogs/WarningDialog";

/** The Option Trading section, shown at its tab; polls orders and positions every 500 ms while shown. */
export const OptionTradingSection = observer(function OptionTradingSection() {
  const { options } = useStores();

  useEffect(() => {
    options.polling.startPolling();
    void options.loadLists();
    return () => {
      options.polling.stopPolling();
    };
  }, [options]);

  return (
    <section className="cd-section cd-option-section" aria-labelledby="cd-section-title">
      <div className="cd-section-head">
        <ScreenTitle text="Option Trading" />
        <OptionToolbar />
        <OrdersPager kind="Option" orders={options.orderTable} />
      </div>
      <div className="cd-option-top">
        <OptionOrdersTable />
      </div>
      <div className="cd-option-bottom">
        <div className="cd-option-positions-panel">
          <OptionPositionsTable />
        </div>
        <div className="cd-option-side">
          <div className="cd-saved-lists">
            <SavedOrderList title="CALL" orders={options.savedOrders.calls} />
            <SavedOrderList title="PUT" orders={options.savedOrders.puts} />
          </div>
          <FavoriteTickers />
        </div>
      </div>
      <OptionPlaceOrderDialog />
      <SessionOrdersDialog />
      <ReplaceOrderDialog />
      <CancelOrderDialog />
      <ExitOrderDialog />
      <ChangePositionsDialog />
      <PositionAccountsDialog />
      <WarningDialog warning={options.warning} />
      <CommandToasts toasts={options.orderTable.toasts} />
    </section>
  );
});
