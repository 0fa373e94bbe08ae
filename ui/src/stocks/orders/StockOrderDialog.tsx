// The stock order dialog: place, replace, exit or save, with the order form and each account's planned quantity.
import { DialogBody, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { PlanPreviewNote } from "../../shared/planPreview/PlanPreviewNote";
import { SplitTotalField } from "../../shared/orderForm/SplitTotalField";
import { QuoteLine } from "../../shared/quotes/QuoteLine";
import { useStores } from "../../shared/shell/StoreContext";
import { StockOrderFields } from "../form/StockOrderFields";
import { PreflightPanel } from "../../shared/preflight/PreflightPanel";
import { NothingToChangeNote } from "../../shared/orderForm/NothingToChangeNote";
import { NotReplacedNote } from "../../shared/orders/NotReplacedNote";

/** CANCEL and "Place order" / "Replace order" / "Exit order" / "Save order", disabled while in flight. */
export const StockOrderDialog = observer(function StockOrderDialog() {
  const { stocks } = useStores();
  const dialog = stocks.orderDialog;
  const accounts = dialog.accountNames;
  return (
    <PendingDialog stacked dialog={dialog} title={dialog.title} className="cd-order-dialog">
      <DialogBody>
        {accounts !== "" && <p>{`Accounts: ${accounts}`}</p>}
        <NotReplacedNote text={dialog.notReplaced} />
        {dialog.quoted !== null && (
          <QuoteLine label={dialog.quoted.label} quote={dialog.quotes.quoteOf(dialog.quoted.symbol)} />
        )}
        <StockOrderFields form={dialog.form} symbolReadOnly={dialog.mode === "exit"} />
        <NothingToChangeNote shown={dialog.nothingToChange} />
        {dialog.mode === "place" && <SplitTotalField split={dialog.split} units="shares" quantityLabel="Quantity" />}
        {dialog.previewShown && <PlanPreviewNote preview={dialog.plan} fallback={dialog.previewText} />}
        {dialog.mode !== "save" && <PreflightPanel preflight={dialog.preflight} onCheck={dialog.checkAccounts} />}
      </DialogBody>
      <ConfirmFooter
        orders={dialog.mode === "save" ? undefined : stocks.orderTable}
        dialog={dialog}
        actionText={dialog.actionText}
        intent={dialog.mode === "exit" ? Intent.WARNING : Intent.PRIMARY}
        onAction={dialog.submit}
      />
    </PendingDialog>
  );
});
