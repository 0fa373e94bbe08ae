// The agent's trading accounts: the polled list, its paging, the row actions and the screen's dialogs.
import { makeAutoObservable, observable, runInAction } from "mobx";
import { AccountPaths } from "../shared/accounts/accountPaths";
import { ApiError } from "../shared/api/ApiError";
import { AccessTokenDialogStore } from "./AccessTokenDialogStore";
import { AccountInfoDialogStore } from "./AccountInfoDialogStore";
import type { AccountType } from "../shared/accounts/AccountType";
import { AddAccountDialogStore } from "./AddAccountDialogStore";
import { DeleteAccountDialogStore } from "./DeleteAccountDialogStore";
import { LinkLoginAccountDialogStore } from "./LinkLoginAccountDialogStore";
import { mergeById } from "../shared/stores/mergeById";
import { Poller } from "../shared/stores/Poller";
import type { StoreDeps } from "../shared/shell/StoreDeps";
import { parseTradingAccounts, type TradingAccount } from "../shared/accounts/TradingAccount";

/** How often the Account screen reloads the account list and the operator view. */
export const ACCOUNT_POLL_INTERVAL_MS = 1000;

/** Accounts per table page. */
export const ACCOUNT_PAGE_SIZE = 10;

/** What the account store needs from the root store. */
export interface AccountStoreDeps extends StoreDeps {
  /** The operator view, polled together with the account list. */
  readonly operator: { loadAccounts(): Promise<void> };
  /** The accounts' sizing and limits, polled together with the account list. */
  readonly limits: { load(): Promise<void> };
  /** The session, told when a poll finds that the server has ended it. */
  readonly session: { sessionEnded(): void };
}

/**
 * The trading accounts of the signed-in agent, keyed by accountId and merged from each answer of the
 * polled list. Owns the Account screen's poller, the table's page, and the open/closed state of its dialogs.
 */
export class AccountStore {
  /** The accounts by accountId. */
  readonly byId = observable.map<number, TradingAccount>();
  /** True once the list has been loaded at least once. */
  loaded = false;
  /** The page the agent asked for (0-based); {@link page} keeps it within the pages there are. */
  pageIndex = 0;
  /** True while REFRESH is in flight. */
  refreshPending = false;
  /** Accounts whose type change is in flight, with the type asked for (shown until the list reloads). */
  readonly pendingTypes = observable.map<number, AccountType>();
  /** Accounts whose trading switch is in flight, with the value asked for (shown until the list reloads). */
  readonly pendingTradingActive = observable.map<number, boolean>();
  /** The "Add new Trading Account" dialog. */
  readonly addDialog: AddAccountDialogStore;
  /** The "Account Info" dialog. */
  readonly infoDialog: AccountInfoDialogStore;
  /** The delete confirmation. */
  readonly deleteDialog: DeleteAccountDialogStore;
  /** The "Get Access Token" dialog. */
  readonly accessTokenDialog: AccessTokenDialogStore;
  /** The "Link …5678" dialog: another account of a login linked as its own trading account. */
  readonly linkDialog: LinkLoginAccountDialogStore;

  private readonly deps: AccountStoreDeps;
  private poller: Poller | null = null;
  /** Numbers the list requests, so an answer older than the one already shown is dropped. */
  private loadsStarted = 0;
  private loadShown = 0;

  /** @param deps The root store (API client, environment, operator store). */
  constructor(deps: AccountStoreDeps) {
    this.deps = deps;
    const reload = () => this.reload();
    this.addDialog = new AddAccountDialogStore(deps, reload);
    this.infoDialog = new AccountInfoDialogStore(deps);
    this.deleteDialog = new DeleteAccountDialogStore(deps, reload);
    this.accessTokenDialog = new AccessTokenDialogStore(deps, reload);
    this.linkDialog = new LinkLoginAccountDialogStore(deps, reload);
    makeAutoObservable<this, "deps" | "poller" | "loadsStarted" | "loadShown">(
      this,
      {
        deps: false,
        poller: false,
        loadsStarted: false,
        loadShown: false,
        addDialog: false,
        infoDialog: false,
        deleteDialog: false,
        accessTokenDialog: false,
        linkDialog: false,
        isPolling: false,
      },
      { autoBind: true },
    );
  }

  /** The accounts in accountId order. */
  get sortedAccounts(): TradingAccount[] {
    return Array.from(this.byId.values()).sort((a, b) => a.accountId - b.accountId);
  }

  /** Number of table pages; at least 1, even with no accounts. */
  get pageCount(): number {
    return Math.max(1, Math.ceil(this.byId.size / ACCOUNT_PAGE_SIZE));
  }

  /** The page shown (0-based), within the pages there are. */
  get page(): number {
    return Math.min(Math.max(0, this.pageIndex), this.pageCount - 1);
  }

  /** The accounts on the page shown. */
  get pageAccounts(): TradingAccount[] {
    const start = this.page * ACCOUNT_PAGE_SIZE;
    return this.sortedAccounts.slice(start, start + ACCOUNT_PAGE_SIZE);
  }

  /** `Page X of Y`. */
  get pageLabel(): string {
    return `Page ${this.page + 1} of ${this.pageCount}`;
  }

  /** True when there is a page before the one shown. */
  get hasPreviousPage(): boolean {
    return this.page > 0;
  }

  /** True when there is a page after the one shown. */
  get hasNextPage(): boolean {
    return this.page < this.pageCount - 1;
  }

