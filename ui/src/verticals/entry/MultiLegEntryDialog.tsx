// The Multi-Leg Order Entry dialog: ticker and chain pickers, the leg's fields, the staged legs, net and tiers.
import {
  Button,
  ButtonGroup,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
} from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { PendingDialog } from "../../shared/dialogs/PendingDialog";
import { OrderFormFields } from "../../shared/orderForm/OrderFormFields";
import { PlanPreviewNote } from "../../shared/planPreview/PlanPreviewNote";
import { SplitTotalField } from "../../shared/orderForm/SplitTotalField";
import { QuoteLines } from "../../shared/quotes/QuoteLine";
import { useStores } from "../../shared/shell/StoreContext";
import { showOutcomeIfAny } from "../../shared/shell/showOutcomeIfAny";
import { netText } from "../OrderLeg";
import type { ChainSide } from "./MultiLegEntryStore";
import { LegTable } from "./LegTable";
import { PreflightPanel } from "../../shared/preflight/PreflightPanel";
import { announceOutcome } from "../../shared/shell/announceOutcome";

const SIDES: readonly ChainSide[] = ["CALL", "PUT"];

/** Add leg stages the picked contract; Place set sends the staged legs; Save set asks for a name. */
export const MultiLegEntryDialog = observer(function MultiLegEntryDialog() {
  const { verticals, options } = useStores();
  const entry = verticals.entry;
  const tickerId = useId();
  const expiryId = useId();
  const strikeId = useId();
  const favouriteId = useId();
  const favourites = options.contracts.tickers;
  return (
    <PendingDialog dialog={entry} title="Multi-Leg Order Entry" className="cd-place-dialog cd-entry-dialog">
      <DialogBody className="cd-entry-body">
        <div className="cd-place-form">
          <FormGroup label="Ticker" labelFor={tickerId}>
            <InputGroup id={tickerId} value={entry.ticker} onValueChange={entry.setTicker} />
          </FormGroup>
          <FormGroup label="Favourites" labelFor={favouriteId}>
            <HTMLSelect
              id={favouriteId}
              fill
              value=""
              options={[{ value: "", label: "Pick a favourite" }, ...favourites.map((ticker) => ({ value: ticker }))]}
              onChange={(event) => entry.setTicker(event.currentTarget.value)}
            />
          </FormGroup>
          <ButtonGroup className="cd-wide" aria-label="Call or put">
            {SIDES.map((side) => (
              <Button
                key={side}
                text={side}
                active={entry.side === side}
                disabled={entry.chainLoading}
                onClick={() => void entry.setSide(side).then(showOutcomeIfAny)}
              />
            ))}
          </ButtonGroup>
          <FormGroup label="Expiration" labelFor={expiryId}>
            <HTMLSelect
              id={expiryId}
              fill
              disabled={entry.chain.length === 0}
              value={entry.expiryKey ?? ""}
              options={entry.chain.map((expiry) => ({ value: expiry.key, label: expiry.label }))}
              onChange={(event) => entry.setExpiry(event.currentTarget.value)}
            />
          </FormGroup>
          <FormGroup label="Strike" labelFor={strikeId}>
            <HTMLSelect
              id={strikeId}
              fill
              disabled={entry.strikes.length === 0}
              value={entry.strike ?? ""}
              options={entry.strikes.map((strike) => ({ value: strike.strike }))}
              onChange={(event) => entry.setStrike(event.currentTarget.value)}
            />
          </FormGroup>
          <div className="cd-wide cd-muted" data-testid="contract-description">
            {entry.strikeEntry?.contract.description ?? "No contract picked"}
          </div>
          <OrderFormFields form={entry.form} numeric orderTypeProblem={entry.orderTypeProblem} />
          <div className="cd-wide">
            <Button text="Add leg" icon="add" onClick={() => showOutcomeIfAny(entry.addLeg())} />
          </div>
        </div>
        <div className="cd-entry-staged">
          <QuoteLines entries={entry.quotedEntries} quoteOf={entry.quotes.quoteOf} />
          <HTMLTable className="cd-option-table" compact aria-label="Staged legs">
            <LegTable legs={entry.legs} onRemove={entry.removeLeg} />
          </HTMLTable>
          <Callout
            compact
            className="cd-net-price"
            data-testid="net-price"
            intent={entry.legsProblem === null ? Intent.NONE : Intent.DANGER}
          >
            {entry.legsProblem === null ? `Net: ${netText(entry.net)}` : `Net: — ${entry.legsProblem}`}
          </Callout>
          <SplitTotalField split={entry.split} units="spreads" quantityLabel="each leg's quantity" />
          <PlanPreviewNote preview={entry.plan} fallback={entry.previewText} />
        </div>
        <PreflightPanel preflight={entry.preflight} onCheck={entry.checkAccounts} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="CANCEL" disabled={entry.pending} onClick={entry.close} />
            <Button text="Save set" disabled={entry.pending} onClick={() => showOutcomeIfAny(entry.askSave())} />
            <Button
              intent={Intent.PRIMARY}
              text="Place set"
              disabled={entry.pending || entry.chainLoading}
              onClick={() => {
                const mark = verticals.orderTable.commandMark();
                void entry.place().then((outcome) => announceOutcome(outcome, verticals.orderTable, mark));
              }}
            />
          </>
        }
      />
    </PendingDialog>
  );
});
