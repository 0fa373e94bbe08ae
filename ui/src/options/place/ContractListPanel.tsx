// The place dialog's left panel: the option contract list with Add, Remove and Save order.
import { Button } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../../shared/shell/StoreContext";
import { showOutcomeIfAny } from "../../shared/shell/showOutcomeIfAny";
import { showOutcome } from "../../shared/shell/toaster";
import { TickerAddForm } from "../../shared/orderForm/TickerAddForm";
import { CONTRACT_INPUT_LABEL } from "../lists/OptionContractListStore";

/** Tickers to pick (picking one fills Stock Pair and resets the form), and the list's buttons. */
export const ContractListPanel = observer(function ContractListPanel() {
  const { options } = useStores();
  const dialog = options.placeDialog;
  const contracts = options.contracts;

  return (
    <section className="cd-contract-panel" aria-label="Option contracts">
      <h3 className="cd-panel-title">Option Contracts</h3>
      <TickerAddForm
        label={CONTRACT_INPUT_LABEL}
        value={dialog.contractInput}
        onValueChange={dialog.setContractInput}
        onAdd={dialog.addContract}
        disabled={contracts.pending}
        problem={dialog.contractInputProblem}
      />
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
          onClick={() => void dialog.removeContract().then(showOutcomeIfAny)}
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
