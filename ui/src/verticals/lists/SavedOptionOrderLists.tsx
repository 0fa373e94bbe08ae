// The saved option orders (CALL and PUT lists) on the Vertical Trading screen: P stages the order as a leg.
import { Button, Intent } from "@blueprintjs/core";
import { TrashIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { useStores } from "../../shared/shell/StoreContext";
import { showOutcome } from "../../shared/shell/toaster";
import { RoundButton } from "../../shared/tables/RoundButton";

/** The two side-by-side lists, each sorted by symbol, with P, the description and a delete icon. */
export const SavedOptionOrderLists = observer(function SavedOptionOrderLists() {
  const { options, verticals } = useStores();
  const saved = options.savedOrders;
  return (
    <div className="cd-saved-lists">
      {(
        [
          ["CALL", saved.calls],
          ["PUT", saved.puts],
        ] as const
      ).map(([title, orders]) => (
        <section key={title} className="cd-saved-list" aria-label={`Saved ${title} orders`}>
          <h2 className="cd-panel-title">{title}</h2>
          <ul className="cd-plain-list">
            {orders.map((order) => (
              <li key={order.optionChainSymbol} className="cd-saved-row">
                <RoundButton
                  letter="P"
                  label={`Place ${order.optionChainDescription}`}
                  intent={Intent.SUCCESS}
                  onClick={() =>
                    verticals.entry.openWithLeg({
                      optionChainSymbol: order.optionChainSymbol,
                      optionChainDescription: order.optionChainDescription,
                      optionChainInstruction: order.optionChainInstruction,
                      optionChainOrderType: order.optionChainOrderType,
                      optionChainQuantity: Number(order.optionChainQuantity),
                      optionChainPrice: Number(order.optionChainPrice),
                    })
                  }
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
                  disabled={saved.pending}
                  onClick={() => void saved.remove(order.optionChainSymbol).then(showOutcome)}
                />
              </li>
            ))}
            {orders.length === 0 && <li className="cd-empty-note">No saved orders</li>}
          </ul>
        </section>
      ))}
    </div>
  );
});
