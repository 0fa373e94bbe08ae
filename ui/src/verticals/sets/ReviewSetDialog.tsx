// The Review Order Set dialog: a saved set's legs, their net and the spreads per tier, then Place.
import { Callout, DialogBody, HTMLTable, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { PlanPreviewNote } from "../../shared/planPreview/PlanPreviewNote";
import { QuoteLines } from "../../shared/quotes/QuoteLine";
import { useStores } from "../../shared/shell/StoreContext";
import { LegTable } from "../entry/LegTable";
import { netText } from "../OrderLeg";
import { PreflightPanel } from "../../shared/preflight/PreflightPanel";

/** Shows the set as saved; Place order sends it to every active account. */
export const ReviewSetDialog = observer(function ReviewSetDialog() {
  const { verticals } = useStores();
  const dialog = verticals.reviewDialog;
  const legs = dialog.set?.legs ?? [];
  return (
    <PendingDialog
      dialog={dialog}
      title={`Review Order Set: ${dialog.set?.setName ?? ""}`}
      className="cd-change-dialog"
    >
      <DialogBody>
        {legs.length === 0 ? (
          <p className="cd-empty-note">This set has no legs.</p>
        ) : (
          <HTMLTable className="cd-option-table" compact aria-label="Legs of the set">
            <LegTable legs={legs} />
          </HTMLTable>
        )}
        <QuoteLines
          entries={legs.map((leg) => ({ symbol: leg.optionChainSymbol, label: leg.optionChainDescription }))}
          quoteOf={dialog.quotes.quoteOf}
        />
        <Callout compact className="cd-net-price" data-testid="net-price">{`Net: ${netText(dialog.net)}`}</Callout>
        <PlanPreviewNote preview={dialog.plan} fallback={dialog.previewText} />
        <PreflightPanel preflight={dialog.preflight} onCheck={dialog.checkAccounts} />
      </DialogBody>
      <ConfirmFooter
        orders={verticals.orderTable} dialog={dialog} actionText="Place order" intent={Intent.PRIMARY} onAction={dialog.place} />
    </PendingDialog>
  );
});
