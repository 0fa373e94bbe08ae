// The download button of a trading screen's toolbar.
import { Button } from "@blueprintjs/core";
import { DownloadIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { useStores } from "../shell/StoreContext";

/** Opens the audit export dialog. */
export const ExportButton = observer(function ExportButton() {
  const { records } = useStores();
  return <Button icon={<DownloadIcon />} text="DOWNLOAD SESSIONS" onClick={records.exporter.open} />;
});
