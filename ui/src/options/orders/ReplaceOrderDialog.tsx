// The replace dialog: one account's order, the checked orders of a session, or a session's open orders.
import { DialogBody, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../../shared/shell/StoreContext";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { OrderFormFields } from "../../shared/orderForm/OrderFormFields";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { PlanPreviewNote } from "../../shared/planPreview/PlanPreviewNote";
import { PreflightPanel } from "../../shared/preflight/PreflightPanel";
import { QuoteLine } from "../../shared/quotes/QuoteLine";
import { NothingToChangeNote } from "../../shared/orderForm/NothingToChangeNote";
import { NotReplacedNote } from "../../shared/orders/NotReplacedNote";

/** The replacement's instruction, order type, quantity and price, and what each tier will be sent. */
export const ReplaceOrderDialog = observer(function ReplaceOrderDialog() {
  const { options } = useStores();
  const dialog = options.replaceDialog;
  return (
    <PendingDialog dialog={dialog} title={dialog.title} className="cd-order-dialog" stacked>
      <DialogBody>
        <p className="cd-dialog-account">{dialog.description}</p>
        <p>{`Accounts: ${dialog.targets.map((row) => row.accountUsername).join(", ")}`}</p>
        <NotReplacedNote text={dialog.notReplaced} />
        {dialog.quotedSymbols.map((symbol) => (
          <QuoteLine key={symbol} label={dialog.description} quote={dialog.quotes.quoteOf(symbol)} />
        ))}
        <OrderFormFields form={dialog.form} />
        <NothingToChangeNote shown={dialog.nothingToChange} />
        <PlanPreviewNote preview={dialog.plan} fallback={dialog.previewText} />
        <PreflightPanel preflight={dialog.preflight} onCheck={dialog.checkAccounts} />
      </DialogBody>
      <ConfirmFooter
        orders={options.orderTable} dialog={dialog} actionText="Replace order" intent={Intent.PRIMARY} onAction={dialog.submit} />
    </PendingDialog>
  );
});
