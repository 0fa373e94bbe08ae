// Vertical payloads as the server sends them, for tests of the Vertical Trading screen.

/** An entry of `GET /copy_trading_account/database/VERTICAL`. */
export interface VerticalRowJson {
  agentTradingSessionID: number;
  accountId: number;
  accountName: string;
  accountUsername: string;
  optionChainOrderId: number | null;
  optionChainSymbol: string;
  optionChainDescription: string;
  optionChainPrimarySymbol: string;
  optionChainPrimaryDescription: string;
  optionChainPrimaryInstruction: string;
  optionChainInstruction: string;
  optionChainOrderType: string;
  optionChainQuantity: number;
  optionChainFilledQuantity: number;
  optionChainPrice: number;
  optionChainStatus: string;
  optionChainStatusDescription: string | null;
  optionChainEnteredTime: string;
  successRate: number;
  optionChainOwnStatusColor: string;
  optionChainStatusColor: string;
  replacedSessionID: number | null;
  optionChainLegIndex: number;
}

/** The bought and the sold leg of the fixtures' AAPL call vertical. */
export const LOW_CALL = { symbol: "AAPL  241018C00230000", description: "AAPL 10/18/2024 230.00 C" };
export const HIGH_CALL = { symbol: "AAPL  241018C00235000", description: "AAPL 10/18/2024 235.00 C" };

/**
 * The two rows of account `accountId`'s working NET_DEBIT 0.65 vertical in session `session`: buy the 230
 * call (leg 0), sell the 235 call (leg 1); `fields` apply to both rows.
 */
export function verticalRowsJson(
  session: number,
  accountId: number,
  fields: Partial<VerticalRowJson> = {},
): VerticalRowJson[] {
  const base = {
    agentTradingSessionID: session,
    accountId,
    accountName: `Account ${accountId}`,
    accountUsername: `user${accountId}`,
    optionChainOrderId: session * 100 + accountId,
    optionChainPrimarySymbol: LOW_CALL.symbol,
    optionChainPrimaryDescription: LOW_CALL.description,
    optionChainPrimaryInstruction: "BUY_TO_OPEN",
    optionChainOrderType: "NET_DEBIT",
    optionChainQuantity: 1,
    optionChainFilledQuantity: 0,
    optionChainPrice: 0.65,
    optionChainStatus: "WORKING",
    optionChainStatusDescription: null,
    optionChainEnteredTime: "2025-01-02T03:04:00Z",
    successRate: 100,
    optionChainOwnStatusColor: "yellow",
    optionChainStatusColor: "red",
    replacedSessionID: null,
  };
  return [
    {
      ...base,
      optionChainSymbol: LOW_CALL.symbol,
      optionChainDescription: LOW_CALL.description,
      optionChainInstruction: "BUY_TO_OPEN",
      optionChainLegIndex: 0,
      ...fields,
    },
    {
      ...base,
      optionChainSymbol: HIGH_CALL.symbol,
      optionChainDescription: HIGH_CALL.description,
      optionChainInstruction: "SELL_TO_OPEN",
      optionChainLegIndex: 1,
      ...fields,
    },
  ];
}

/** The orders answer for `rows`: keyed by session id. */
export function verticalOrdersAnswer(rows: readonly VerticalRowJson[]): Record<string, VerticalRowJson[]> {
  const answer: Record<string, VerticalRowJson[]> = {};
  for (const row of rows) {
    (answer[String(row.agentTradingSessionID)] ??= []).push(row);
  }
  return answer;
}

/** A position entry. */
export interface VerticalPositionJson {
  optionChainSymbol: string;
  optionChainDescription: string;
  optionChainSettledQuantity: number;
  optionChainAveragePrice: number;
  accountId: number;
  accountName: string;
  accountUsername: string;
}

/** A long position of 2 AAPL 230 calls at 1.25 on account `accountId`. */
export function verticalPositionJson(accountId: number, fields: Partial<VerticalPositionJson> = {}): VerticalPositionJson {
  return {
    optionChainSymbol: LOW_CALL.symbol,
    optionChainDescription: LOW_CALL.description,
    optionChainSettledQuantity: 2,
    optionChainAveragePrice: 1.25,
    accountId,
    accountName: `Account ${accountId}`,
    accountUsername: `user${accountId}`,
    ...fields,
  };
}

/** The positions answer: keyed by description. */
export function verticalPositionsAnswer(
  positions: readonly VerticalPositionJson[],
): Record<string, VerticalPositionJson[]> {
  const answer: Record<string, VerticalPositionJson[]> = {};
  for (const position of positions) {
    (answer[position.optionChainDescription] ??= []).push(position);
  }
  return answer;
}

/** An AAPL call chain of one expiry: the 230 call bid 1.10, the 235 call bid 0.45. */
export const VERTICAL_CHAIN = {
  "2024-10-18:4": {
    "235.0": [{ description: HIGH_CALL.description, symbol: HIGH_CALL.symbol, bid: 0.45 }],
    "230.0": [{ description: LOW_CALL.description, symbol: LOW_CALL.symbol, bid: 1.1 }],
  },
};
