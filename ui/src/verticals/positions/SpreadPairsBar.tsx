// The spreads the accounts hold, above the positions table: each with its Close spread button.
import { Button, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { accountsText } from "../../shared/orders/sessionSummary";
import { useStores } from "../../shared/shell/StoreContext";

/** Nothing while no account holds a long and a short leg of one series; else one button per spread. */
export const SpreadPairsBar = observer(function SpreadPairsBar() {
  const { verticals } = useStores();
  const pairs = verticals.spreadPairs;
  if (pairs.length === 0) {
    return null;
  }
  return (
    <div className="cd-spread-bar" role="group" aria-label="Spreads held">
      <span className="cd-muted">Spreads held:</span>
      {pairs.map((pair) => {
        const accounts = accountsText(pair.holdings.length);
        return (
          <Button
            key={pair.key}
            size="small"
            intent={Intent.WARNING}
            variant="outlined"
            text={`Close spread ${pair.label} (${accounts})`}
            onClick={() => verticals.closeSpread(pair)}
          />
        );
      })}
    </div>
  );
});
