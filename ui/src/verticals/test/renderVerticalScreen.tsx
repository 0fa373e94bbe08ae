// Renders the Vertical Trading screen against a fake server whose orders, positions and sets the test can change.
import { accountJson, OPERATOR_SETTINGS_JSON } from "../../shared/test/accountFixtures";
import { jsonResponse } from "../../shared/test/fakeTransport";
import { renderApp, type RenderedApp } from "../../shared/test/renderApp";
import { routeResponder, type RouteHandler, type RouteResponder } from "../../shared/test/routeResponder";
import { VerticalTradingSection } from "../VerticalTradingSection";
import {
  VERTICAL_CHAIN,
  verticalOrdersAnswer,
  verticalPositionsAnswer,
  type VerticalPositionJson,
  type VerticalRowJson,
} from "./verticalFixtures";

/** What the fake server answers; change the fields to change the next answers. */
export interface VerticalServerState {
  /** The order rows of every session. */
  rows: VerticalRowJson[];
  /** The positions. */
  positions: VerticalPositionJson[];
  /** The saved sets as the server lists them. */
  sets: { setName: string; orderLegs: string }[];
  /** The favourite tickers. */
  tickers: string[];
}

/** What {@link renderVerticalScreen} returns. */
export interface RenderedVerticalScreen extends RenderedApp {
  /** The fake server. */
  readonly server: RouteResponder;
  /** What the server answers. */
  readonly state: VerticalServerState;
}

/**
 * Renders the Vertical Trading section with `initial` data, three active accounts (two small, one big), the
 * default tier multipliers and the AAPL call chain, plus any extra `routes`.
 */
export function renderVerticalScreen(
  initial: Partial<VerticalServerState> = {},
  routes: Readonly<Record<string, RouteHandler>> = {},
): RenderedVerticalScreen {
  const state: VerticalServerState = { rows: [], positions: [], sets: [], tickers: [], ...initial };
  const server = routeResponder({
    "GET /api/copy_trading_account/database/VERTICAL": () => jsonResponse(200, verticalOrdersAnswer(state.rows)),
    "GET /api/copy_trading_position_account/database/VERTICAL": () =>
      jsonResponse(200, verticalPositionsAnswer(state.positions)),
    "GET /api/option_contract_save_order/get_option_contract_save_order_list/VERTICAL": () =>
      jsonResponse(200, { success: true, list: state.sets }),
    "GET /api/option_contract_save_order/get_option_contract_save_order_list/COMMON": () =>
      jsonResponse(200, { success: true, list: [] }),
    "GET /api/option_contract/get_option_contract_list": () => jsonResponse(200, state.tickers),
    "GET /api/operator/settings": () => jsonResponse(200, OPERATOR_SETTINGS_JSON),
    "GET /api/trading_account/database": () =>
      jsonResponse(200, [accountJson(1), accountJson(2), accountJson(3, { accountType: "big_account" })]),
    "GET /api/copy_trading_account/get_option_chain_list/COMMON": () => jsonResponse(200, VERTICAL_CHAIN),
    ...routes,
  });
  const rendered = renderApp(<VerticalTradingSection />, "/trading/optionCopyVerticalTrading", server.responder);
  return { ...rendered, server, state };
}
