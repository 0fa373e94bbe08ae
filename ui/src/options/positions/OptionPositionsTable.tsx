// The option positions table: one row per account and option; a Select column in selection mode.
import { HTMLTable, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { ScrollRegion } from "../../shared/tables/ScrollRegion";
import { positionKey } from "./OptionPosition";
import { useStores } from "../../shared/shell/StoreContext";
import { OptionPositionRow } from "./OptionPositionRow";
import { RoundButton } from "../../shared/tables/RoundButton";

/** The columns in order, without the Select column of selection mode. */
export const OPTION_POSITION_COLUMNS = [
  "View",
  "S",
  "Symbol description",
  "Settled Qty",
  "Average Price",
  "Account Id",
  "Name",
] as const;

/** Every position; in selection mode the S heading exits the selected positions. */
export const OptionPositionsTable = observer(function OptionPositionsTable() {
  const { options } = useStores();
  const rows = options.positionTable.rows;
  const columns = options.positionTable.selectionMode ? ["Select", ...OPTION_POSITION_COLUMNS] : OPTION_POSITION_COLUMNS;

  return (
    <div className="cd-table-block cd-option-positions">
      <ScrollRegion className="cd-table-scroll" label="Option positions table">
        <HTMLTable className="cd-option-table cd-sticky-name" compact striped aria-label="Option positions">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column === "S" && options.positionTable.selectionMode ? (
                    <RoundButton
                      letter="S"
                      label="Exit selected positions"
                      intent={Intent.WARNING}
                      onClick={options.exitSelected}
                    />
                  ) : (
                    column
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((position) => (
              <OptionPositionRow key={positionKey(position)} position={position} />
            ))}
            {rows.length === 0 && (
              <tr>
                <td className="cd-empty-row" colSpan={columns.length}>
                  {options.positionTable.loaded ? "No option positions" : "Loading…"}
                </td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </ScrollRegion>
    </div>
  );
});
