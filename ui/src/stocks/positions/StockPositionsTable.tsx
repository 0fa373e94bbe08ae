// The stock positions table: one row per account and symbol; a Select column in selection mode.
import { Checkbox, HTMLTable, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { formatPrice } from "../../shared/format/formatPrice";
import { useStores } from "../../shared/shell/StoreContext";
import { RoundButton } from "../../shared/tables/RoundButton";
import { ScrollRegion } from "../../shared/tables/ScrollRegion";
import { SettledQuantity } from "../../shared/tables/SettledQuantity";
import { stockPositionKey, type StockPosition } from "./StockPosition";

/** The columns in order, without the Select column of selection mode. */
export const STOCK_POSITION_COLUMNS = [
  "View",
  "Change position",
  "Symbol",
  "Settled Qty",
  "Average price",
  "Account Id",
  "Name",
] as const;

/** V shows every account's holding of the symbol; S exits this one; Select appears in selection mode. */
const StockPositionRow = observer(function StockPositionRow({ position }: { readonly position: StockPosition }) {
  const { stocks } = useStores();
  const name = `${position.stockSymbol} of ${position.accountName}`;
  return (
    <tr data-account-id={position.accountId}>
      {stocks.positionTable.selectionMode && (
        <td>
          <Checkbox
            className="cd-table-check"
            aria-label={`Select ${name}`}
            checked={stocks.positionTable.isSelected(position)}
            onChange={(event) => stocks.positionTable.setSelected(position, event.currentTarget.checked)}
          />
        </td>
      )}
      <td>
        <RoundButton letter="V" label={`View ${position.stockSymbol}`} onClick={() => stocks.positionTable.view(position)} />
      </td>
      <td>
        <RoundButton
          letter="S"
          label={`Exit ${name}`}
          intent={Intent.WARNING}
          onClick={() => stocks.exitPosition(position)}
        />
      </td>
      <td>{position.stockSymbol}</td>
      <td className="cd-number">
        <SettledQuantity quantity={position.stockSettledQuantity} />
      </td>
      <td className="cd-number">{formatPrice(position.stockAveragePrice)}</td>
      <td className="cd-number">{position.accountId}</td>
      <td>
        <span className="cd-truncate cd-name" title={position.accountName}>
          {position.accountName}
        </span>
      </td>
    </tr>
  );
});

/** Every position; in selection mode the Change position heading exits the selected positions. The account's
 * name stays in view at the table's right edge when the table is wider than its panel. */
export const StockPositionsTable = observer(function StockPositionsTable() {
  const { stocks } = useStores();
  const rows = stocks.positionTable.rows;
  const columns = stocks.positionTable.selectionMode ? ["Select", ...STOCK_POSITION_COLUMNS] : STOCK_POSITION_COLUMNS;
  return (
    <div className="cd-table-block cd-option-positions">
      <ScrollRegion className="cd-table-scroll" label="Stock positions table">
        <HTMLTable className="cd-option-table cd-sticky-name" compact striped aria-label="Stock positions">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column === "Change position" && stocks.positionTable.selectionMode ? (
                    <RoundButton
                      letter="S"
                      label="Exit selected positions"
                      intent={Intent.WARNING}
                      onClick={stocks.exitSelected}
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
              <StockPositionRow key={stockPositionKey(position)} position={position} />
            ))}
            {rows.length === 0 && (
              <tr>
                <td className="cd-empty-row" colSpan={columns.length}>
                  {stocks.positionTable.loaded ? "No stock positions" : "Loading…"}
                </td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </ScrollRegion>
    </div>
  );
});
