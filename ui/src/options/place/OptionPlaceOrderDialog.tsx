// The "Option Place Order On All Active Accounts" dialog: contract list on the left, chain and order on the right.
import {
  Button,
  Checkbox,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import type { OptionSide } from "./PlaceOrderDialogStore";
import { useStores } from "../../shared/shell/StoreContext";
import { showOutcomeIfAny } from "../../shared/shell/showOutcomeIfAny";
import { ContractListPanel } from "./ContractListPanel";
import { OrderFormFields } from "../../shared/orderForm/OrderFormFields";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { StrikeSuggest } from "./StrikeSuggest";
import { PlanPreviewNote } from "../../shared/planPreview/PlanPreviewNote";
import { SplitTotalField } from "../../shared/orderForm/SplitTotalField";
import { PreflightPanel } from "../../shared/preflight/PreflightPanel";
import { QuoteLine } from "../../shared/quotes/QuoteLine";
import { announceOutcome } from "../../shared/shell/announceOutcome";

const SIDES: readonly OptionSide[] = ["CALL", "PUT"];


/** The place dialog; Place order sends the order to every active account. */
export const OptionPlaceOrderDialog = observer(function OptionPlaceOrderDialog() {
  const { options } = useStores();
  const dialog = options.placeDialog;
  const stockPairId = useId();
  const expiryId = useId();
  const strikeId = useId();
  const descriptionId = useId();

  return (
    <PendingDialog dialog={dialog} title="Option Place Order On All Active Accounts" className="cd-place-dialog">
      <DialogBody>
        <div className="cd-place-layout">
          <ContractListPanel />
          <div className="cd-place-form">
            <FormGroup
              label="Stock Pair"
              labelFor={stockPairId}
              intent={dialog.stockPairProblem === null ? Intent.NONE : Intent.DANGER}
              helperText={dialog.stockPairProblem ?? undefined}
            >
              <InputGroup
                id={stockPairId}
                value={dialog.stockPair}
                intent={dialog.stockPairProblem === null ? Intent.NONE : Intent.DANGER}
                aria-invalid={dialog.stockPairProblem !== null}
                onValueChange={dialog.setStockPair}
              />
            </FormGroup>
            <div className="cd-side-checks" role="group" aria-label="Call or put">
              {SIDES.map((side) => (
                <Checkbox
                  key={side}
                  inline
                  label={side}
                  checked={dialog.side === side}
                  disabled={dialog.chainLoading}
                  onChange={(event) => void dialog.setSide(side, event.currentTarget.checked).then(showOutcomeIfAny)}
                />
              ))}
            </div>
            <FormGroup label="Option Chain" labelFor={expiryId}>
              <HTMLSelect
                id={expiryId}
                fill
                disabled={dialog.chain.length === 0}
                value={dialog.expiryKey ?? ""}
                options={dialog.chain.map((expiry) => ({ value: expiry.key, label: expiry.label }))}
                onChange={(event) => dialog.setExpiry(event.currentTarget.value)}
              />
            </FormGroup>
            <FormGroup
              label="Strike Price"
              labelFor={strikeId}
              intent={dialog.strikeProblem === null ? Intent.NONE : Intent.DANGER}
              helperText={dialog.strikeProblem ?? undefined}
            >
              <StrikeSuggest dialog={dialog} inputId={strikeId} />
            </FormGroup>
            <FormGroup className="cd-wide" label="Description" labelFor={descriptionId}>
              <InputGroup id={descriptionId} readOnly value={dialog.description} />
            </FormGroup>
            <div className="cd-wide">
              {dialog.symbol === "" ? (
                <p className="cd-quote-line cd-muted" data-testid="quote">
                  Pick a contract to see its quote
                </p>
              ) : (
                <QuoteLine label={dialog.description} quote={dialog.quotes.quoteOf(dialog.symbol)} />
              )}
            </div>
            <OrderFormFields form={dialog.form} />
            <SplitTotalField split={dialog.split} units="contracts" quantityLabel={dialog.form.quantityLabel} />
            <div className="cd-wide">
              <PlanPreviewNote preview={dialog.plan} fallback={dialog.previewText} />
            </div>
          </div>
        </div>
        <PreflightPanel preflight={dialog.preflight} onCheck={dialog.checkAccounts} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="CANCEL" disabled={dialog.pending} onClick={dialog.close} />
            <Button
              intent={Intent.PRIMARY}
              text="Place order"
              disabled={dialog.pending || dialog.chainLoading}
              onClick={() => {
                const mark = options.orderTable.commandMark();
                void dialog.place().then((outcome) => announceOutcome(outcome, options.orderTable, mark));
              }}
            />
          </>
        }
      />
    </PendingDialog>
  );
});
