// The Option Trading section: orders on top, positions and the saved orders and favourites below, and dialogs.
import { H2 } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStores } from "../stores/StoreContext";
import { CancelOrderDialog } from "./CancelOrderDialog";
import { ChangePositionsDialog } from "./ChangePositionsDialog";
import { ExitOrderDialog } from "./ExitOrderDialog";
import { FavoriteTickers } from "./FavoriteTickers";
import { OptionOrdersTable } from "./OptionOrdersTable";
import { OptionPlaceOrderDialog } from "./OptionPlaceOrderDialog";
import { OptionPositionsTable } from "./OptionPositionsTable";
import { OptionToolbar } from "./OptionToolbar";
import { PositionAccountsDialog } from "./PositionAccountsDialog";
import { ReplaceOrderDialog } from "./ReplaceOrderDialog";
import { SavedOrderList } from "./SavedOrderList";
import { SessionOrdersDialog } from "./SessionOrdersDialog";
import { WarningDialog } from "./WarningDialog";

/** The Option Trading section, shown at its tab; polls orders and positions every 500 ms while shown. */
export const OptionTradingSection = observer(function OptionTradingSection() {
  const { options } = useStores();

  useEffect(() => {
    options.startPolling();
    void options.loadLists();
    return () => {
      options.stopPolling();
    };
  }, [options]);

  return (
    <section className="cd-section cd-option-section" aria-labelledby="cd-section-title">
      <div className="cd-section-head">
        <H2 id="cd-section-title">Option Trading</H2>
        <OptionToolbar />
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
      <WarningDialog />
    </section>
  );
});
