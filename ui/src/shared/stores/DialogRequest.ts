// A dialog's one confirmed request: in flight while it runs, closing the dialog only when it was accepted.
import { runInAction } from "mobx";

/** The flags of a dialog store that a confirmed request drives. */
export interface RequestDialog {
  /** Whether the dialog is open. */
  isOpen: boolean;
  /** True while the request is in flight. */
  pending: boolean;
}

/** What goes to the console when the request does not succeed. */
export interface RequestLogs {
  /** Logged with the answer when the server answered but did not accept. */
  readonly refused: string;
  /** Logged with the error when the request failed. */
  readonly failed: string;
}

/**
 * Sends `dialog`'s request: marks it pending, awaits `send`, and judges the answer with `accepted`. A refused
 * answer or a failed request is logged with `logs` and leaves the dialog open; an accepted one closes it.
 * Resolves to whether the answer was accepted. The caller checks `pending` first, so a request is sent once.
 */
export async function sendFromDialog(
  dialog: RequestDialog,
  send: () => Promise<unknown>,
  accepted: (answer: unknown) => boolean,
  logs: RequestLogs,
): Promise<boolean> {
  runInAction(() => {
    dialog.pending = true;
  });
  let ok = false;
  try {
    const answer = await send();
    ok = accepted(answer);
    if (!ok) {
      console.error(logs.refused, answer);
    }
  } catch (error) {
    console.error(logs.failed, error);
  }
  runInAction(() => {
    dialog.pending = false;
    if (ok) {
      dialog.isOpen = false;
    }
  });
  return ok;
}
