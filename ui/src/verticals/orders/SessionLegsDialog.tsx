// The view-all-legs dialog of one session: every account's legs, with R and C per leg and for the session.
import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, Intent } from "@blueprintjs/core";
import { FairnessButton } from "../../shared/records/FairnessButton";
import { observer } from "mobx-react-lite";
import { DASH } from "../../shared/format/dash";
import { formatPrice } from "../../shared/format/formatPrice";
import { formatTime } from "../../shared/format/formatTime";
import { orderPriceText } from "../../shared/orders/groupSummary";
import { useStores } from "../../shared/shell/StoreContext";
import { OrderStatusText } from "../../shared/tables/OrderStatusText";
import { CancelButton } from "../../shared/tables/CancelButton";
import { RoundButton } from "../../shared/tables/RoundButton";
import { ScrollRegion } from "../../shared/tables/ScrollRegion";
import { SessionSummaryLine } from "../../shared/tables/SessionSummaryLine";
import { VerticalMessages } from "../VerticalMessages";
import {
  canCancelLeg,
  canReplaceLeg,
  isCanceled,
  legKey,
  verticalGroupSummary,
  verticalRefusals,
  verticalSessionSummary,
} from "./VerticalOrderRow";
import { formatQuantity } from "../../shared/format/formatQuantity";
import { NumberCell } from "../../shared/tables/NumberCell";
import { orderRowLook } from "../../shared/tables/orderRowLook";

const COLUMNS = [
  "Change order",
  "Account",
  "Leg",
  "Symbol description",
  "Filled Qty",
  "Price (net)",
  "Qty",
  "Side Pos Effect",
  "Status",
  "Order type",
  "Time",
  "Reason",
] as const;

/** The legs of the viewed session, following the polled table while open. */
export const SessionLegsDialog = observer(function SessionLegsDialog() {
  const { verticals, env } = useStores();
  const session = verticals.viewedSession;
  const rows = session?.rows ?? [];
  const first = rows[0];
  return (
    <Dialog
      isOpen={verticals.viewedSessionId !== null}
      onClose={verticals.closeSessionView}
      title={`Legs of Session ${verticals.viewedSessionId ?? ""}`}
      className="cd-session-dialog"
    >
      <DialogBody>
        {session !== null && first !== undefined && (
          <>
            <SessionSummaryLine
              color={first.optionChainStatusColor}
              rate={first.successRate}
              summary={verticalSessionSummary(session)}
              unit={verticalGroupSummary(session).unit}
              refusals={verticalRefusals(session)}
            />
            <div className="cd-toolbar" role="toolbar" aria-label="Session legs">
              <Button text="Re-place legs" intent={Intent.SUCCESS} onClick={() => verticals.placeAgain(session)} />
              <Button
                text="Replace legs"
                intent={Intent.PRIMARY}
                disabled={!rows.some(canReplaceLeg)}
                onClick={() => verticals.replaceSession(session)}
              />
              <Button
                text="Cancel legs"
                intent={Intent.DANGER}
                disabled={!rows.some(canCancelLeg)}
                onClick={() => verticals.cancelSession(session)}
              />
            </div>
          </>
        )}
        <ScrollRegion className="cd-table-scroll" label="Legs of the session table">
          <HTMLTable className="cd-option-table" compact striped aria-label="Legs of the session">
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
              {session !== null &&
                rows.map((row) => {
                  const canceled = isCanceled(row);
                  const open = row.optionChainOwnStatusColor === "yellow";
                  const look = orderRowLook(open, canceled);
                  const of = `${row.optionChainDescription} of ${row.accountName}`;
                  return (
                    <tr
                      key={legKey(row)}
                      className={look.className}
                      style={look.style}
                      data-canceled={canceled || undefined}
                    >
                      <td className="cd-change-cell">
                        {canReplaceLeg(row) && (
                          <RoundButton
                            letter="R"
                            label={`Replace ${of}`}
                            intent={Intent.PRIMARY}
                            onClick={() => verticals.replaceDialog.open(session, [row])}
                          />
                        )}
                        <CancelButton
                          what={of}
                          cancellable={canCancelLeg(row)}
                          canceled={canceled}
                          onClick={() => verticals.deleteDialog.open(row)}
                        />
                      </td>
                      <td className="cd-account-cell">{row.accountName}</td>
                      <td className="cd-number">{row.optionChainLegIndex + 1}</td>
                      <td>{row.optionChainDescription}</td>
                      <NumberCell text={formatQuantity(row.optionChainFilledQuantity)} />
                      <NumberCell text={orderPriceText(row.optionChainPrice, row.optionChainOrderType, formatPrice)} />
                      <NumberCell text={formatQuantity(row.optionChainQuantity)} />
                      <td>{row.optionChainInstruction}</td>
                      <td>
                        <OrderStatusText
                          status={row.optionChainStatus}
                          open={open}
                          reason={row.optionChainStatusDescription}
                        />
                        {canceled && <span className="cd-muted"> {VerticalMessages.alreadyCanceled}</span>}
                      </td>
                      <td>{row.optionChainOrderType}</td>
                      <td className="cd-number cd-time">{formatTime(row.optionChainEnteredTime, env.timeZone)}</td>
                      <td className="cd-reason">{row.optionChainStatusDescription === null ? DASH : <span className="cd-reason-text">{row.optionChainStatusDescription}</span>}</td>
                    </tr>
                  );
                })}
            </tbody>
          </HTMLTable>
        </ScrollRegion>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <FairnessButton sessionId={verticals.viewedSessionId} />
            <Button text="Close" onClick={verticals.closeSessionView} />
          </>
        }
      />
    </Dialog>
  );
});
