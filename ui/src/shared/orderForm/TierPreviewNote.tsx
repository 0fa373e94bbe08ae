// The line under an order form saying what each size tier will be sent.
import { Callout } from "@blueprintjs/core";

/** Props of {@link TierPreviewNote}. */
export interface TierPreviewNoteProps {
  /** The preview in words. */
  readonly text: string;
}

/** The per-tier and total quantities (contracts, spreads or shares), shown before sending. */
export function TierPreviewNote({ text }: TierPreviewNoteProps) {
  return (
    <Callout compact className="cd-tier-preview" aria-live="polite" data-testid="tier-preview">
      {text}
    </Callout>
  );
}
