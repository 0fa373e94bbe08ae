// The Cancel Vertical Order Legs dialog: tick legs (each with its account's other leg) and cancel them.
import { Checkbox, DialogBody, HTMLTable, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { useStores } from "../../shared/shell/StoreContext";
import { ColumnHeads } from "../../shared/tables/ColumnHeads";
import { VerticalMessages } from "../VerticalMessages";
import { canCancelLeg, isCanceled, legKey } from "./VerticalOrderRow";


/** How a leg already cancelled is shown. */
const STRUCK = { textDecoration: "line-through" } as const;
/** Legs already CANCELED cannot be ticked: they say "(Already Canceled)" and are struck through. */
export const CancelLegsDialog = observer(function CancelLegsDialog() {
  const { verticals } = useStores();
  const dialog = verticals.cancelDialog;
  return (
    <PendingDialog stacked dialog={dialog} title="Cancel Vertical Order Legs" className="cd-change-dialog">
      <DialogBody>
        <HTMLTable className="cd-option-table" compact aria-label="Legs to cancel">
          <ColumnHeads columns={["Select", "Account", "Leg", "Symbol description", "Status"]} />
          <tbody>
            {dialog.rows.map((row) => {
              const canceled = isCanceled(row);
              const of = `${row.optionChainDescription} of ${row.accountName}`;
              return (
                <tr key={legKey(row)} style={canceled ? STRUCK : undefined} data-canceled={canceled || undefined}>
                  <td>
                    <Checkbox
                      className="cd-table-check"
                      aria-label={`Select ${of}`}
                      disabled={!canCancelLeg(row)}
                      checked={dialog.isChosen(row)}
                      onChange={(event) => dialog.setChosen(row, event.currentTarget.checked)}
                    />
                  </td>
                  <td className="cd-account-cell">{row.accountName}</td>
                  <td className="cd-number">{row.optionChainLegIndex + 1}</td>
                  <td>
                    {row.optionChainDescription}
                    {canceled && ` ${VerticalMessages.alreadyCanceled}`}
                  </td>
                  <td>{row.optionChainStatus}</td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </DialogBody>
      <ConfirmFooter dialog={dialog} actionText="Cancel selected legs" intent={Intent.DANGER} onAction={dialog.submit} />
    </PendingDialog>
  );
});
