// A status or order word that may wrap after its underscores (TRAILING_ | STOP), so narrow columns stay readable.
import { Fragment } from "react";

/** Props of {@link Words}. */
export interface WordsProps {
  /** The text, e.g. `TRAILING_STOP` or `BUY_TO_OPEN / SELL_TO_OPEN`. */
  readonly text: string;
  /** Put before the text and kept on one line with its first part, e.g. a count (`3 ` of `3 REJECTED`). */
  readonly lead?: string;
}

/** `lead` and `text` with a line-break opportunity after each underscore of `text` and nowhere else before
 * its first one; the text content is `lead` then `text`, unchanged. */
export function Words({ text, lead }: WordsProps) {
  const parts = text.split("_");
  return (
    <>
      {parts.map((part, index) => {
        const more = index < parts.length - 1;
        const shown = more ? `${part}_` : part;
        return (
          // The parts of one text never change order, so their position is their identity.
          <Fragment key={index}>
            {index === 0 && lead !== undefined ? <span className="cd-keep">{`${lead}${shown}`}</span> : shown}
            {more && <wbr />}
          </Fragment>
        );
      })}
    </>
  );
}
