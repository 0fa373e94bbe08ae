// The Option Exit Order dialog: the closing order's fields for one position or the selected positions.
import { DialogBody, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { OrderFormFields } from "../../shared/orderForm/OrderFormFields";
import { QuoteLines } from "../../shared/quotes/QuoteLine";
import { useStores } from "../../shared/shell/StoreContext";
import { PreflightPanel } from "../../shared/preflight/PreflightPanel";

/** Instruction, order type, quantity and price (step 0.01, hidden for MARKET); Exit order sends it. */
export const ExitPositionsDialog = observer(function ExitPositionsDialog() {
  const { verticals } = useStores();
  const dialog = verticals.exitDialog;
  return (
    <PendingDialog stacked dialog={dialog} title={dialog.title} className="cd-order-dialog">
      <DialogBody>
        <p>{dialog.descriptions}</p>
        <p className="cd-muted">{dialog.accountNames}</p>
        <QuoteLines
          entries={dialog.targets.map((position) => ({
            symbol: position.optionChainSymbol,
            label: position.optionChainDescription,
          }))}
          quoteOf={dialog.quotes.quoteOf}
        />
        <OrderFormFields form={dialog.form} numeric />
        <PreflightPanel preflight={dialog.preflight} onCheck={dialog.checkAccounts} />
      </DialogBody>
      <ConfirmFooter
        orders={verticals.orderTable} dialog={dialog} actionText="Exit order" intent={Intent.WARNING} onAction={dialog.submit} />
    </PendingDialog>
  );
});
