// The Close Spread dialog: the spread's legs and quotes, the accounts, and the closing order's net terms.
import { Checkbox, DialogBody, FormGroup, HTMLSelect, HTMLTable, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { QuoteLine } from "../../shared/quotes/QuoteLine";
import { useStores } from "../../shared/shell/StoreContext";
import { CLOSE_ORDER_TYPES } from "./CloseSpreadDialogStore";

/** One order per chosen account with both legs: SELL_TO_CLOSE the long leg, BUY_TO_CLOSE the short one. */
export const CloseSpreadDialog = observer(function CloseSpreadDialog() {
  const { verticals } = useStores();
  const dialog = verticals.closeSpreadDialog;
  const pair = dialog.pair;
  const orderTypeId = useId();
  const quantityId = useId();
  const priceId = useId();
  const quantityProblem = dialog.checked ? dialog.quantityProblem : null;
  const priceProblem = dialog.checked || dialog.priceEdited ? dialog.priceProblem : null;
  return (
    <PendingDialog stacked dialog={dialog} title={`Close Spread ${pair?.label ?? ""}`} className="cd-order-dialog cd-close-spread">
      <DialogBody>
        {pair !== null && (
          <>
            <HTMLTable className="cd-option-table" compact aria-label="Legs of the spread">
              <thead>
                <tr>
                  <th scope="col">Leg</th>
                  <th scope="col">Symbol description</th>
                  <th scope="col">Instruction</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>Long</td>
                  <td>{pair.longDescription}</td>
                  <td>SELL_TO_CLOSE</td>
                </tr>
                <tr>
                  <td>Short</td>
                  <td>{pair.shortDescription}</td>
                  <td>BUY_TO_CLOSE</td>
                </tr>
              </tbody>
            </HTMLTable>
            <div className="cd-quotes" role="group" aria-label="Quotes">
              <QuoteLine label={pair.longDescription} quote={dialog.quotes.quoteOf(pair.longSymbol)} />
              <QuoteLine label={pair.shortDescription} quote={dialog.quotes.quoteOf(pair.shortSymbol)} />
            </div>
            <fieldset className="cd-plain-fieldset">
              <legend>Accounts</legend>
              {dialog.holdings.map((holding) => {
                const id = holding.long.accountId;
                const line = dialog.perAccount.find((entry) => entry.name === holding.long.accountName);
                return (
                  <Checkbox
                    key={id}
                    checked={dialog.chosen.has(id)}
                    onChange={(event) => dialog.setChosen(id, event.currentTarget.checked)}
                    labelElement={
                      <span>
                        {holding.long.accountName}{" "}
                        <span className="cd-muted">
                          {line?.text ?? `holds ${holding.spreads} ${holding.spreads === 1 ? "spread" : "spreads"}`}
                        </span>
                      </span>
                    }
                  />
                );
              })}
            </fieldset>
          </>
        )}
        <FormGroup label="Order Type" labelFor={orderTypeId}>
          <HTMLSelect
            id={orderTypeId}
            fill
            value={dialog.orderType}
            options={[...CLOSE_ORDER_TYPES]}
            onChange={(event) => dialog.setOrderType(event.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup
          label="Quantity (spreads per account)"
          labelFor={quantityId}
          intent={quantityProblem === null ? Intent.NONE : Intent.DANGER}
          helperText={quantityProblem ?? undefined}
        >
          <InputGroup
            id={quantityId}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={dialog.quantity}
            intent={quantityProblem === null ? Intent.NONE : Intent.DANGER}
            aria-invalid={quantityProblem !== null}
            onValueChange={dialog.setQuantity}
          />
        </FormGroup>
        {dialog.orderType !== "MARKET" && (
          <FormGroup
            label="Net Price"
            labelFor={priceId}
            intent={priceProblem === null ? Intent.NONE : Intent.DANGER}
            helperText={priceProblem ?? "per spread; starts at the legs' marks"}
          >
            <InputGroup
              id={priceId}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={dialog.price}
              intent={priceProblem === null ? Intent.NONE : Intent.DANGER}
              aria-invalid={priceProblem !== null}
              onValueChange={dialog.setPrice}
            />
          </FormGroup>
        )}
      </DialogBody>
      <ConfirmFooter
        orders={verticals.orderTable} dialog={dialog} actionText="Close spread" intent={Intent.WARNING} onAction={dialog.submit} />
    </PendingDialog>
  );
});
