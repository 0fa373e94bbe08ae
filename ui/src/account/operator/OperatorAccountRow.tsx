// One account in the operator panel: status, write limit (editable), usage, throttling, last poll, tokens.
import { Button, InputGroup, Intent, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { formatAge } from "../../shared/format/formatAge";
import { formatCountdown } from "../../shared/format/formatCountdown";
import type { OperatorAccount, StreamState } from "./OperatorAccount";
import { useStores } from "../../shared/shell/StoreContext";
import type { AccountStatus } from "../../shared/accounts/TradingAccount";
import { showOutcome } from "../../shared/shell/toaster";

const STREAM_INTENTS: Readonly<Record<StreamState, Intent>> = {
  connected: Intent.SUCCESS,
  connecting: Intent.NONE,
  reconnecting: Intent.WARNING,
  failed: Intent.DANGER,
  off: Intent.NONE,
  unsupported: Intent.NONE,
};

const STATUS_INTENTS: Readonly<Record<AccountStatus, Intent>> = {
  connected: Intent.SUCCESS,
  authorization_needed: Intent.WARNING,
  reauthorization_needed: Intent.WARNING,
  throttled: Intent.WARNING,
  error: Intent.DANGER,
};

/** Props of {@link OperatorAccountRow}. */
export interface OperatorAccountRowProps {
  /** The account shown. */
  readonly account: OperatorAccount;
}

/** A row of the operator table. */
export const OperatorAccountRow = observer(function OperatorAccountRow({ account }: OperatorAccountRowProps) {
  const { operator } = useStores();
  const saving = operator.writeLimitSaving.has(account.accountId);

  const save = async () => {
    showOutcome(await operator.saveWriteLimit(account));
  };

  return (
    <tr data-account-id={account.accountId}>
      <td>
        <span className="cd-truncate" title={account.accountName}>
          {account.accountName}
        </span>
      </td>
      <td>
        <Tag minimal intent={STATUS_INTENTS[account.accountStatus]}>
          {account.accountStatusText}
        </Tag>
      </td>
      <td>
        <form
          className="cd-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <InputGroup
            className="cd-number-input"
            type="number"
            min={1}
            max={120}
            step={1}
            size="small"
            aria-label={`Write limit per minute of ${account.accountName}`}
            value={operator.writeLimitInput(account)}
            onValueChange={(value) => operator.setWriteLimitDraft(account, value)}
          />
          <Button type="submit" size="small" text="Save" disabled={saving} />
        </form>
      </td>
      <td className="cd-number">{account.writesLastMinute}</td>
      <td className="cd-number">{account.readsLastMinute}</td>
      <td className="cd-number">{account.throttledCalls}</td>
      <td title={account.lastSuccessfulPoll ?? undefined}>
        {formatAge(account.lastSuccessfulPoll, operator.loadedAt ?? 0)}
      </td>
      <td className="cd-stream-cell">
        <Tag minimal intent={STREAM_INTENTS[account.streamState]}>
          {account.streamState}
        </Tag>
        {account.streamStateText !== null && <span className="cd-stream-reason"> {account.streamStateText}</span>}
        {account.lastStreamEvent !== null && (
          <span className="cd-stream-last" title={account.lastStreamEvent}>
            {" "}
            last event {formatAge(account.lastStreamEvent, operator.loadedAt ?? 0)}
          </span>
        )}
      </td>
      <td>{formatCountdown(account.accessTokenExpiresInSeconds)}</td>
      <td>{formatCountdown(account.refreshTokenExpiresInSeconds)}</td>
    </tr>
  );
});
