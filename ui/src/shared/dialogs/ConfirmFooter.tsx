// A dialog footer with a cancel button and the one action button, both disabled while the action is in flight.
import { Button, DialogFooter, type Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { Outcome } from "../stores/Outcome";
import { announceOutcome, type SessionVerdicts } from "../shell/announceOutcome";

/** The buttons' texts and the action they run. */
export interface ConfirmFooterProps {
  /** The dialog's store: its in-flight flag and its close action. */
  readonly dialog: { readonly pending: boolean; readonly close: () => void };
  /** The cancel button's text. */
  readonly cancelText?: string;
  /** The action button's text. */
  readonly actionText: string;
  /** The action button's colour. */
  readonly intent: Intent;
  /** Runs the action; its outcome is toasted. */
  readonly onAction: () => Promise<Outcome>;
  /**
   * The screen's orders table, for an action that makes a session (place, replace, exit): its success is
   * shown once the session shows no rejection (see {@link announceOutcome}).
   */
  readonly orders?: SessionVerdicts;
}

/** Cancel closes the dialog; the action button runs the action and shows its outcome. */
export const ConfirmFooter = observer(function ConfirmFooter({
  dialog,
  cancelText = "CANCEL",
  actionText,
  intent,
  onAction,
  orders,
}: ConfirmFooterProps) {
  return (
    <DialogFooter
      actions={
        <>
          <Button text={cancelText} disabled={dialog.pending} onClick={dialog.close} />
          <Button
            intent={intent}
            text={actionText}
            disabled={dialog.pending}
            onClick={() => {
              const mark = orders?.commandMark() ?? 0;
              void onAction().then((outcome) => announceOutcome(outcome, orders, mark));
            }}
          />
        </>
      }
    />
  );
});
