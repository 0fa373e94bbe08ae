// The toolbar of the Vertical Trading screen: REFRESH, BUY/SELL, the selection toggle and Change Selected.
import { Button, Intent } from "@blueprintjs/core";
import { RefreshIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { useStores } from "../shared/shell/StoreContext";
import { ExportButton } from "../shared/records/ExportButton";

/** REFRESH updates the trade statuses; BUY/SELL opens Multi-Leg Order Entry; the rest work on positions. */
export const VerticalToolbar = observer(function VerticalToolbar() {
  const { verticals } = useStores();
  return (
    <div className="cd-toolbar" role="toolbar" aria-label="Vertical trading">
      <Button
        icon={<RefreshIcon />}
        text="REFRESH"
        disabled={verticals.polling.refreshPending}
        onClick={() => void verticals.polling.refresh()}
      />
      <Button intent={Intent.PRIMARY} text="BUY/SELL" onClick={verticals.openEntry} />
      <Button
        text={verticals.positionTable.selectionMode ? "Cancel Selection" : "Select Active Positions"}
        onClick={verticals.positionTable.toggleSelectionMode}
      />
      {verticals.positionTable.selectionMode && (
        <Button intent={Intent.WARNING} text="Change Selected" onClick={verticals.changeSelected} />
      )}
      <ExportButton />
    </div>
  );
});
