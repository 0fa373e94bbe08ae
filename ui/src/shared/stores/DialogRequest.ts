// A dialog's one confirmed request: in flight while it runs, closing the dialog once it went out.
import { runInAction } from "mobx";
import { reasonOf } from "../api/describeError";
import { NotSentAgain } from "../commands/CommandSender";
import { acceptedText, partialOutcome, type CommandKind } from "../orders/CopyAnswer";
import { failedWith, NOT_SENT, succeeded, type Outcome } from "./Outcome";

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
  /**
   * What the request does, for a copy command: an answer that some accounts accepted and others refused then
   * went out (the dialog closes) and is told in that command's words ({@link partialOutcome}).
   */
  readonly kind?: CommandKind;
}

/**
 * How a dialog's request ended: accepted (with the answer, and the warning when only some accounts accepted),
 * or not, with the reason when there is one; quiet when the agent chose not to send it.
 */
export type DialogRequestResult =
  | { readonly ok: true; readonly answer: unknown; readonly partial: Outcome | null }
  | { readonly ok: false; readonly reason: string | null; readonly quiet?: boolean };

/**
 * Sends `dialog`'s request: marks it pending, awaits `request.send`, and judges the answer. An accepted answer,
 * or one some accounts accepted, closes the dialog; a refused answer (its reason from `request.refusalReason`)
 * or a failed request (the error's message) is logged and leaves the dialog open, and so does an order the agent
 * chose not to send again. The caller checks `pending` first, so a request is sent once.
 */
export async function sendFromDialog(dialog: RequestDialog, request: DialogRequest): Promise<DialogRequestResult> {
  runInAction(() => {
    dialog.pending = true;
  });
  let result: DialogRequestResult;
  try {
    const answer = await request.send();
    const partial = request.kind === undefined ? null : partialOutcome(answer, request.kind);
    if (request.accepted(answer) || partial !== null) {
      if (partial !== null) {
        console.warn(request.logs.refused, answer);
      }
      result = { ok: true, answer, partial };
    } else {
      console.error(request.logs.refused, answer);
      result = { ok: false, reason: request.refusalReason(answer) };
    }
  } catch (error) {
    if (error instanceof NotSentAgain) {
      result = { ok: false, reason: null, quiet: true };
    } else {
      console.error(request.logs.failed, error);
      result = { ok: false, reason: reasonOf(error) };
    }
  }
  runInAction(() => {
    dialog.pending = false;
    if (result.ok) {
      dialog.isOpen = false;
    }
  });
  return result;
}

/**
 * The outcome of a dialog's request: `ok` (with the exits cut to what was held) when every account accepted, the
 * warning when some did, nothing to show when the agent chose not to send, else `failed` with the reason.
 */
export function requestOutcome(result: DialogRequestResult, texts: { readonly ok: string; readonly failed: string }): Outcome {
  if (result.ok) {
    return result.partial ?? succeeded(acceptedText(texts.ok, result.answer));
  }
  return result.quiet === true ? NOT_SENT : failedWith(texts.failed, result.reason);
}
