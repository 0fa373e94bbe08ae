// The accounts holding one stock (V on the positions table), with SELECTED POSITION checks and a red S to exit them.
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, HTMLTable, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { formatPrice } from "../../shared/format/formatPrice";
import { useStores } from "../../shared/shell/StoreContext";
import { RoundButton } from "../../shared/tables/RoundButton";
import { SettledQuantity } from "../../shared/tables/SettledQuantity";
import { stockPositionKey } from "./StockPosition";

/** The columns after SELECTED POSITION. */
const COLUMNS = ["Symbol", "Settled Qty", "Average price", "Account Id", "Name"];

/** Every account's holding of the viewed symbol, by settled quantity ascending. */
export const StockPositionAccountsDialog = observer(function StockPositionAccountsDialog() {
  const { stocks } = useStores();
  const positions = stocks.viewedPositions;
  return (
    <Dialog
      isOpen={stocks.positionTable.viewedGroup !== null}
      onClose={stocks.positionTable.closeView}
      title={stocks.positionTable.viewedGroup ?? ""}
      className="cd-order-dialog"
    >
      <DialogBody>
        <HTMLTable className="cd-option-table" compact striped aria-label="Positions by account">
          <thead>
            <tr>
              <th scope="col">
                <span>SELECTED POSITION </span>
                <RoundButton
                  letter="S"
                  label="Exit the selected positions"
                  intent={Intent.DANGER}
                  onClick={stocks.exitViewSelected}
                />
              </th>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {positions.map((position) => (
              <tr key={stockPositionKey(position)} data-account-id={position.accountId}>
                <td>
                  <Checkbox
                    className="cd-table-check"
                    aria-label={`Select the position of ${position.accountName}`}
                    checked={stocks.positionTable.viewSelection.has(position)}
                    onChange={(event) => stocks.positionTable.viewSelection.set(position, event.currentTarget.checked)}
                  />
                </td>
                <td>{position.stockSymbol}</td>
                <td className="cd-number">
                  <SettledQuantity quantity={position.stockSettledQuantity} />
                </td>
                <td className="cd-number">{formatPrice(position.stockAveragePrice)}</td>
                <td className="cd-number">{position.accountId}</td>
                <td>{position.accountName}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={stocks.positionTable.closeView} />} />
    </Dialog>
  );
});
