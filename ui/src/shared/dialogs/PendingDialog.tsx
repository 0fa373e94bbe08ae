// A Blueprint dialog that cannot be closed (backdrop, Escape, close button) while its request is in flight.
import { Dialog } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";

/** The dialog store flags the frame reads. */
export interface PendingDialogState {
  /** Whether the dialog is open. */
  readonly isOpen: boolean;
  /** True while the dialog's request is in flight. */
  readonly pending: boolean;
  /** Closes the dialog (the store ignores it while pending). */
  readonly close: () => void;
}

/** What the frame shows around its body and footer. */
export interface PendingDialogProps {
  /** The dialog's store. */
  readonly dialog: PendingDialogState;
  /** The title bar text. */
  readonly title: string;
  /** The dialog's class name. */
  readonly className: string;
  /** The id of the element describing the dialog, if any. */
  readonly describedBy?: string;
  /** The dialog's body and footer. */
  readonly children: ReactNode;
}

/** The open/close frame shared by the dialogs that send one request. */
export const PendingDialog = observer(function PendingDialog({
  dialog,
  title,
  className,
  describedBy,
  children,
}: PendingDialogProps) {
  return (
    <Dialog
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      title={title}
      canOutsideClickClose={!dialog.pending}
      canEscapeKeyClose={!dialog.pending}
      isCloseButtonShown={!dialog.pending}
      aria-describedby={describedBy}
      className={className}
    >
      {children}
    </Dialog>
  );
});
