// The positions table of the Vertical Trading screen: one row per account and option; Select in selection mode.
import { Checkbox, HTMLTable, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { formatPrice } from "../../shared/format/formatPrice";
import { useStores } from "../../shared/shell/StoreContext";
import { RoundButton } from "../../shared/tables/RoundButton";
import { ScrollRegion } from "../../shared/tables/ScrollRegion";
import { SettledQuantity } from "../../shared/tables/SettledQuantity";
import { positionKey } from "./VerticalPosition";

/** The columns in order, without the Select column of selection mode. */
export const VERTICAL_POSITION_COLUMNS = [
  "View",
  "S",
  "Symbol description",
  "Settled Qty",
  "Average Price",
  "Account Id",
  "Name",
] as const;

/** Every position; V shows the option's accounts, S exits one (or, in selection mode, the selected). The
 * account's name stays in view at the table's right edge when the table is wider than its panel. */
export const VerticalPositionsTable = observer(function VerticalPositionsTable() {
  const { verticals } = useStores();
  const rows = verticals.positionTable.rows;
  const columns = verticals.positionTable.selectionMode ? ["Select", ...VERTICAL_POSITION_COLUMNS] : VERTICAL_POSITION_COLUMNS;
  return (
    <div className="cd-table-block cd-option-positions">
      <ScrollRegion className="cd-table-scroll" label="Vertical positions table">
        <HTMLTable className="cd-option-table cd-sticky-name" compact striped aria-label="Vertical positions">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column === "S" && verticals.positionTable.selectionMode ? (
                    <RoundButton
                      letter="S"
                      label="Exit selected positions"
                      intent={Intent.WARNING}
                      onClick={verticals.exitSelected}
                    />
                  ) : (
                    column
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((position) => {
              const name = `${position.optionChainDescription} of ${position.accountName}`;
              return (
                <tr key={positionKey(position)} data-account-id={position.accountId}>
                  {verticals.positionTable.selectionMode && (
                    <td>
                      <Checkbox
                        className="cd-table-check"
                        aria-label={`Select ${name}`}
                        checked={verticals.positionTable.isSelected(position)}
                        onChange={(event) => verticals.positionTable.setSelected(position, event.currentTarget.checked)}
                      />
                    </td>
                  )}
                  <td>
                    <RoundButton
                      letter="V"
                      label={`View ${position.optionChainDescription}`}
                      onClick={() => verticals.positionTable.view(position)}
                    />
                  </td>
                  <td>
                    <RoundButton
                      letter="S"
                      label={`Exit ${name}`}
                      intent={Intent.WARNING}
                      onClick={() => verticals.exitPosition(position)}
                    />
                  </td>
                  <td>
                    <span className="cd-wrap" title={position.optionChainDescription}>
                      {position.optionChainDescription}
                    </span>
                  </td>
                  <td className="cd-number">
                    <SettledQuantity quantity={position.optionChainSettledQuantity} />
                  </td>
                  <td className="cd-number">{formatPrice(position.optionChainAveragePrice)}</td>
                  <td className="cd-number">{position.accountId}</td>
                  <td>
                    <span className="cd-truncate cd-name" title={position.accountName}>
                      {position.accountName}
                    </span>
                  </td>
                </tr>
              );
            })}
            {rows.length === 0 && (
              <tr>
                <td className="cd-empty-row" colSpan={columns.length}>
                  {verticals.positionTable.loaded ? "No option positions" : "Loading…"}
                </td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </ScrollRegion>
    </div>
  );
});
