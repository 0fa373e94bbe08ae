// The "Account Info" dialog: its open flag and the balances fetched for the account it shows.
import { makeAutoObservable, runInAction } from "mobx";
import { AccountPaths } from "../shared/accounts/accountPaths";
import { describeError } from "../shared/api/describeError";
import { parseAccountBalances, type AccountBalances } from "./AccountBalances";
import type { StoreDeps } from "../shared/shell/StoreDeps";
import type { TradingAccount } from "../shared/accounts/TradingAccount";

/** State of the account-info dialog. Balances are fetched each time it opens. */
export class AccountInfoDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** Name of the account shown. */
  accountName = "";
  /** Username of the account shown. */
  accountUsername = "";
  /** The fetched balances, or null until they arrive. */
  balances: AccountBalances | null = null;
  /** True while the balances are being fetched. */
  loading = false;
  /** Why the balances could not be fetched, or null. */
  error: string | null = null;

  private readonly deps: StoreDeps;
  /** Counts openings, so an answer for an earlier opening is dropped. */
  private opening = 0;

  /** @param deps The root store (API client). */
  constructor(deps: StoreDeps) {
    this.deps = deps;
    makeAutoObservable<this, "deps" | "opening">(this, { deps: false, opening: false }, { autoBind: true });
  }

  /** Opens the dialog for `account` and fetches its balances. */
  async open(account: TradingAccount): Promise<void> {
    this.opening += 1;
    const opening = this.opening;
    this.isOpen = true;
    this.accountName = account.accountName;
    this.accountUsername = account.accountUsername;
    this.balances = null;
    this.error = null;
    this.loading = true;
    let balances: AccountBalances | null = null;
    let error: string | null = null;
    try {
      balances = parseAccountBalances(
        await this.deps.api.post(AccountPaths.accountFetch, { accountUsername: account.accountUsername }),
      );
    } catch (cause) {
      console.error("Fetching the account info failed", cause);
      error = describeError(cause);
    }
    runInAction(() => {
      if (opening !== this.opening || !this.isOpen) {
        return;
      }
      this.loading = false;
      this.balances = balances;
      this.error = error;
    });
  }

  /** Closes the dialog. */
  close(): void {
    this.opening += 1;
    this.isOpen = false;
    this.loading = false;
    this.balances = null;
    this.error = null;
  }
}
