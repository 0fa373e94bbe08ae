// The dialogs of the session records, mounted once under every trading screen.
import { FairnessDialog } from "./FairnessDialog";
import { SessionExportDialog } from "./SessionExportDialog";

/** The fairness and export dialogs. */
export function SessionRecordDialogs() {
  return (
    <>
      <FairnessDialog />
      <SessionExportDialog />
    </>
  );
}
