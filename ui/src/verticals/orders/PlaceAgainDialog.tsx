// The Re-place Vertical Order Legs dialog: the session's legs, ticked ones placed again on every active account.
import { Callout, Checkbox, DialogBody, HTMLTable, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { PlanPreviewNote } from "../../shared/planPreview/PlanPreviewNote";
import { useStores } from "../../shared/shell/StoreContext";
import { ColumnHeads } from "../../shared/tables/ColumnHeads";
import { QUOTE_COLUMN, QuoteCell } from "../../shared/quotes/QuoteLine";
import { netText } from "../OrderLeg";
import { LegFieldCells } from "./LegFieldCells";
import { legKey } from "./VerticalOrderRow";
import { PreflightPanel } from "../../shared/preflight/PreflightPanel";

/** The net of the ticked legs and the spreads per tier are shown before sending. */
export const PlaceAgainDialog = observer(function PlaceAgainDialog() {
  const { verticals } = useStores();
  const dialog = verticals.rePlaceDialog;
  return (
    <PendingDialog stacked dialog={dialog} title="Re-place Vertical Order Legs" className="cd-change-dialog">
      <DialogBody>
        <HTMLTable className="cd-option-table" compact aria-label="Legs to place">
          <ColumnHeads
            columns={["Select", "Symbol description", QUOTE_COLUMN, "Instruction", "Order Type", "Quantity", "Price"]}
          />
          <tbody>
            {dialog.drafts.map((draft) => (
              <tr key={legKey(draft.row)}>
                <td>
                  <Checkbox
                    className="cd-table-check"
                    aria-label={`Select ${draft.row.optionChainDescription}`}
                    checked={dialog.isChosen(draft)}
                    onChange={(event) => dialog.setChosen(draft, event.currentTarget.checked)}
                  />
                </td>
                <td>{draft.row.optionChainDescription}</td>
                <QuoteCell
                  of={draft.row.optionChainDescription}
                  quote={dialog.quotes.quoteOf(draft.row.optionChainSymbol)}
                />
                <LegFieldCells form={draft.form} of={draft.row.optionChainDescription} />
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <Callout compact className="cd-net-price" data-testid="net-price">{`Net: ${netText(dialog.net)}`}</Callout>
        <PlanPreviewNote preview={dialog.plan} fallback={dialog.previewText} />
        <PreflightPanel preflight={dialog.preflight} onCheck={dialog.checkAccounts} />
      </DialogBody>
      <ConfirmFooter
        orders={verticals.orderTable} dialog={dialog} actionText="Place order" intent={Intent.PRIMARY} onAction={dialog.submit} />
    </PendingDialog>
  );
});
