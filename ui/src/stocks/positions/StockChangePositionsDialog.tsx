// "Change Multiple Stock Positions": a closing order per selected position, submitted together.
import { DialogBody, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { useStores } from "../../shared/shell/StoreContext";
import { SettledQuantity } from "../../shared/tables/SettledQuantity";
import { StockOrderFields } from "../form/StockOrderFields";
import { PreflightPanel } from "../../shared/preflight/PreflightPanel";

/** One form per selected position; Submit Changes sends every closing order at once. */
export const StockChangePositionsDialog = observer(function StockChangePositionsDialog() {
  const { stocks } = useStores();
  const dialog = stocks.changeDialog;
  return (
    <PendingDialog dialog={dialog} title="Change Multiple Stock Positions" className="cd-change-dialog">
      <DialogBody>
        {dialog.changes.map(({ key, position, form }) => (
          <fieldset key={key} className="cd-stock-change" aria-label={`${position.stockSymbol} of ${position.accountName}`}>
            <legend>
              {`${position.stockSymbol} of ${position.accountName} · Settled Qty `}
              <SettledQuantity quantity={position.stockSettledQuantity} />
            </legend>
            <StockOrderFields form={form} symbolReadOnly />
          </fieldset>
        ))}
        <PreflightPanel preflight={dialog.preflight} onCheck={dialog.checkAccounts} />
      </DialogBody>
      <ConfirmFooter
        dialog={dialog}
        cancelText="Cancel"
        actionText="Submit Changes"
        intent={Intent.PRIMARY}
        onAction={dialog.submit}
      />
    </PendingDialog>
  );
});
