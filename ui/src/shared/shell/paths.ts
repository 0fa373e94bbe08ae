// Where each screen lives: the hash paths and the trading subpages with their tab labels.

/** The login form. */
export const LOGIN_PATH = "/login";

/** The registration form. */
export const REGISTER_PATH = "/register";

/** The four trading subpages, in tab order. */
export const TRADING_SUBPAGES = [
  { subpage: "account", label: "Account" },
  { subpage: "optionCopyTrading", label: "Option Trading" },
  { subpage: "optionCopyVerticalTrading", label: "Vertical Trading" },
  { subpage: "stockCopyTrading", label: "Stock Trading" },
] as const;

/** One trading subpage value, as it appears in the path. */
export type TradingSubpage = (typeof TRADING_SUBPAGES)[number]["subpage"];

/** The subpage shown when the path names none. */
export const DEFAULT_SUBPAGE: TradingSubpage = "account";

/** The route pattern of the trading area. */
export const TRADING_ROUTE = "/trading/:subpage?";

/** Path of a trading subpage, e.g. `/trading/account`. */
export function tradingPath(subpage: TradingSubpage): string {
  return `/trading/${subpage}`;
}

/** True when `value` names one of the trading subpages. */
export function isTradingSubpage(value: string): value is TradingSubpage {
  return TRADING_SUBPAGES.some((entry) => entry.subpage === value);
}
