// The Stock Trading section: orders on top, positions, saved stock orders and the watch list below, and dialogs.
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { CommandToasts } from "../shared/shell/CommandToasts";
import { ScreenTitle } from "../shared/shell/ScreenTitle";
import { OrdersPager } from "../shared/tables/OrdersPager";
import { WarningDialog } from "../shared/dialogs/WarningDialog";
import { showOutcome } from "../shared/shell/toaster";
import { useStores } from "../shared/shell/StoreContext";
import { SavedStockOrders } from "./lists/SavedStockOrders";
import { StockWatchList } from "./lists/StockWatchList";
import { StockCancelDialog } from "./orders/StockCancelDialog";
import { StockOrderDialog } from "./orders/StockOrderDialog";
import { StockOrdersTable } from "./orders/StockOrdersTable";
import { StockSessionDialog } from "./orders/StockSessionDialog";
import { StockChangePositionsDialog } from "./positions/StockChangePositionsDialog";
import { StockPositionAccountsDialog } from "./positions/StockPositionAccountsDialog";
import { StockPositionsTable } from "./positions/StockPositionsTable";
import { StockToolbar } from "./StockToolbar";

/** The Stock Trading section, shown at its tab; polls orders and positions every 500 ms while shown. */
export const StockTradingSection = observer(function StockTradingSection() {
  const { stocks } = useStores();

  useEffect(() => {
    stocks.polling.startPolling();
    void stocks.savedOrders.load();
    void stocks.watchList.load().then((outcome) => {
      if (outcome !== null) {
        showOutcome(outcome);
      }
    });
    stocks.watchList.startRefreshing();
    return () => {
      stocks.polling.stopPolling();
      stocks.watchList.stopRefreshing();
    };
  }, [stocks]);

  return (
    <section className="cd-section cd-option-section" aria-labelledby="cd-section-title">
      <div className="cd-section-head">
        <ScreenTitle text="Stock Trading" />
        <StockToolbar />
        <OrdersPager kind="Stock" orders={stocks.orderTable} />
      </div>
      <div className="cd-option-top">
        <StockOrdersTable />
      </div>
      <div className="cd-option-bottom">
        <div className="cd-option-positions-panel">
          <StockPositionsTable />
        </div>
        <div className="cd-option-side">
          <div className="cd-saved-lists">
            <SavedStockOrders />
          </div>
          <StockWatchList />
        </div>
      </div>
      <StockOrderDialog />
      <StockSessionDialog />
      <StockCancelDialog />
      <StockChangePositionsDialog />
      <StockPositionAccountsDialog />
      <WarningDialog warning={stocks.warning} />
      <CommandToasts toasts={stocks.orderTable.toasts} />
    </section>
  );
});
