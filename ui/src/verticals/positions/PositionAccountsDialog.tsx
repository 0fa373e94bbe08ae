// The per-account positions of one option on the Vertical Trading screen (V on the positions table).
import { Button, Dialog, DialogBody, DialogFooter, HTMLTable } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { formatPrice } from "../../shared/format/formatPrice";
import { useStores } from "../../shared/shell/StoreContext";
import { ColumnHeads } from "../../shared/tables/ColumnHeads";
import { SettledQuantity } from "../../shared/tables/SettledQuantity";

/** Every account's holding of the viewed option. */
export const PositionAccountsDialog = observer(function PositionAccountsDialog() {
  const { verticals } = useStores();
  return (
    <Dialog
      isOpen={verticals.positionTable.viewedGroup !== null}
      onClose={verticals.positionTable.closeView}
      title={verticals.positionTable.viewedGroup ?? ""}
      className="cd-order-dialog"
    >
      <DialogBody>
        <HTMLTable className="cd-option-table" compact striped aria-label="Positions by account">
          <ColumnHeads columns={["Account Id", "Name", "Account Username", "Settled Qty", "Average Price"]} />
          <tbody>
            {verticals.positionTable.viewedRows.map((position) => (
              <tr key={position.accountId}>
                <td className="cd-number">{position.accountId}</td>
                <td>{position.accountName}</td>
                <td>{position.accountUsername}</td>
                <td className="cd-number">
                  <SettledQuantity quantity={position.optionChainSettledQuantity} />
                </td>
                <td className="cd-number">{formatPrice(position.optionChainAveragePrice)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={verticals.positionTable.closeView} />} />
    </Dialog>
  );
});
