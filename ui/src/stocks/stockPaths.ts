// The API calls of the Stock Trading screen: copy trading, quotes, saved stock orders and the watch list.

/** Stock copy-trading calls, under the API base path. */
export const StockPaths = {
  orders: "/stock_copy_trading/database",
  positions: "/stock_copy_trading_position/database",
  fetchTradeStatus: "/stock_copy_trading/fetch_trade_status",
  placeOrder: "/stock_copy_trading/place_order/",
  replaceOrder: "/stock_copy_trading/replace_order/",
  replaceOrderIndividual: "/stock_copy_trading/replace_order_individual/",
  cancelOrder: "/stock_copy_trading/cancel_order/",
  cancelOrderIndividual: "/stock_copy_trading/cancel_order_individual/",
  exitOrder: "/stock_copy_trading/exit_order/",
  exitOrderMultiple: "/stock_copy_trading/exit_order_multiple",
  quotes: "/stock_copy_trading/get_stock_quotes/",
} as const;

/** Saved stock orders, under the API base path. */
export const SavedStockOrderPaths = {
  list: "/stock_save_order/get_stock_save_order_list",
  add: "/stock_save_order/add_stock_save_order/",
  remove: "/stock_save_order/remove_stock_save_order/",
} as const;

/** The stock watch list, under the API base path. */
export const StockWatchPaths = {
  list: "/stock/get_stock_list",
  add: "/stock/add_stock/",
  remove: "/stock/remove_stock/",
} as const;

/** How long a stock quote may take before the request is given up (spec 02 §9). */
export const STOCK_QUOTE_TIMEOUT_MS = 5000;
