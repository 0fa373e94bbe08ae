// The shared warning modal of the Option Trading screen: a message and CANCEL.
import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { WarningSignIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { useStores } from "../stores/StoreContext";

/** Shows the warning's message, e.g. "Please select at least one order!". */
export const WarningDialog = observer(function WarningDialog() {
  const { options } = useStores();
  const warning = options.warning;
  return (
    <Dialog
      isOpen={warning.isOpen}
      onClose={warning.close}
      title="Warning"
      icon={<WarningSignIcon />}
      className="cd-warning-dialog"
    >
      <DialogBody>
        <p>{warning.message}</p>
      </DialogBody>
      <DialogFooter actions={<Button text="CANCEL" onClick={warning.close} />} />
    </Dialog>
  );
});
