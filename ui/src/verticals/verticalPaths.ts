// The API calls of the Vertical Trading screen: vertical copy trading, saved order sets and the option chain.

/** Vertical (multi-leg) option copy-trading calls, under the API base path. */
export const VerticalPaths = {
  orders: "/copy_trading_account/database/VERTICAL",
  positions: "/copy_trading_position_account/database/VERTICAL",
  fetchTradeStatus: "/copy_trading_account/fetch_trade_status/VERTICAL",
  placeOrder: "/copy_trading_account/place_order/VERTICAL",
  exitOrder: "/copy_trading_account/exit_order/VERTICAL",
  exitOrderMultiple: "/copy_trading_account/exit_order_multiple/VERTICAL",
  cancelOrder: "/copy_trading_account/cancel_order/VERTICAL",
  cancelOrderIndividual: "/copy_trading_account/cancel_order_individual/VERTICAL",
  replaceLegs: "/copy_trading_account/replace_individual_legs/VERTICAL",
  optionChain: "/copy_trading_account/get_option_chain_list/COMMON",
} as const;

/** The saved order sets (named lists of legs), under the API base path. */
export const OrderSetPaths = {
  list: "/option_contract_save_order/get_option_contract_save_order_list/VERTICAL",
  add: "/option_contract_save_order/add_option_contract_save_order/VERTICAL",
  remove: "/option_contract_save_order/remove_option_contract_save_order/VERTICAL",
} as const;

/** How long the option chain may take before the request is given up (spec 02 §9). */
export const VERTICAL_CHAIN_TIMEOUT_MS = 10_000;
