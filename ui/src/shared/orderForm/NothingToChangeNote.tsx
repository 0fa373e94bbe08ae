// The mark on a replace form whose terms are every order's own: nothing to change, nothing sent.
import { Callout, Intent } from "@blueprintjs/core";

/** Props of {@link NothingToChangeNote}. */
export interface NothingToChangeNoteProps {
  /** Whether the terms shown were refused as changing nothing (and are still the same). */
  readonly shown: boolean;
}

/** "Nothing to change: every order already has these terms", while the form still holds them. */
export function NothingToChangeNote({ shown }: NothingToChangeNoteProps) {
  if (!shown) {
    return null;
  }
  return (
    <Callout intent={Intent.DANGER} role="alert" className="cd-nothing-to-change">
      Nothing to change: every order already has these terms. Change what the replacement should change.
    </Callout>
  );
}
