// The head and rows of a list of legs (staged or saved), with an optional remove button per leg.
import { Button } from "@blueprintjs/core";
import { CrossIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { ColumnHeads } from "../../shared/tables/ColumnHeads";
import type { OrderLeg } from "../OrderLeg";

/** Props of {@link LegTable}. */
export interface LegTableProps {
  /** The legs listed. */
  readonly legs: readonly OrderLeg[];
  /** Removes the leg at an index; without it no remove column is shown. */
  readonly onRemove?: (index: number) => void;
}

/** Symbol description, instruction, order type, quantity and price of each leg. */
export const LegTable = observer(function LegTable({ legs, onRemove }: LegTableProps) {
  const columns = ["Symbol description", "Instruction", "Order Type", "Quantity", "Price"];
  return (
    <>
      <ColumnHeads columns={onRemove === undefined ? columns : [...columns, "Remove"]} />
      <tbody>
        {legs.map((leg, index) => (
          <tr key={index}>
            <td>{leg.optionChainDescription || leg.optionChainSymbol}</td>
            <td>{leg.optionChainInstruction}</td>
            <td>{leg.optionChainOrderType}</td>
            <td className="cd-number">{String(leg.optionChainQuantity)}</td>
            <td className="cd-number">
              {typeof leg.optionChainPrice === "number" ? leg.optionChainPrice.toFixed(2) : leg.optionChainPrice}
            </td>
            {onRemove !== undefined && (
              <td>
                <Button
                  variant="minimal"
                  size="small"
                  icon={<CrossIcon />}
                  aria-label={`Remove leg ${index + 1}`}
                  title="Remove leg"
                  onClick={() => onRemove(index)}
                />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </>
  );
});
