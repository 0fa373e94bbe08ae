// "Change Multiple Stock Positions": one compact row per selected position with its closing order and quote.
import { DialogBody, HTMLSelect, HTMLTable, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { ConfirmFooter } from "../../shared/dialogs/ConfirmFooter";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { QuoteCell } from "../../shared/quotes/QuoteLine";
import { useStores } from "../../shared/shell/StoreContext";
import { ScrollRegion } from "../../shared/tables/ScrollRegion";
import { SettledQuantity } from "../../shared/tables/SettledQuantity";
import { PreflightPanel } from "../../shared/preflight/PreflightPanel";
import {
  LINK_TYPES,
  SESSION_CHOICES,
  STOCK_ORDER_TYPES,
  type StockField,
  type StockOrderForm,
} from "../form/StockOrderForm";
import type { StockPositionChange } from "./StockChangePositionsDialogStore";

/** The table's columns. */
const COLUMNS = [
  "Symbol",
  "Account",
  "Settled Qty",
  "Bid / Ask / Last",
  "Instruction",
  "Session",
  "Order Type",
  "Quantity",
  "Price",
  "Stop / Activation",
  "Link Type",
  "Offset",
] as const;

/** One text cell of a row, marked (red, with the reason on hover and for screen readers) when refused. */
const FieldCell = observer(function FieldCell(props: {
  readonly form: StockOrderForm;
  readonly field: StockField;
  readonly label: string;
  readonly value: string;
  readonly shown: boolean;
  readonly onChange: (value: string) => void;
}) {
  if (!props.shown) {
    return <td className="cd-muted">—</td>;
  }
  const error = props.form.errorOf(props.field);
  return (
    <td>
      <InputGroup
        className="cd-cell-input"
        size="small"
        aria-label={props.label}
        title={error}
        value={props.value}
        intent={error === undefined ? Intent.NONE : Intent.DANGER}
        aria-invalid={error !== undefined}
        onValueChange={props.onChange}
      />
    </td>
  );
});

/** One position: what it is, its quote, and its closing order's fields. */
const ChangeRow = observer(function ChangeRow({ change }: { readonly change: StockPositionChange }) {
  const { stocks } = useStores();
  const { position, form } = change;
  const of = `${position.stockSymbol} of ${position.accountName}`;
  const quote = stocks.changeDialog.quotes.quoteOf(position.stockSymbol);
  return (
    <tr data-account-id={position.accountId} aria-label={of}>
      <td>{position.stockSymbol}</td>
      <td>
        <span className="cd-truncate cd-name" title={position.accountName}>
          {position.accountName}
        </span>
      </td>
      <td className="cd-number">
        <SettledQuantity quantity={position.stockSettledQuantity} />
      </td>
      <QuoteCell of={of} quote={quote} />
      <td>
        <HTMLSelect
          minimal
          aria-label={`Instruction of ${of}`}
          value={form.instruction}
          options={[...form.instructions]}
          onChange={(event) => form.setInstruction(event.currentTarget.value)}
        />
      </td>
      <td>
        <HTMLSelect
          minimal
          aria-label={`Session of ${of}`}
          value={form.choice}
          options={[...SESSION_CHOICES]}
          onChange={(event) => form.setChoice(event.currentTarget.value)}
        />
      </td>
      <td>
        <HTMLSelect
          minimal
          aria-label={`Order Type of ${of}`}
          value={form.orderType}
          options={[...STOCK_ORDER_TYPES]}
          onChange={(event) => form.setOrderType(event.currentTarget.value)}
        />
      </td>
      <FieldCell
        form={form}
        field="quantity"
        label={`Quantity of ${of}`}
        value={form.quantity}
        shown
        onChange={form.setQuantity}
      />
      <FieldCell
        form={form}
        field="price"
        label={`Price of ${of}`}
        value={form.price}
        shown={form.priceShown}
        onChange={form.setPrice}
      />
      <FieldCell
        form={form}
        field="stopPrice"
        label={`${form.stopPriceLabel} of ${of}`}
        value={form.stopPrice}
        shown={form.stopPriceShown}
        onChange={form.setStopPrice}
      />
      {form.trailingShown ? (
        <td>
          <HTMLSelect
            minimal
            aria-label={`Stop Price Link Type of ${of}`}
            value={form.linkType}
            options={LINK_TYPES.map((type) => ({ value: type.value, label: type.label }))}
            onChange={(event) => form.setLinkType(event.currentTarget.value)}
          />
        </td>
      ) : (
        <td className="cd-muted">—</td>
      )}
      <FieldCell
        form={form}
        field="offset"
        label={`Stop Price Offset of ${of}`}
        value={form.offset}
        shown={form.trailingShown}
        onChange={form.setOffset}
      />
    </tr>
  );
});

/** One row per selected position; Submit Changes sends every closing order at once. */
export const StockChangePositionsDialog = observer(function StockChangePositionsDialog() {
  const { stocks } = useStores();
  const dialog = stocks.changeDialog;
  const problems = dialog.changes
    .filter(({ form }) => form.checked && form.firstError !== null)
    .map(({ key, position, form }) => ({ key, text: `${position.stockSymbol} of ${position.accountName}: ${form.firstError}` }));
  return (
    <PendingDialog dialog={dialog} title="Change Multiple Stock Positions" className="cd-change-dialog">
      <DialogBody>
        <ScrollRegion className="cd-table-scroll cd-change-scroll" label="Positions to change table">
          <HTMLTable className="cd-option-table cd-change-table" compact striped aria-label="Positions to change">
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dialog.changes.map((change) => (
                <ChangeRow key={change.key} change={change} />
              ))}
            </tbody>
          </HTMLTable>
        </ScrollRegion>
        {problems.length > 0 && (
          <ul className="cd-field-problems" aria-label="Fields to correct">
            {problems.map((problem) => (
              <li key={problem.key} className="cd-field-problem">
                {problem.text}
              </li>
            ))}
          </ul>
        )}
        <PreflightPanel preflight={dialog.preflight} onCheck={dialog.checkAccounts} />
      </DialogBody>
      <ConfirmFooter
        orders={stocks.orderTable}
        dialog={dialog}
        cancelText="Cancel"
        actionText="Submit Changes"
        intent={Intent.PRIMARY}
        onAction={dialog.submit}
      />
    </PendingDialog>
  );
});