  /** Shows the first page. */
  firstPage(): void {
    this.pageIndex = 0;
  }

  /** Shows the page before the one shown, if any. */
  previousPage(): void {
    this.pageIndex = Math.max(0, this.page - 1);
  }

  /** Shows the page after the one shown, if any. */
  nextPage(): void {
    this.pageIndex = Math.min(this.pageCount - 1, this.page + 1);
  }

  /** Shows the last page. */
  lastPage(): void {
    this.pageIndex = this.pageCount - 1;
  }

  /** The type to show for `account`: the one asked for while the change is in flight, else the server's. */
  typeOf(account: TradingAccount): AccountType {
    return this.pendingTypes.get(account.accountId) ?? account.accountType;
  }

  /** The trading switch to show for `account`: the value asked for while in flight, else the server's. */
  tradingActiveOf(account: TradingAccount): boolean {
    return this.pendingTradingActive.get(account.accountId) ?? account.accountTradingActive;
  }

  /**
   * Loads the account list (`?timestamp=` keeps caches out of the way) and merges it into {@link byId}.
   * @throws {ApiError} when the call fails; {@link Error} when the answer is not an account list.
   */
  async load(): Promise<void> {
    this.loadsStarted += 1;
    const request = this.loadsStarted;
    const answer = await this.deps.api.get(AccountPaths.database, { timestamp: this.deps.env.now() });
    const accounts = parseTradingAccounts(answer);
    runInAction(() => {
      if (request < this.loadShown) {
        return;
      }
      this.loadShown = request;
      mergeById(this.byId, accounts, (account) => account.accountId);
      this.loaded = true;
    });
  }

  /** Loads the list after an action; a failure is only logged (the poller tries again). */
  async reload(): Promise<void> {
    try {
      await this.load();
    } catch (error) {
      console.error("Reloading the account list failed", error);
    }
  }

  /**
   * One poll of the Account screen: the account list, the operator view and the sizing and limits. Failures are
   * only logged, except that a 401 while the screen is shown means the server ended the session: the session
   * store is told, which sends the agent to the login page instead of leaving a table that silently stopped
   * updating.
   */
  async poll(): Promise<void> {
    const [accounts, operator, limits] = await Promise.allSettled([
      this.load(),
      this.deps.operator.loadAccounts(),
      this.deps.limits.load(),
    ]);
    for (const [what, result] of [
      ["account list", accounts],
      ["operator view", operator],
      ["sizing and limits", limits],
    ] as const) {
      if (result.status === "rejected") {
        console.error(`Polling the ${what} failed`, result.reason);
      }
    }
    const signedOut = [accounts, operator, limits].some(
      (result) => result.status === "rejected" && result.reason instanceof ApiError && result.reason.status === 401,
    );
    if (signedOut && this.isPolling) {
      this.deps.session.sessionEnded();
    }
  }

  /** Starts polling every {@link ACCOUNT_POLL_INTERVAL_MS} (the Account screen mounted). */
  startPolling(): void {
    this.poller ??= new Poller(() => this.poll(), ACCOUNT_POLL_INTERVAL_MS, {
      scheduler: this.deps.env.scheduler,
    });
    this.poller.start();
  }

  /** Stops polling (the Account screen unmounted). */
  stopPolling(): void {
    this.poller?.stop();
  }

  /** Whether the poller is running. */
  get isPolling(): boolean {
    return this.poller?.isActive ?? false;
  }

  /**
   * REFRESH: asks the server to refresh every account from its brokerage (the answer is not used; a
   * failure is only logged), then reloads the list.
   */
  async refresh(): Promise<void> {
    if (this.refreshPending) {
      return;
    }
    this.refreshPending = true;
    try {
      await this.deps.api.get(AccountPaths.refreshFromToken);
    } catch (error) {
      console.error("Refreshing the accounts from the brokerage failed", error);
    }
    await this.reload();
    runInAction(() => {
      this.refreshPending = false;
    });
  }

  /** Forgets the list and goes back to the first page (another agent signed in, or nobody). */
  reset(): void {
    this.byId.clear();
    this.loaded = false;
    this.pageIndex = 0;
    // Answers of requests sent before now belong to the previous agent.
    this.loadShown = this.loadsStarted + 1;
  }

  /** Changes an account's type, then reloads the list; a failure is only logged. */
  async setAccountType(account: TradingAccount, accountType: AccountType): Promise<void> {
    const id = account.accountId;
    if (this.pendingTypes.has(id)) {
      return;
    }
    this.pendingTypes.set(id, accountType);
    try {
      await this.deps.api.post(AccountPaths.setAccountType, {
        accountUsername: account.accountUsername,
        accountType,
      });
    } catch (error) {
      console.error("Changing the account type failed", error);
    }
    await this.reload();
    runInAction(() => {
      this.pendingTypes.delete(id);
    });
  }

  /** Switches trading on or off for an account, then reloads the list; a failure is only logged. */
  async setTradingActive(account: TradingAccount, accountTradingActive: boolean): Promise<void> {
    const id = account.accountId;
    if (this.pendingTradingActive.has(id)) {
      return;
    }
    this.pendingTradingActive.set(id, accountTradingActive);
    try {
      await this.deps.api.post(AccountPaths.tradingActive, {
        accountUsername: account.accountUsername,
        accountTradingActive,
      });
    } catch (error) {
      console.error("Switching trading failed", error);
    }
    await this.reload();
    runInAction(() => {
      this.pendingTradingActive.delete(id);
    });
  }
}
