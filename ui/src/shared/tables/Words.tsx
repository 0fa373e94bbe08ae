// A status or order word that may wrap after its underscores (TRAILING_ | STOP), so narrow columns stay readable.
import { Fragment } from "react";

/** Props of {@link Words}. */
export interface WordsProps {
  /** The text, e.g. `TRAILING_STOP` or `BUY_TO_OPEN / SELL_TO_OPEN`. */
  readonly text: string;
}

/** `text` with a line-break opportunity after each underscore; its text content is unchanged. */
export function Words({ text }: WordsProps) {
  const parts = text.split("_");
  return (
    <>
      {parts.map((part, index) => (
        // The parts of one text never change order, so their position is their identity.
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && (
            <>
              _<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}
