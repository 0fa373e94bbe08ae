// The view-all-orders dialog of one session: every account's order, with R and C per row and for the checked.
import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { ScrollRegion } from "../../shared/tables/ScrollRegion";
import { canCancel, canReplace, optionRefusals, optionSessionSummary, orderRowKey } from "./OptionOrderRow";
import { useStores } from "../../shared/shell/StoreContext";
import { ReplaceChainLinks } from "../../shared/tables/ReplaceChainLinks";
import { RoundButton } from "../../shared/tables/RoundButton";
import { SessionOrderRow } from "./SessionOrderRow";
import { SessionSummaryLine } from "../../shared/tables/SessionSummaryLine";
import { FairnessButton } from "../../shared/records/FairnessButton";

/** The columns after the selection checkbox and the Change order column. */
const COLUMNS = [
  "Account",
  "Symbol description",
  "Filled Qty",
  "Price",
  "Qty",
  "Side Pos Effect",
  "Status",
  "Order type",
  "Time",
  "Reason",
] as const;

/** The session's orders, following the polled table while open. */
export const SessionOrdersDialog = observer(function SessionOrdersDialog() {
  const { options } = useStores();
  const dialog = options.sessionDialog;
  const rows = dialog.view.rows;
  const first = rows[0];

  return (
    <Dialog
      isOpen={dialog.view.isOpen}
      onClose={dialog.view.close}
      title={`Orders of Session ${dialog.view.sessionId ?? ""}`}
      className="cd-session-dialog"
    >
      <DialogBody>
        {first !== undefined && dialog.view.sessionId !== null && (
          <SessionSummaryLine
            color={first.optionChainStatusColor}
            rate={first.successRate}
            summary={optionSessionSummary({ id: dialog.view.sessionId, rows })}
            unit="contracts"
            refusals={optionRefusals({ id: dialog.view.sessionId, rows })}
          />
        )}
        <ReplaceChainLinks
          replacedSessionId={dialog.replacedSessionId}
          replacedBy={dialog.replacedBy}
          onOpenSession={dialog.view.open}
        />
        <ScrollRegion className="cd-table-scroll" label="Orders of the session table">
          <HTMLTable className="cd-option-table" compact striped aria-label="Orders of the session">
            <thead>
              <tr>
                <th scope="col">Select</th>
                <th scope="col" className="cd-change-cell">
                  <RoundButton
                    letter="R"
                    label="Replace selected orders"
                    intent={Intent.PRIMARY}
                    disabled={!rows.some(canReplace)}
                    onClick={dialog.replaceSelected}
                  />
                  <RoundButton
                    letter="C"
                    label="Cancel selected orders"
                    intent={Intent.DANGER}
                    disabled={!rows.some(canCancel)}
                    onClick={dialog.cancelSelected}
                  />
                </th>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((order) => (
                <SessionOrderRow key={orderRowKey(order)} order={order} />
              ))}
              {rows.length === 0 && (
                <tr>
                  <td className="cd-empty-row" colSpan={COLUMNS.length + 2}>
                    This session has no orders
                  </td>
                </tr>
              )}
            </tbody>
          </HTMLTable>
        </ScrollRegion>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <FairnessButton sessionId={dialog.view.sessionId} />
            <Button text="Close" onClick={dialog.view.close} />
          </>
        }
      />
    </Dialog>
  );
});
