// The fairness record of one session: each account's fill, the VWAP, the spread and its cost, and timings.
import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable, Intent, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { STACKED_DIALOG_CLASS } from "../dialogs/PendingDialog";
import { DASH } from "../format/dash";
import { formatMoney } from "../format/formatMoney";
import { formatPrice } from "../format/formatPrice";
import { formatTime } from "../format/formatTime";
import { useStores } from "../shell/StoreContext";
import { isSettling, type FairnessRecord } from "./Fairness";
import { FairnessStripPlot } from "./FairnessStripPlot";
import { formatQuantity } from "../format/formatQuantity";

function price(value: number | null): string {
  return value === null ? DASH : formatPrice(value);
}

function millis(value: number | null): string {
  if (value === null) {
    return DASH;
  }
  return value < 1000 ? `${value} ms` : `${(value / 1000).toFixed(3)} s`;
}

/** What a time not reported yet reads as: "settling…" for an account still settling, else a dash. */
function time(value: string | null, settling: boolean): string {
  if (value !== null) {
    return formatTime(value);
  }
  return settling ? SETTLING_CELL : DASH;
}

/** A figure or cell still to come from an account that is settling. */
export const SETTLING_CELL = "settling…";

/** The session's figures as label / value pairs; each marked "(settling)" while accounts are settling. */
function figures(record: FairnessRecord, settling: boolean): ReadonlyArray<readonly [string, string]> {
  const unit = record.multiplier === 100 ? "× 100 per contract" : "per share";
  const mark = (pair: readonly [string, string]): readonly [string, string] =>
    settling ? [pair[0], `${pair[1]} (settling)`] : pair;
  return ([
    ["Filled", formatQuantity(record.filledQuantity)],
    ["VWAP", price(record.vwap)],
    ["Best fill", price(record.bestPrice)],
    ["Worst fill", price(record.worstPrice)],
    ["Best-to-worst spread", price(record.spread)],
    [`Cost against the VWAP (${unit})`, formatMoney(record.costAgainstVwap)],
    ["Send skew (first to last accepted)", millis(record.sendSkewMs)],
    ["Time to first fill", millis(record.firstFillMs)],
    ["Time to last fill", millis(record.lastFillMs)],
  ] as const).map(mark);
}

/** The note above the figures while accounts have not reported their times yet. */
export function settlingNote(settling: number, total: number): string {
  const who = settling === 1 ? "1 account has" : `${formatQuantity(settling)} accounts have`;
  return `Settling: ${who} not reported yet when ${settling === 1 ? "its order was" : "their orders were"} accepted or filled (of ${formatQuantity(total)}). The figures will change; they are read again every 2 seconds.`;
}

/** Shows the fairness record of the session the store names, above the session's own dialog. */
export const FairnessDialog = observer(function FairnessDialog() {
  const { records } = useStores();
  const fairness = records.fairness;
  const record = fairness.record;
  const settling = fairness.settling;
  return (
    <Dialog
      isOpen={fairness.isOpen}
      onClose={fairness.close}
      title={`Fairness of Session ${fairness.sessionId ?? ""}`}
      className="cd-fairness-dialog"
      portalClassName={STACKED_DIALOG_CLASS}
    >
      <DialogBody>
        {fairness.error !== null && <Callout intent={Intent.DANGER}>{fairness.error}</Callout>}
        {record === null && fairness.error === null && <Spinner size={24} aria-label="Loading" />}
        {record !== null && (
          <>
            {settling > 0 && (
              <Callout intent={Intent.WARNING} className="cd-fairness-settling">
                {settlingNote(settling, record.accounts.length)}
              </Callout>
            )}
            <HTMLTable compact className="cd-fairness-figures" aria-label="Fairness figures">
              <tbody>
                {figures(record, settling > 0).map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{value}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <FairnessStripPlot record={record} />
            <div className="cd-fairness-fills">
              <HTMLTable compact striped className="cd-fairness-accounts" aria-label="Fills per account">
                <thead>
                  <tr>
                    <th scope="col">Account</th>
                    <th scope="col">Status</th>
                    <th scope="col">Filled Qty</th>
                    <th scope="col">Avg price</th>
                    <th scope="col">Against VWAP</th>
                    <th scope="col">Accepted</th>
                    <th scope="col">First fill</th>
                    <th scope="col">Last fill</th>
                  </tr>
                </thead>
                <tbody>
                  {record.accounts.map((a) => {
                    const pending = isSettling(a);
                    const filled = pending && a.filledQuantity > 0;
                    return (
                      <tr key={a.accountId}>
                        <td>{a.accountName}</td>
                        <td>{a.status}</td>
                        <td>{`${formatQuantity(a.filledQuantity)} / ${formatQuantity(a.quantity)}`}</td>
                        <td>{a.averagePrice === null && filled ? SETTLING_CELL : price(a.averagePrice)}</td>
                        <td>{a.againstVwap === null ? (filled ? SETTLING_CELL : DASH) : formatMoney(a.againstVwap)}</td>
                        <td>{time(a.acceptedTime, pending)}</td>
                        <td>{time(a.firstFillTime, filled)}</td>
                        <td>{time(a.lastFillTime, filled)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </HTMLTable>
            </div>
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Refresh" onClick={() => void fairness.load()} disabled={fairness.loading} />
            <Button text="Close" onClick={fairness.close} />
          </>
        }
      />
    </Dialog>
  );
});
