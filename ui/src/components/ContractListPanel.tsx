// The place dialog's left panel: the option contract list with Add, Remove and Save order.
import { Button, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { FormEvent } from "react";
import type { Outcome } from "../stores/Outcome";
import { useStores } from "../stores/StoreContext";
import { showOutcome } from "../toaster";

function report(outcome: Outcome | null): void {
  if (outcome !== null) {
    showOutcome(outcome);
  }
}

/** Tickers to pick (picking one fills Stock Pair and resets the form), and the list's buttons. */
export const ContractListPanel = observer(function ContractListPanel() {
  const { options } = useStores();
  const dialog = options.placeDialog;
  const contracts = options.contracts;

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    report(await dialog.addContract());
  };

  return (
    <section className="cd-contract-panel" aria-label="Option contracts">
      <h4 className="cd-panel-title">Option Contracts</h4>
      <form className="cd-inline-form" onSubmit={(event) => void add(event)}>
        <InputGroup
          size="small"
          aria-label="Option contract symbol"
          placeholder="Ticker"
          value={dialog.contractInput}
          onValueChange={dialog.setContractInput}
        />
        <Button size="small" type="submit" text="Add" disabled={contracts.pending} />
      </form>
      <ul className="cd-plain-list cd-contract-list">
        {contracts.tickers.map((ticker) => (
          <li key={ticker}>
            <Button
              size="small"
              variant="minimal"
              fill
              alignText="start"
              text={ticker}
              active={dialog.pickedContract === ticker}
              aria-pressed={dialog.pickedContract === ticker}
              onClick={() => dialog.pickContract(ticker)}
            />
          </li>
        ))}
        {contracts.tickers.length === 0 && <li className="cd-empty-note">No option contracts</li>}
      </ul>
      <div className="cd-contract-actions">
        <Button
          size="small"
          text="Remove"
          disabled={contracts.pending}
          onClick={() => void dialog.removeContract().then(report)}
        />
        <Button
          size="small"
          text="Save order"
          disabled={options.savedOrders.pending}
          onClick={() => void dialog.saveOrder().then(showOutcome)}
        />
      </div>
    </section>
  );
});
