// The warning modal of a trading screen: a message and CANCEL.
import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { WarningSignIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import type { WarningDialogStore } from "../stores/WarningDialogStore";
import { STACKED_DIALOG_CLASS } from "./PendingDialog";

/** Props of {@link WarningDialog}. */
export interface WarningDialogProps {
  /** The screen's warning state. */
  readonly warning: WarningDialogStore;
}

/** Shows the warning's message, e.g. "Please select at least one order!", above any other dialog. */
export const WarningDialog = observer(function WarningDialog({ warning }: WarningDialogProps) {
  return (
    <Dialog
      isOpen={warning.isOpen}
      onClose={warning.close}
      title="Warning"
      icon={<WarningSignIcon />}
      className="cd-warning-dialog"
      portalClassName={STACKED_DIALOG_CLASS}
    >
      <DialogBody>
        <p>{warning.message}</p>
      </DialogBody>
      <DialogFooter actions={<Button text="CANCEL" onClick={warning.close} />} />
    </Dialog>
  );
});
