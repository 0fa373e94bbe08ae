// The texts the Account screen shows, exactly as specified, plus those of the operator panel.

/** Toast texts of the Account screen. */
export const AccountMessages = {
  addSucceeded: "Account added successful",
  /** Followed by a space and the server's text when it gave one. */
  addRefused: "Account added failed.",
  /** Followed by a space and the server's message for a refused (4xx) request. */
  addRequestFailed: "Login failed.",
  deleteSucceeded: "Account deleted successful",
  deleteFailed: "Account deleted failed",
  accessTokenSucceeded: "Get access token successful.",
  accessTokenFailed: "Get access token failed.",
  websiteOpenFailed: "Website open failed",
  writeLimitSaved: "Write limit saved",
  /** Followed by a space and the reason. */
  writeLimitNotSaved: "Write limit not saved.",
  linkSucceeded: "Account linked successful",
  /** Followed by a space and the server's message. */
  linkFailed: "Account linked failed.",
  settingsSaved: "Operator settings saved",
  /** Followed by a space and the reason. */
  settingsNotSaved: "Operator settings not saved.",
} as const;

/** The delete confirmation's question for the account named `accountName`. */
export function deleteQuestion(accountName: string): string {
  return `Are you sure you want to delete the account ${accountName}?`;
}

/** What deleting an account does to the orders it has open, said under the delete question. */
export const DELETE_OPEN_ORDERS_NOTE =
  "Orders this account has open at the brokerage stay open there. copydesk stops following them, and a copy-trade cancel or replace can no longer reach them: cancel them first if they should not stay.";

/** The connection states whose login cannot be used, so copy trades skip the account with a refused row. */
export function needsAttention(status: string): boolean {
  return status === "authorization_needed" || status === "reauthorization_needed" || status === "error";
}

/** What a row says of the other accounts of its login that are free to link, e.g. `Also on this login: …5678`. */
export function alsoOnLoginText(accounts: readonly string[]): string {
  return `Also on this login: ${accounts.join(", ")}`;
}

/** The text of the button that links the account `shown` (`…5678`) of a login. */
export function linkButtonText(shown: string): string {
  return `Link ${shown}`;
}
