// The Replace Individual Order Legs dialog: each replaceable leg with its new fields; ticked orders are replaced.
import { NotReplacedNote } from "../../shared/orders/NotReplacedNote";
import { Button, Checkbox, ControlGroup, DialogBody, FormGroup, HTMLTable, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { useStores } from "../../shared/shell/StoreContext";
import { ColumnHeads } from "../../shared/tables/ColumnHeads";
import { QUOTE_COLUMN, QuoteCell } from "../../shared/quotes/QuoteLine";
import { OrderNewNet } from "./OrderNewNet";
import { legKey, orderNetText } from "./VerticalOrderRow";
import { LegFieldCells } from "./LegFieldCells";
import { PreflightPanel } from "../../shared/preflight/PreflightPanel";
import { NothingToChangeNote } from "../../shared/orderForm/NothingToChangeNote";

/** Quantities are each account's spreads as shown; the new net of each order follows its legs' prices. */
export const ReplaceLegsDialog = observer(function ReplaceLegsDialog() {
  const { verticals } = useStores();
  const dialog = verticals.replaceDialog;
  return (
    <PendingDialog stacked dialog={dialog} title="Replace Individual Order Legs" className="cd-change-dialog">
      <DialogBody>
        <p className="cd-muted" data-testid="replace-legs-note">
          A spread is one order at one net price: ticking a leg ticks its order's other legs, and every leg of a
          ticked order is sent with the terms shown. Each order starts at its own net, on one leg, with 0.00 on
          the others; the new net is the one sent.
        </p>
        <NotReplacedNote text={dialog.notReplaced} />
        <FormGroup
          label="Set every net to"
          labelFor="cd-every-net"
          inline
          intent={dialog.everyNetProblem === null ? Intent.NONE : Intent.DANGER}
          helperText={dialog.everyNetProblem ?? "Every order's first leg takes this price and its others 0.00"}
        >
          <ControlGroup>
            <InputGroup
              id="cd-every-net"
              value={dialog.everyNet}
              inputMode="decimal"
              intent={dialog.everyNetProblem === null ? Intent.NONE : Intent.DANGER}
              onChange={(event) => dialog.setEveryNet(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  dialog.applyEveryNet();
                }
              }}
            />
            <Button text="Set every net" onClick={dialog.applyEveryNet} />
          </ControlGroup>
        </FormGroup>
        <HTMLTable className="cd-option-table" compact aria-label="Legs to replace">
          <ColumnHeads
            columns={[
              "Select",
              "Account",
              "Symbol description",
              "Status",
              QUOTE_COLUMN,
              "Instruction",
              "Order Type",
              "Quantity",
              "Price",
              "Net now",
              "New net",
            ]}
          />
          <tbody>
            {dialog.drafts.map((draft) => {
              const row = draft.row;
              const of = `${row.optionChainDescription} of ${row.accountName}`;
              return (
                <tr key={legKey(row)}>
                  <td>
                    <Checkbox
                      className="cd-table-check"
                      aria-label={`Select ${of}`}
                      checked={dialog.isChosen(draft)}
                      onChange={(event) => dialog.setChosen(draft, event.currentTarget.checked)}
                    />
                  </td>
                  <td className="cd-account-cell">{row.accountName}</td>
                  <td>{row.optionChainDescription}</td>
                  <td>{row.optionChainStatus}</td>
                  <QuoteCell of={of} quote={dialog.quotes.quoteOf(row.optionChainSymbol)} />
                  <LegFieldCells form={draft.form} of={of} />
                  <td>{row.optionChainLegIndex === 0 ? orderNetText(row) : ""}</td>
                  <td>{row.optionChainLegIndex === 0 ? <OrderNewNet dialog={dialog} orderKey={draft.orderKey} /> : ""}</td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
        <NothingToChangeNote shown={dialog.nothingToChange} />
        <PreflightPanel preflight={dialog.preflight} onCheck={dialog.checkAccounts} />
      </DialogBody>
      <ConfirmFooter
        orders={verticals.orderTable} dialog={dialog} actionText="Replace order" intent={Intent.PRIMARY} onAction={dialog.submit} />
    </PendingDialog>
  );
});
