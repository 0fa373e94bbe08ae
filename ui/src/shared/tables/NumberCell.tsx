// An orders table's number cell (a group row's or a session view's): a quantity, a range or a price, on one
// line unless it is long.
import { numberCellClass } from "./numberCellClass";

/** Props of {@link NumberCell}. */
export interface NumberCellProps {
  /** The text shown, e.g. `1,000–3,000`. */
  readonly text: string;
  /** Said on hover, when the text needs spelling out. */
  readonly title?: string;
}

/** A `td` showing `text` in tabular figures; see {@link numberCellClass} for when it may wrap. */
export function NumberCell({ text, title }: NumberCellProps) {
  return (
    <td className={numberCellClass(text)} title={title}>
      {text}
    </td>
  );
}
