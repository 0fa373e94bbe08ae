// Asks before an order identical to one sent moments ago goes out again.
import { Button, Dialog, DialogBody, DialogFooter, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { CommandSender } from "./CommandSender";

/** Props of {@link RepeatQuestionDialog}. */
export interface RepeatQuestionDialogProps {
  /** The dialog's command side, whose question is shown. */
  readonly commands: CommandSender;
  /** The class of the layer it is drawn in: above the order dialog. */
  readonly portalClassName: string;
}

/**
 * `You sent this order to 11 accounts at 14:02:55. Send it again?` above the order dialog: Send again sends it
 * under a new key; Don't send (or Escape, or the close button) sends nothing and leaves the order dialog open.
 */
export const RepeatQuestionDialog = observer(function RepeatQuestionDialog({
  commands,
  portalClassName,
}: RepeatQuestionDialogProps) {
  const question = commands.question;
  return (
    <Dialog
      isOpen={question !== null}
      onClose={() => commands.answer(false)}
      title="Send this order again?"
      className="cd-repeat-question"
      portalClassName={portalClassName}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <p>{question}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Don't send" onClick={() => commands.answer(false)} />
            <Button intent={Intent.WARNING} text="Send again" onClick={() => commands.answer(true)} />
          </>
        }
      />
    </Dialog>
  );
});
