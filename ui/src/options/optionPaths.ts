// The API calls of the Option Trading screen: copy trading, option chains, favourite tickers and saved orders.

/** Single-leg option copy-trading calls ("COMMON"), under the API base path. */
export const OptionPaths = {
  orders: "/copy_trading_account/database/COMMON",
  positions: "/copy_trading_position_account/database/COMMON",
  fetchTradeStatus: "/copy_trading_account/fetch_trade_status/COMMON",
  placeOrder: "/copy_trading_account/place_order/COMMON",
  exitOrder: "/copy_trading_account/exit_order/COMMON",
  exitOrderMultiple: "/copy_trading_account/exit_order_multiple/COMMON",
  replaceOrder: "/copy_trading_account/replace_order/COMMON",
  replaceOrderIndividual: "/copy_trading_account/replace_order_individual/COMMON",
  cancelOrder: "/copy_trading_account/cancel_order/COMMON",
  cancelOrderIndividual: "/copy_trading_account/cancel_order_individual/COMMON",
  optionChain: "/copy_trading_account/get_option_chain_list/COMMON",
} as const;

/** Favourite option tickers (the option contract list), under the API base path. */
export const OptionContractPaths = {
  list: "/option_contract/get_option_contract_list",
  add: "/option_contract/add_option_contract/",
  remove: "/option_contract/remove_option_contract/",
} as const;

/** Saved single-leg option orders, under the API base path. */
export const SavedOptionOrderPaths = {
  list: "/option_contract_save_order/get_option_contract_save_order_list/COMMON",
  add: "/option_contract_save_order/add_option_contract_save_order/COMMON",
  remove: "/option_contract_save_order/remove_option_contract_save_order/COMMON",
} as const;

/** How long the option chain may take before the request is given up (spec 01 §9). */
export const OPTION_CHAIN_TIMEOUT_MS = 5000;
