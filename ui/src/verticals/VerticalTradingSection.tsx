// The Vertical Trading section: orders on top, positions and the saved sets, saved orders and favourites below.
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { CommandToasts } from "../shared/shell/CommandToasts";
import { ScreenTitle } from "../shared/shell/ScreenTitle";
import { OrdersPager } from "../shared/tables/OrdersPager";
import { WarningDialog } from "../shared/dialogs/WarningDialog";
import { useStores } from "../shared/shell/StoreContext";
import { MultiLegEntryDialog } from "./entry/MultiLegEntryDialog";
import { SetNamePrompt } from "./entry/SetNamePrompt";
import { FavouriteTickerList } from "./lists/FavouriteTickerList";
import { SavedOptionOrderLists } from "./lists/SavedOptionOrderLists";
import { CancelLegsDialog } from "./orders/CancelLegsDialog";
import { DeleteOrderDialog } from "./orders/DeleteOrderDialog";
import { PlaceAgainDialog } from "./orders/PlaceAgainDialog";
import { ReplaceLegsDialog } from "./orders/ReplaceLegsDialog";
import { SessionLegsDialog } from "./orders/SessionLegsDialog";
import { VerticalOrdersTable } from "./orders/VerticalOrdersTable";
import { ChangePositionsDialog } from "./positions/ChangePositionsDialog";
import { CloseSpreadDialog } from "./positions/CloseSpreadDialog";
import { SpreadPairsBar } from "./positions/SpreadPairsBar";
import { ExitPositionsDialog } from "./positions/ExitPositionsDialog";
import { PositionAccountsDialog } from "./positions/PositionAccountsDialog";
import { VerticalPositionsTable } from "./positions/VerticalPositionsTable";
import { OrderSetList } from "./sets/OrderSetList";
import { ReviewSetDialog } from "./sets/ReviewSetDialog";
import { VerticalToolbar } from "./VerticalToolbar";

/** The Vertical Trading section, shown at its tab; polls orders and positions every 500 ms while shown. */
export const VerticalTradingSection = observer(function VerticalTradingSection() {
  const { verticals, options } = useStores();

  useEffect(() => {
    verticals.polling.startPolling();
    void verticals.sets.load();
    void options.loadLists();
    return () => {
      verticals.polling.stopPolling();
    };
  }, [verticals, options]);

  return (
    <section className="cd-section cd-option-section" aria-labelledby="cd-section-title">
      <div className="cd-section-head">
        <ScreenTitle text="Vertical Trading" />
        <VerticalToolbar />
        <OrdersPager kind="Vertical" orders={verticals.orderTable} />
      </div>
      <div className="cd-option-top">
        <VerticalOrdersTable />
      </div>
      <div className="cd-option-bottom">
        <div className="cd-option-positions-panel">
          <SpreadPairsBar />
          <VerticalPositionsTable />
        </div>
        <div className="cd-option-side">
          <OrderSetList />
          <SavedOptionOrderLists />
          <FavouriteTickerList />
        </div>
      </div>
      <MultiLegEntryDialog />
      <SetNamePrompt />
      <SessionLegsDialog />
      <CancelLegsDialog />
      <ReplaceLegsDialog />
      <PlaceAgainDialog />
      <DeleteOrderDialog />
      <ReviewSetDialog />
      <ExitPositionsDialog />
      <ChangePositionsDialog />
      <PositionAccountsDialog />
      <CloseSpreadDialog />
      <WarningDialog warning={verticals.warning} />
      <CommandToasts toasts={verticals.orderTable.toasts} />
    </section>
  );
});
