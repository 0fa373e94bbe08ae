// The toolbar of the Stock Trading screen: REFRESH, BUY/SELL, the selection toggle and Change Selected.
import { Button, Intent } from "@blueprintjs/core";
import { RefreshIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { useStores } from "../shared/shell/StoreContext";
import { ExportButton } from "../shared/records/ExportButton";

/** REFRESH updates the trade statuses; BUY/SELL opens the place dialog; the rest work on positions. */
export const StockToolbar = observer(function StockToolbar() {
  const { stocks } = useStores();
  return (
    <div className="cd-toolbar" role="toolbar" aria-label="Stock trading">
      <Button icon={<RefreshIcon />} text="REFRESH" disabled={stocks.polling.refreshPending} onClick={() => void stocks.polling.refresh()} />
      <Button intent={Intent.PRIMARY} text="BUY/SELL" onClick={stocks.openPlace} />
      <Button
        text={stocks.positionTable.selectionMode ? "Cancel Selection" : "Select Active Positions"}
        onClick={stocks.positionTable.toggleSelectionMode}
      />
      {stocks.positionTable.selectionMode && <Button intent={Intent.WARNING} text="Change Selected" onClick={stocks.changeSelected} />}
      <ExportButton />
    </div>
  );
});
