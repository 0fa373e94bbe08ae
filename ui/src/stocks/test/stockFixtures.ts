// Stock payloads as the server sends them, for tests of the Stock Trading screen.
import { accountJson, OPERATOR_SETTINGS_JSON } from "../../shared/test/accountFixtures";
import { jsonResponse } from "../../shared/test/fakeTransport";
import type { RouteHandler } from "../../shared/test/routeResponder";

/** A stock order row as the server sends it. */
export type StockRowJson = Record<string, unknown> & { agentTradingSessionID: number; accountId: number };

/** A WORKING BUY LIMIT 10 AAPL @ 150 on account `accountId` of session `sessionId`. */
export function stockRowJson(sessionId: number, accountId: number, fields: Record<string, unknown> = {}): StockRowJson {
  return {
    agentTradingSessionID: sessionId,
    accountId,
    accountName: `Account ${accountId}`,
    accountUsername: `user${accountId}`,
    stockOrderId: 1000 + sessionId * 10 + accountId,
    stockSymbol: "AAPL",
    stockDescription: "AAPL",
    stockSession: "NORMAL",
    stockDuration: "DAY",
    stockOrderType: "LIMIT",
    stockInstruction: "BUY",
    stockQuantity: 10,
    stockFilledQuantity: 0,
    stockPrice: 150,
    stockStopPrice: 0,
    stockStopPriceLinkType: "VALUE",
    stockStopPriceOffset: 0.1,
    stockStatus: "WORKING",
    stockStatusDescription: null,
    stockEnteredTime: "2026-01-05T14:30:00Z",
    stockStatusColor: "red",
    successRate: 100,
    stockOwnStatusColor: "yellow",
    replacedSessionID: null,
    ...fields,
  };
}

/** The orders answer of `rows`: session id → its rows. */
export function stockOrdersAnswer(rows: readonly StockRowJson[]): Record<string, StockRowJson[]> {
  const answer: Record<string, StockRowJson[]> = {};
  for (const row of rows) {
    (answer[String(row.agentTradingSessionID)] ??= []).push(row);
  }
  return answer;
}

/** A stock position as the server sends it. */
export interface StockPositionJson {
  stockSymbol: string;
  stockAveragePrice: number;
  stockSettledQuantity: number;
  accountId: number;
  accountName: string;
  accountUsername: string;
}

/** Account `accountId` holding `quantity` shares of `symbol` at `price`. */
export function stockPositionJson(symbol: string, accountId: number, quantity: number, price = 150): StockPositionJson {
  return {
    stockSymbol: symbol,
    stockAveragePrice: price,
    stockSettledQuantity: quantity,
    accountId,
    accountName: `Account ${accountId}`,
    accountUsername: `user${accountId}`,
  };
}

/** The positions answer of `positions`: symbol → its holdings. */
export function stockPositionsAnswer(positions: readonly StockPositionJson[]): Record<string, StockPositionJson[]> {
  const answer: Record<string, StockPositionJson[]> = {};
  for (const position of positions) {
    (answer[position.stockSymbol] ??= []).push(position);
  }
  return answer;
}

/** Tier routes: accounts 1 and 2 small (×1), account 3 big (×3), account 4 inactive. */
export const TIER_ROUTES: Readonly<Record<string, RouteHandler>> = {
  "GET /api/operator/settings": () => jsonResponse(200, OPERATOR_SETTINGS_JSON),
  "GET /api/trading_account/database": () =>
    jsonResponse(200, [
      accountJson(1),
      accountJson(2),
      accountJson(3, { accountType: "big_account" }),
      accountJson(4, { accountTradingActive: false }),
    ]),
};
