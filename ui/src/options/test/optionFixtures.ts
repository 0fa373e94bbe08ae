// Option payloads as the server sends them, for tests of the Option Trading screen.

/** An entry of `GET /copy_trading_account/database/COMMON`. */
export interface OrderRowJson {
  agentTradingSessionID: number;
  accountId: number;
  accountName: string;
  accountUsername: string;
  optionChainOrderId: number | null;
  optionChainSymbol: string;
  optionChainDescription: string;
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
}

/** An entry of `GET /copy_trading_position_account/database/COMMON`. */
export interface PositionJson {
  optionChainSymbol: string;
  optionChainDescription: string;
  optionChainSettledQuantity: number;
  optionChainAveragePrice: number;
  accountId: number;
  accountName: string;
  accountUsername: string;
}

/** The option every fixture trades unless told otherwise. */
export const AAPL_CALL = { symbol: "AAPL  241018C00230000", description: "AAPL 10/18/2024 230.00 C" };

/** A working LIMIT BUY_TO_OPEN of 1 AAPL call at 1.25 on account `accountId` in session `session`. */
export function orderRowJson(session: number, accountId: number, fields: Partial<OrderRowJson> = {}): OrderRowJson {
  return {
    agentTradingSessionID: session,
    accountId,
    accountName: `Account ${accountId}`,
    accountUsername: `user${accountId}`,
    optionChainOrderId: session * 100 + accountId,
    optionChainSymbol: AAPL_CALL.symbol,
    optionChainDescription: AAPL_CALL.description,
    optionChainInstruction: "BUY_TO_OPEN",
    optionChainOrderType: "LIMIT",
    optionChainQuantity: 1,
    optionChainFilledQuantity: 0,
    optionChainPrice: 1.25,
    optionChainStatus: "WORKING",
    optionChainStatusDescription: null,
    optionChainEnteredTime: "2025-01-02T03:04:00Z",
    successRate: 100,
    optionChainOwnStatusColor: "yellow",
    optionChainStatusColor: "red",
    replacedSessionID: null,
    ...fields,
  };
}

/** A long position of 2 AAPL calls at 1.25 average on account `accountId`. */
export function positionJson(accountId: number, fields: Partial<PositionJson> = {}): PositionJson {
  return {
    optionChainSymbol: AAPL_CALL.symbol,
    optionChainDescription: AAPL_CALL.description,
    optionChainSettledQuantity: 2,
    optionChainAveragePrice: 1.25,
    accountId,
    accountName: `Account ${accountId}`,
    accountUsername: `user${accountId}`,
    ...fields,
  };
}

/** The positions answer for `positions`: keyed by description, a list per account. */
export function positionsAnswer(positions: readonly PositionJson[]): Record<string, PositionJson[]> {
  const answer: Record<string, PositionJson[]> = {};
  for (const position of positions) {
    (answer[position.optionChainDescription] ??= []).push(position);
  }
  return answer;
}

/** The orders answer for `rows`: keyed by session id, a list per session. */
export function ordersAnswer(rows: readonly OrderRowJson[]): Record<string, OrderRowJson[]> {
  const answer: Record<string, OrderRowJson[]> = {};
  for (const row of rows) {
    (answer[String(row.agentTradingSessionID)] ??= []).push(row);
  }
  return answer;
}

/** A chain contract entry. */
export function chainEntry(description: string, symbol: string, bid: number) {
  return { description, symbol, bid, ask: bid + 0.1, last: bid + 0.05, mark: bid + 0.05 };
}

/**
 * An AAPL call chain with two expiries, sent out of order: 2024-10-25 (strikes 230.0 and 235.0) and
 * 2024-10-18 (strikes 230.0, 95.0 and 225.0, in that order; by value 95.0 comes first).
 */
export const AAPL_CALL_CHAIN = {
  "2024-10-25:11": {
    "230.0": [chainEntry("AAPL 10/25/2024 230.00 C", "AAPL  241025C00230000", 3.1)],
    "235.0": [chainEntry("AAPL 10/25/2024 235.00 C", "AAPL  241025C00235000", 1.9)],
  },
  "2024-10-18:4": {
    "230.0": [chainEntry("AAPL 10/18/2024 230.00 C", "AAPL  241018C00230000", 2.35)],
    "95.0": [chainEntry("AAPL 10/18/2024 95.00 C", "AAPL  241018C00095000", 135.5)],
    "225.0": [chainEntry("AAPL 10/18/2024 225.00 C", "AAPL  241018C00225000", 6.2)],
  },
};

/** A JSON answer with an ETag. */
export function taggedJson(body: unknown, etag: string): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { "Content-Type": "application/json", ETag: etag },
  });
}

/** A 304 answer with an ETag. */
export function notModified(etag: string): Response {
  return new Response(null, { status: 304, headers: { ETag: etag } });
}

/** A saved order as `GET /option_contract_save_order/get_option_contract_save_order_list/COMMON` lists it: a LIMIT buy at 1.5. */
export function savedOrderJson(symbol: string, description: string, quantity = 1) {
  return {
    optionChainSymbol: symbol,
    optionChainDescription: description,
    optionChainInstruction: "BUY_TO_OPEN",
    optionChainOrderType: "LIMIT",
    optionChainQuantity: quantity,
    optionChainPrice: "1.5",
  };
}
