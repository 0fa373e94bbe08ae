// The toolbar of the Option Trading screen: REFRESH, BUY/SELL, the selection toggle and Change Selected.
import { Button, Intent } from "@blueprintjs/core";
import { RefreshIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { useStores } from "../shared/shell/StoreContext";
import { ExportButton } from "../shared/records/ExportButton";

/** REFRESH updates the trade statuses; BUY/SELL opens the place dialog; the rest work on positions. */
export const OptionToolbar = observer(function OptionToolbar() {
  const { options } = useStores();
  return (
    <div className="cd-toolbar" role="toolbar" aria-label="Option trading">
      <Button
        icon={<RefreshIcon />}
        text="REFRESH"
        disabled={options.polling.refreshPending}
        onClick={() => void options.polling.refresh()}
      />
      <Button intent={Intent.PRIMARY} text="BUY/SELL" onClick={options.openPlace} />
      <Button
        text={options.positionTable.selectionMode ? "Cancel Selection" : "Select Active Positions"}
        onClick={options.positionTable.toggleSelectionMode}
      />
      {options.positionTable.selectionMode && (
        <Button intent={Intent.WARNING} text="Change Selected" onClick={options.changeSelected} />
      )}
      <ExportButton />
    </div>
  );
});
