// Renders the Option Trading screen against a fake server whose orders and positions the test can change.
import { screen, within } from "@testing-library/react";
import { OptionTradingSection } from "../OptionTradingSection";
import { accountJson, OPERATOR_SETTINGS_JSON } from "../../shared/test/accountFixtures";
import { jsonResponse } from "../../shared/test/fakeTransport";
import { AAPL_CALL_CHAIN, ordersAnswer, positionsAnswer, type OrderRowJson, type PositionJson } from "./optionFixtures";
import { renderApp, type RenderedApp } from "../../shared/test/renderApp";
import { routeResponder, type RouteHandler, type RouteResponder } from "../../shared/test/routeResponder";

/** What the fake server answers; change the fields to change the next answers. */
export interface OptionServerState {
  /** The order rows of every session. */
  rows: OrderRowJson[];
  /** The positions. */
  positions: PositionJson[];
  /** The favourite tickers. */
  tickers: string[];
  /** The saved orders. */
  saved: unknown[];
}

/** What {@link renderOptionScreen} returns. */
export interface RenderedOptionScreen extends RenderedApp {
  /** The fake server; add or replace routes with `server.on`. */
  readonly server: RouteResponder;
  /** What the server answers. */
  readonly state: OptionServerState;
}

/**
 * Renders the Option Trading section with `initial` data: orders, positions, favourites and saved orders, three
 * active accounts (two small, one big) and one inactive, the default tier multipliers and the AAPL call chain,
 * plus any extra `routes`.
 */
export function renderOptionScreen(
  initial: Partial<OptionServerState> = {},
  routes: Readonly<Record<string, RouteHandler>> = {},
): RenderedOptionScreen {
  const state: OptionServerState = { rows: [], positions: [], tickers: [], saved: [], ...initial };
  const server = routeResponder({
    "GET /api/copy_trading_account/database/COMMON": () => jsonResponse(200, ordersAnswer(state.rows)),
    "GET /api/copy_trading_position_account/database/COMMON": () => jsonResponse(200, positionsAnswer(state.positions)),
    "GET /api/option_contract/get_option_contract_list": () => jsonResponse(200, state.tickers),
    "GET /api/option_contract_save_order/get_option_contract_save_order_list/COMMON": () =>
      jsonResponse(200, { success: true, list: state.saved }),
    "GET /api/operator/settings": () => jsonResponse(200, OPERATOR_SETTINGS_JSON),
    "GET /api/trading_account/database": () =>
      jsonResponse(200, [
        accountJson(1),
        accountJson(2),
        accountJson(3, { accountType: "big_account" }),
        accountJson(4, { accountTradingActive: false }),
      ]),
    "GET /api/copy_trading_account/get_option_chain_list/COMMON": () => jsonResponse(200, AAPL_CALL_CHAIN),
    ...routes,
  });
  const rendered = renderApp(<OptionTradingSection />, "/trading/optionCopyTrading", server.responder);
  return { ...rendered, server, state };
}

/** The option orders table. */
export function ordersTable(): HTMLElement {
  return screen.getByRole("table", { name: "Option orders" });
}

/** The option positions table. */
export function positionsTable(): HTMLElement {
  return screen.getByRole("table", { name: "Option positions" });
}

/** The body rows of `table` (without its heading row). */
export function bodyRows(table: HTMLElement): HTMLElement[] {
  return within(table).getAllByRole("row").slice(1);
}

/** The text of each cell of `row`. */
export function cellTexts(row: HTMLElement): (string | null)[] {
  return within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
}

/** The heading texts of `table`. */
export function headings(table: HTMLElement): (string | null)[] {
  return within(table)
    .getAllByRole("columnheader")
    .map((th) => th.textContent);
}
