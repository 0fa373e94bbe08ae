// The shared warning modal: a message (e.g. "Please select at least one order!") and a CANCEL button.
import { makeAutoObservable } from "mobx";

/** State of the warning modal: open while it has a message. */
export class WarningDialogStore {
  /** The message shown, or null when the modal is closed. */
  message: string | null = null;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Whether the modal is open. */
  get isOpen(): boolean {
    return this.message !== null;
  }

  /** Opens the modal with `message`. */
  show(message: string): void {
    this.message = message;
  }

  /** Closes the modal (CANCEL, backdrop). */
  close(): void {
    this.message = null;
  }
}
