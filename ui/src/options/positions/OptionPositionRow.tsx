// One row of the option positions table: one account's holding of one option.
import { Checkbox, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { formatPrice } from "../../shared/format/formatPrice";
import type { OptionPosition } from "./OptionPosition";
import { useStores } from "../../shared/shell/StoreContext";
import { RoundButton } from "../../shared/tables/RoundButton";
import { SettledQuantity } from "../../shared/tables/SettledQuantity";

/** Props of {@link OptionPositionRow}. */
export interface OptionPositionRowProps {
  /** The holding shown. */
  readonly position: OptionPosition;
}

/** V shows every account's holding of the option; S exits this one; Select appears in selection mode. */
export const OptionPositionRow = observer(function OptionPositionRow({ position }: OptionPositionRowProps) {
  const { options } = useStores();
  const name = `${position.optionChainDescription} of ${position.accountName}`;
  return (
    <tr data-account-id={position.accountId}>
      {options.positionTable.selectionMode && (
        <td>
          <Checkbox
            className="cd-table-check"
            aria-label={`Select ${name}`}
            checked={options.positionTable.isSelected(position)}
            onChange={(event) => options.positionTable.setSelected(position, event.currentTarget.checked)}
          />
        </td>
      )}
      <td>
        <RoundButton
          letter="V"
          label={`View ${position.optionChainDescription}`}
          onClick={() => options.positionTable.view(position)}
        />
      </td>
      <td>
        <RoundButton
          letter="S"
          label={`Exit ${name}`}
          intent={Intent.WARNING}
          onClick={() => options.exitPosition(position)}
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
});
