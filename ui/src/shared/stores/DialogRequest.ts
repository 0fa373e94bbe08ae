// A dialog's one confirmed request: in flight while it runs, closing the dialog only when it was accepted.
import { runInAction } from "mobx";
import { reasonOf } from "../api/describeError";

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

/** How a dialog's request is sent and judged. */
export interface DialogRequest {
  /** Sends the request. */
  readonly send: () => Promise<unknown>;
  /** True when the answer means the request was accepted. */
  readonly accepted: (answer: unknown) => boolean;
  /** Why an answer that was not accepted was not, to show after the failure text; null when it says nothing. */
  readonly refusalReason: (answer: unknown) => string | null;
  /** The console texts. */
  readonly logs: RequestLogs;
}

/** How a dialog's request ended: accepted, or not with the reason when there is one. */
export type DialogRequestResult = { readonly ok: true } | { readonly ok: false; readonly reason: string | null };

/**
 * Sends `dialog`'s request: marks it pending, awaits `request.send`, and judges the answer. A refused answer
 * (its reason from `request.refusalReason`) or a failed request (the error's message) is logged and leaves
 * the dialog open; an accepted one closes it. The caller checks `pending` first, so a request is sent once.
 */
export async function sendFromDialog(dialog: RequestDialog, request: DialogRequest): Promise<DialogRequestResult> {
  runInAction(() => {
    dialog.pending = true;
  });
  let result: DialogRequestResult;
  try {
    const answer = await request.send();
    if (request.accepted(answer)) {
      result = { ok: true };
    } else {
      console.error(request.logs.refused, answer);
      result = { ok: false, reason: request.refusalReason(answer) };
    }
  } catch (error) {
    console.error(request.logs.failed, error);
    result = { ok: false, reason: reasonOf(error) };
  }
  runInAction(() => {
    dialog.pending = false;
    if (result.ok) {
      dialog.isOpen = false;
    }
  });
  return result;
}
