// One list of saved option orders (the CALL or the PUT list): P to place, the description, and delete.
import { Button, Intent } from "@blueprintjs/core";
import { TrashIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import type { SavedOptionOrder } from "./SavedOptionOrder";
import { useStores } from "../../shared/shell/StoreContext";
import { showOutcomeIfAny } from "../../shared/shell/showOutcomeIfAny";
import { showOutcome } from "../../shared/shell/toaster";
import { RoundButton } from "../../shared/tables/RoundButton";

/** Props of {@link SavedOrderList}. */
export interface SavedOrderListProps {
  /** The list's heading: CALL or PUT. */
  readonly title: string;
  /** The saved orders listed, already sorted. */
  readonly orders: readonly SavedOptionOrder[];
}

/** A headed list of saved orders. */
export const SavedOrderList = observer(function SavedOrderList({ title, orders }: SavedOrderListProps) {
  const { options } = useStores();
  const remove = async (order: SavedOptionOrder) => {
    showOutcome(await options.savedOrders.remove(order.optionChainSymbol));
  };
  return (
    <section className="cd-saved-list" aria-label={`Saved ${title} orders`}>
      <h2 className="cd-panel-title">{title}</h2>
      <ul className="cd-plain-list">
        {orders.map((order) => (
          <li key={order.optionChainSymbol} className="cd-saved-row">
            <RoundButton
              letter="P"
              label={`Place ${order.optionChainDescription}`}
              intent={Intent.SUCCESS}
              onClick={() => void options.placeSaved(order).then(showOutcomeIfAny)}
            />
            <span className="cd-saved-description" title={order.optionChainDescription}>
              {order.optionChainDescription}
            </span>
            <Button
              variant="minimal"
              size="small"
              icon={<TrashIcon />}
              aria-label={`Delete saved order ${order.optionChainDescription}`}
              title="Delete saved order"
              disabled={options.savedOrders.pending}
              onClick={() => void remove(order)}
            />
          </li>
        ))}
        {orders.length === 0 && <li className="cd-empty-note">No saved orders</li>}
      </ul>
    </section>
  );
});
