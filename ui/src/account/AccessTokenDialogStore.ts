// The "Get Access Token" dialog: the account's brokerage login, the authorization page and the code exchange.
import { makeAutoObservable, runInAction } from "mobx";
import { AccountPaths } from "../shared/accounts/accountPaths";
import { describeError, reasonOf } from "../shared/api/describeError";
import { answerText, isRecord, stringField } from "../shared/api/json";
import { AccountMessages } from "./AccountMessages";
import { failed, failedWith, succeeded, type Outcome } from "../shared/stores/Outcome";
import type { StoreDeps } from "../shared/shell/StoreDeps";
import type { TradingAccount } from "../shared/accounts/TradingAccount";

/** The brokerage login of an account, shown so the agent can type it into the brokerage's page. */
export interface AccountCredentials {
  /** Brokerage username. */
  readonly accountUsername: string;
  /** Brokerage password. */
  readonly accountPassword: string;
}

/**
 * State of the access-token dialog. Opening it fetches the account's credentials; "Get authorization code"
 * opens the brokerage's authorization page in a new window; "Get access code" hands the pasted redirect
 * address to the server, which exchanges its code for tokens.
 */
export class AccessTokenDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** Name of the account being authorized. */
  accountName = "";
  /** Username of the account being authorized. */
  accountUsername = "";
  /** The account's credentials, or null until they arrive. */
  credentials: AccountCredentials | null = null;
  /** True while the credentials are being fetched. */
  credentialsLoading = false;
  /** Why the credentials could not be fetched, or null. */
  credentialsError: string | null = null;
  /** The Account Authorization Code input: the redirect address pasted by the agent. */
  authorizationCode = "";
  /** True while the authorization page's address is being fetched. */
  authorizationPending = false;
  /** True while the code is being exchanged for tokens. */
  accessPending = false;
  /** What is wrong with the Account Authorization Code, once Get access code was pressed; null when fine. */
  codeProblem: string | null = null;

  private readonly deps: StoreDeps;
  private readonly reloadAccounts: () => Promise<void>;
  /** Counts openings, so an answer for an earlier opening is dropped. */
  private opening = 0;

  /**
   * @param deps The root store (API client, window opener).
   * @param reloadAccounts Reloads the account list after the account got its tokens.
   */
  constructor(deps: StoreDeps, reloadAccounts: () => Promise<void>) {
    this.deps = deps;
    this.reloadAccounts = reloadAccounts;
    makeAutoObservable<this, "deps" | "reloadAccounts" | "opening">(
      this,
      { deps: false, reloadAccounts: false, opening: false },
      { autoBind: true },
    );
  }

  /** True while any request of the dialog's buttons is in flight. */
  get busy(): boolean {
    return this.authorizationPending || this.accessPending;
  }

  /** Opens the dialog for `account` and fetches its credentials. */
  async open(account: TradingAccount): Promise<void> {
    if (this.busy) {
      return;
    }
    this.opening += 1;
    const opening = this.opening;
    this.isOpen = true;
    this.accountName = account.accountName;
    this.accountUsername = account.accountUsername;
    this.authorizationCode = "";
    this.codeProblem = null;
    this.credentials = null;
    this.credentialsError = null;
    this.credentialsLoading = true;
    let credentials: AccountCredentials | null = null;
    let error: string | null = null;
    try {
      credentials = parseCredentials(
        await this.deps.api.post(AccountPaths.credentials, { accountUsername: account.accountUsername }),
      );
    } catch (cause) {
      console.error("Fetching the account's credentials failed", cause);
      error = describeError(cause);
    }
    runInAction(() => {
      if (opening !== this.opening || !this.isOpen) {
        return;
      }
      this.credentialsLoading = false;
      this.credentials = credentials;
      this.credentialsError = error;
    });
  }

  /** Closes the dialog and forgets the credentials and the code; ignored while a request is in flight. */
  close(): void {
    if (this.busy) {
      return;
    }
    this.opening += 1;
    this.isOpen = false;
    this.credentials = null;
    this.credentialsLoading = false;
    this.credentialsError = null;
    this.authorizationCode = "";
  }

  /** Sets the Account Authorization Code input. */
  setAuthorizationCode(value: string): void {
    this.authorizationCode = value;
    if (value.trim() !== "") {
      this.codeProblem = null;
    }
  }

  /**
   * Opens the authorization page in a new window. The window opens first, while the click still counts as
   * the agent's own (browsers block windows opened after a request), cut off from this page; it is sent to
   * the page once the server gave its address. Resolves to null when the page is on its way, else to
   * "Website open failed" (the browser refused the window, or there is no address; the window then closes).
   */
  async openAuthorizationPage(): Promise<Outcome | null> {
    if (this.authorizationPending) {
      return null;
    }
    let page: Window | null = null;
    try {
      page = this.deps.env.openBlankWindow();
    } catch (error) {
      console.error("Opening a window failed", error);
    }
    if (page === null) {
      return failed(AccountMessages.websiteOpenFailed);
    }
    // The brokerage's page gets no handle on this one.
    page.opener = null;
    this.authorizationPending = true;
    let opened = false;
    let reason: string | null = null;
    try {
      const url = stringField(
        await this.deps.api.get(AccountPaths.authorizationUrl, { accountUsername: this.accountUsername }),
        "url",
      );
      if (url === null) {
        console.error("The authorization address answer has no url");
      } else {
        page.location.href = url;
        opened = true;
      }
    } catch (error) {
      console.error("Opening the authorization page failed", error);
      reason = reasonOf(error);
    }
    runInAction(() => {
      this.authorizationPending = false;
    });
    if (!opened) {
      page.close();
      return failedWith(AccountMessages.websiteOpenFailed, reason);
    }
    return null;
  }

  /**
   * Exchanges the pasted redirect address for tokens. `{"success": true}` closes the dialog and reloads the
   * list; any other answer or error clears the input for another try.
   */
  async getAccessToken(): Promise<Outcome> {
    if (this.accessPending) {
      return failed(AccountMessages.accessTokenFailed);
    }
    if (this.authorizationCode.trim() === "") {
      this.codeProblem = CODE_REQUIRED;
      return failedWith(AccountMessages.accessTokenFailed, CODE_REQUIRED);
    }
    this.codeProblem = null;
    this.accessPending = true;
    let ok = false;
    let reason: string | null = null;
    try {
      const answer = await this.deps.api.post(AccountPaths.accessToken, {
        accountName: this.accountName,
        accountUsername: this.accountUsername,
        authorizationCodeUrl: this.authorizationCode,
      });
      ok = isRecord(answer) && answer.success === true;
      if (!ok) {
        console.error("The access token exchange was refused", answer);
        reason = answerText(answer);
      }
    } catch (error) {
      console.error("The access token exchange failed", error);
      reason = reasonOf(error);
    }
    runInAction(() => {
      this.accessPending = false;
      if (ok) {
        this.close();
      } else {
        this.authorizationCode = "";
      }
    });
    if (!ok) {
      return failedWith(AccountMessages.accessTokenFailed, reason);
    }
    await this.reloadAccounts();
    return succeeded(AccountMessages.accessTokenSucceeded);
  }
}

/** The mark of an empty Account Authorization Code. */
const CODE_REQUIRED = "Account Authorization Code is required";

function parseCredentials(answer: unknown): AccountCredentials {
  if (!isRecord(answer)) {
    throw new Error("the credentials answer is not an object");
  }
  const { accountUsername, accountPassword } = answer;
  if (typeof accountUsername !== "string") {
    throw new Error("accountUsername is not a string");
  }
  if (typeof accountPassword !== "string") {
    throw new Error("accountPassword is not a string");
  }
  return { accountUsername, accountPassword };
}
