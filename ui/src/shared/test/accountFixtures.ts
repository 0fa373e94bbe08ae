// Account payloads as the server sends them, for tests of the Account screen and of the order dialogs' tiers.

/** An entry of `GET /trading_account/database`. */
export interface AccountJson {
  accountId: number;
  accountName: string;
  accountUsername: string;
  accountType: string;
  accountConnectionTime: number | null;
  accountTradingActive: boolean;
  accountStatus: string;
  accountStatusText: string;
  /** The other accounts of the login free to link (`…5678`); absent as from a server before the field. */
  otherLoginAccounts?: string[];
}

/** An entry of `GET /operator/accounts`. */
export interface OperatorAccountJson {
  accountId: number;
  accountName: string;
  accountUsername: string;
  accountStatus: string;
  accountStatusText: string;
  writeLimitPerMinute: number;
  writesLastMinute: number;
  readsLastMinute: number;
  throttledCalls: number;
  lastSuccessfulPoll: string | null;
  accessTokenExpiresInSeconds: number | null;
  refreshTokenExpiresInSeconds: number | null;
  streamState: string;
  streamStateText: string | null;
  lastStreamEvent: string | null;
  streamEvents: number;
  catchUpReads: number;
  streamReconnects: number;
}

/** Account `id` named `Account <id>` with username `user<id>`, small, trading, connected. */
export function accountJson(id: number, fields: Partial<AccountJson> = {}): AccountJson {
  return {
    accountId: id,
    accountName: `Account ${id}`,
    accountUsername: `user${id}`,
    accountType: "small_account",
    accountConnectionTime: 10079,
    accountTradingActive: true,
    accountStatus: "connected",
    accountStatusText: "Connected",
    ...fields,
  };
}

/** Accounts 1 to `count`. */
export function accountsJson(count: number): AccountJson[] {
  return Array.from({ length: count }, (_, index) => accountJson(index + 1));
}

/** The operator view of account `id`, matching {@link accountJson}. */
export function operatorAccountJson(id: number, fields: Partial<OperatorAccountJson> = {}): OperatorAccountJson {
  return {
    accountId: id,
    accountName: `Account ${id}`,
    accountUsername: `user${id}`,
    accountStatus: "connected",
    accountStatusText: "Connected",
    writeLimitPerMinute: 120,
    writesLastMinute: 3,
    readsLastMinute: 17,
    throttledCalls: 0,
    lastSuccessfulPoll: "2025-01-02T03:03:53Z",
    accessTokenExpiresInSeconds: 1799,
    refreshTokenExpiresInSeconds: 604_000,
    streamState: "connected",
    streamStateText: null,
    lastStreamEvent: null,
    streamEvents: 0,
    catchUpReads: 1,
    streamReconnects: 0,
    ...fields,
  };
}

/** The default operator settings answer. */
export const OPERATOR_SETTINGS_JSON = {
  readLimitPerMinute: 110,
  readLimitEditable: true,
  tierMultipliers: { small_account: 1, medium_account: 2, big_account: 3 },
  defaultFanOutMode: "SEND_TO_ALL",
};
