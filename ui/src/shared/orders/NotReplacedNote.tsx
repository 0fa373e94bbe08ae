// The line of a session's Replace dialog naming the accounts it leaves out and why, shown before sending.
import { Callout, Intent } from "@blueprintjs/core";

/** Props of {@link NotReplacedNote}. */
export interface NotReplacedNoteProps {
  /** `Not replaced: Big C (FILLED), Small B (no order id yet)`, or null when every account is replaced. */
  readonly text: string | null;
}

/** A warning naming the accounts a session replace leaves out; nothing when none is. */
export function NotReplacedNote({ text }: NotReplacedNoteProps) {
  if (text === null) {
    return null;
  }
  return (
    <Callout className="cd-not-replaced" intent={Intent.WARNING} compact role="note" aria-label="Not replaced">
      {text}
    </Callout>
  );
}
