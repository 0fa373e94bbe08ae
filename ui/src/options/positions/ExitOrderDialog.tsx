// The "Option Exit Order" dialog: closing one position, or the same option held by the selected accounts.
import { DialogBody, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../../shared/shell/StoreContext";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { OrderFormFields } from "../../shared/orderForm/OrderFormFields";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { PreflightPanel } from "../../shared/preflight/PreflightPanel";
import { QuoteLine } from "../../shared/quotes/QuoteLine";

/** The closing order, starting from the position's defaults; quantity and price are numeric. */
export const ExitOrderDialog = observer(function ExitOrderDialog() {
  const { options } = useStores();
  const dialog = options.exitDialog;
  return (
    <PendingDialog dialog={dialog} title="Option Exit Order" className="cd-order-dialog">
      <DialogBody>
        <p className="cd-dialog-account">{dialog.description}</p>
        <p>{`Accounts: ${dialog.accountNames}`}</p>
        {dialog.targets[0] !== undefined && (
          <QuoteLine label={dialog.description} quote={dialog.quotes.quoteOf(dialog.targets[0].optionChainSymbol)} />
        )}
        <OrderFormFields form={dialog.form} numeric />
        <PreflightPanel preflight={dialog.preflight} onCheck={dialog.checkAccounts} />
      </DialogBody>
      <ConfirmFooter
        orders={options.orderTable} dialog={dialog} actionText="Exit order" intent={Intent.WARNING} onAction={dialog.submit} />
    </PendingDialog>
  );
});
