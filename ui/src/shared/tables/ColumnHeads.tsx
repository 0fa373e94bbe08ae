// A table's header row of plain column titles.
import { observer } from "mobx-react-lite";

/** The titles, in order. */
export interface ColumnHeadsProps {
  /** One title per column; each is also the cell's key, so titles are distinct. */
  readonly columns: readonly string[];
}

/** The `thead` with one column-header cell per title. */
export const ColumnHeads = observer(function ColumnHeads({ columns }: ColumnHeadsProps) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
});
