// A Blueprint dialog that cannot be closed (backdrop, Escape, close button) while its request is in flight.
import { Dialog } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import type { CommandSender } from "../commands/CommandSender";
import { CommandWaitLine } from "../commands/CommandWaitLine";
import { RepeatQuestionDialog } from "../commands/RepeatQuestionDialog";

/** The class of the layer above the other dialogs, for dialogs opened from a dialog. */
export const STACKED_DIALOG_CLASS = "cd-stacked-dialog";

/** The dialog store flags the frame reads. */
export interface PendingDialogState {
  /** Whether the dialog is open. */
  readonly isOpen: boolean;
  /** True while the dialog's request is in flight. */
  readonly pending: boolean;
  /** Closes the dialog (the store ignores it while pending). */
  readonly close: () => void;
  /** How the dialog sends its copy commands, for a dialog that sends them. */
  readonly commands?: CommandSender;
  /** The dialog's pre-flight, whose command side is the dialog's when it names none of its own. */
  readonly preflight?: { readonly commands: CommandSender };
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
  /**
   * True for a dialog opened from another dialog (replace or cancel from a session's orders): it is drawn
   * above every other dialog, whichever was opened first.
   */
  readonly stacked?: boolean;
  /** The dialog's body and footer. */
  readonly children: ReactNode;
}

/**
 * The open/close frame shared by the dialogs that send one request. Closed, it gives the focus back to what had
 * it when it opened (the button that opened it) without scrolling to it: a table that has since brought a new
 * session into view stays where it is. A dialog that sends copy commands shows under its buttons which accounts'
 * write limits keep its command waiting, and asks above itself before an order just sent goes out again; leaving
 * the page stops the asking.
 */
export const PendingDialog = observer(function PendingDialog({
  dialog,
  title,
  className,
  describedBy,
  stacked = false,
  children,
}: PendingDialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  const commands = dialog.commands ?? dialog.preflight?.commands;
  useEffect(() => () => commands?.dispose(), [commands]);
  // Read before the dialog takes the focus (its overlay moves it after this render's effects).
  useLayoutEffect(() => {
    if (dialog.isOpen) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement ? active : null;
    }
  }, [dialog.isOpen]);
  return (
    <Dialog
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      shouldReturnFocusOnClose={false}
      onClosed={() => {
        opener.current?.focus({ preventScroll: true });
        opener.current = null;
      }}
      title={title}
      canOutsideClickClose={!dialog.pending}
      canEscapeKeyClose={!dialog.pending}
      isCloseButtonShown={!dialog.pending}
      aria-describedby={describedBy}
      className={className}
      portalClassName={stacked ? STACKED_DIALOG_CLASS : undefined}
    >
      {children}
      {commands !== undefined && (
        <>
          <CommandWaitLine commands={commands} />
          <RepeatQuestionDialog commands={commands} portalClassName={STACKED_DIALOG_CLASS} />
        </>
      )}
    </Dialog>
  );
});
