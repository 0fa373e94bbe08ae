// The prompt asking for a new order set's name: OK saves, CANCEL aborts.
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId, type FormEvent } from "react";
import { useStores } from "../../shared/shell/StoreContext";
import { showOutcomeIfAny } from "../../shared/shell/showOutcomeIfAny";
import { VerticalMessages } from "../VerticalMessages";
import { STACKED_DIALOG_CLASS } from "../../shared/dialogs/PendingDialog";

/** "Enter a name for this order set:" with the name field. */
export const SetNamePrompt = observer(function SetNamePrompt() {
  const { verticals } = useStores();
  const entry = verticals.entry;
  const pending = verticals.sets.pending;
  const nameId = useId();
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showOutcomeIfAny(await entry.confirmSave());
  };
  return (
    <Dialog
      portalClassName={STACKED_DIALOG_CLASS}
      isOpen={entry.namePromptOpen}
      onClose={entry.cancelSave}
      title="Save order set"
      canOutsideClickClose={!pending}
      canEscapeKeyClose={!pending}
      className="cd-order-dialog"
    >
      <form onSubmit={(event) => void save(event)}>
        <DialogBody>
          <FormGroup label={VerticalMessages.setNamePrompt} labelFor={nameId}>
            <InputGroup id={nameId} autoFocus value={entry.setName} onValueChange={entry.setSetName} />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="CANCEL" disabled={pending} onClick={entry.cancelSave} />
              <Button type="submit" intent={Intent.PRIMARY} text="OK" disabled={pending || entry.setName.trim() === ""} />
            </>
          }
        />
      </form>
    </Dialog>
  );
});
