// The saved stock orders table: P places one, the symbol, and the trash icon removes it; sorted by symbol.
import { Button, HTMLTable, Intent } from "@blueprintjs/core";
import { TrashIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { showOutcome } from "../../shared/shell/toaster";
import { useStores } from "../../shared/shell/StoreContext";
import { RoundButton } from "../../shared/tables/RoundButton";

/** The saved orders, with Save order opening the saved-order dialog. */
export const SavedStockOrders = observer(function SavedStockOrders() {
  const { stocks } = useStores();
  const saved = stocks.savedOrders;
  return (
    <section className="cd-saved-list" aria-label="Saved stock orders">
      <div className="cd-section-head">
        <h2 className="cd-panel-title">Saved Stock Orders</h2>
        <Button size="small" text="Save order" onClick={stocks.orderDialog.openSave} />
      </div>
      <HTMLTable className="cd-option-table" compact striped aria-label="Saved stock orders table">
        <thead>
          <tr>
            <th scope="col">Place order</th>
            <th scope="col">Stock symbol</th>
            <th scope="col">Settings</th>
          </tr>
        </thead>
        <tbody>
          {saved.orders.map((order) => (
            <tr key={order.stockSymbol}>
              <td>
                <RoundButton
                  letter="P"
                  label={`Place ${order.stockSymbol}`}
                  intent={Intent.SUCCESS}
                  onClick={() => stocks.placeSaved(order)}
                />
              </td>
              <td>{order.stockSymbol}</td>
              <td>
                <Button
                  variant="minimal"
                  size="small"
                  icon={<TrashIcon />}
                  aria-label={`Delete saved order ${order.stockSymbol}`}
                  title="Delete saved order"
                  disabled={saved.pending}
                  onClick={() => void saved.remove(order.stockSymbol).then(showOutcome)}
                />
              </td>
            </tr>
          ))}
          {saved.orders.length === 0 && (
            <tr>
              <td className="cd-empty-row" colSpan={3}>
                No saved stock orders
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
    </section>
  );
});
