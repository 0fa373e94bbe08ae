// The API calls of the Account screen: trading accounts and the operator view.

/** Trading-account calls, under the API base path. */
export const AccountPaths = {
  database: "/trading_account/database",
  login: "/trading_account/login/",
  accountFetch: "/trading_account/account_fetch",
  deleteAccount: "/trading_account/delete_account",
  setAccountType: "/trading_account/set_account_type",
  tradingActive: "/trading_account/trading_active",
  refreshFromToken: "/trading_account/fetch_trading_account_data_from_refresh_token",
  credentials: "/trading_account/credentials",
  authorizationUrl: "/trading_account/authorization_url",
  accessToken: "/trading_account/get_access_token_from_authorization_code/",
  linkLoginAccount: "/trading_account/link_login_account/",
  limits: "/trading_account/limits",
} as const;

/** Operator-view calls, under the API base path. */
export const OperatorPaths = {
  accounts: "/operator/accounts",
  accountWriteLimit: "/operator/account_write_limit",
  settings: "/operator/settings",
  readBudget: "/operator/read_budget",
} as const;
