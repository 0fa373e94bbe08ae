// The "Account Info" dialog: the account's cash balance, cash available for trading and buying power.
import { Callout, Dialog, DialogBody, HTMLTable, Intent, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { formatMoney } from "../shared/format/formatMoney";
import { useStores } from "../shared/shell/StoreContext";

/** Modal showing the balances fetched when it opened. */
export const AccountInfoDialog = observer(function AccountInfoDialog() {
  const { accounts } = useStores();
  const dialog = accounts.infoDialog;
  const balances = dialog.balances;

  return (
    <Dialog isOpen={dialog.isOpen} onClose={dialog.close} title="Account Info" className="cd-account-info-dialog">
      <DialogBody>
        <p className="cd-dialog-account">
          {dialog.accountName} ({dialog.accountUsername})
        </p>
        {dialog.loading && <Spinner className="cd-dialog-spinner" aria-label="Loading the balances" />}
        {dialog.error !== null && (
          <Callout intent={Intent.DANGER} title="The balances could not be loaded">
            {dialog.error}
          </Callout>
        )}
        {balances !== null && (
          <HTMLTable className="cd-balances" compact>
            <tbody>
              <tr>
                <th scope="row">Cash Balance</th>
                <td className="cd-number">{formatMoney(balances.cashBalance)}</td>
              </tr>
              <tr>
                <th scope="row">Cash available for trading</th>
                <td className="cd-number">{formatMoney(balances.cashAvailableForTrading)}</td>
              </tr>
              <tr>
                <th scope="row">Buying power</th>
                <td className="cd-number">{formatMoney(balances.buyingPower)}</td>
              </tr>
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
    </Dialog>
  );
});
