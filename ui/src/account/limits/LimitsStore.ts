// Every account's sizing profile and guards for the Account screen's "Sizing and limits" list, and its dialog.
import { makeAutoObservable, observable, runInAction } from "mobx";
import { AccountPaths } from "../../shared/accounts/accountPaths";
import { parseAccountLimitsList, type AccountLimits } from "../../shared/accounts/AccountLimits";
import type { AccountType } from "../../shared/accounts/AccountType";
import type { OperatorSettings } from "../../shared/accounts/OperatorSettings";
import type { TradingAccount } from "../../shared/accounts/TradingAccount";
import { mergeById } from "../../shared/stores/mergeById";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { LimitsDialogStore } from "./LimitsDialogStore";

/** What the limits store reads from the root store besides the API client. */
export interface LimitsStoreDeps extends StoreDeps {
  /** The account list: each account's type, the TIER profile's tier. */
  readonly accounts: {
    readonly byId: ReadonlyMap<number, TradingAccount>;
    typeOf(account: TradingAccount): AccountType;
  };
  /** The operator settings: each tier's multiplier. */
  readonly operator: { readonly settings: OperatorSettings | null };
}

/**
 * The limits of every account of the signed-in agent by accountId, loaded with each poll of the Account screen
 * and replaced by the answer of a save.
 */
export class LimitsStore {
  /** The limits by accountId. */
  readonly byId = observable.map<number, AccountLimits>();
  /** True once the list has been loaded at least once. */
  loaded = false;
  /** The dialog editing one account's limits. */
  readonly editDialog: LimitsDialogStore;

  private readonly deps: LimitsStoreDeps;
  private loadsStarted = 0;
  private loadShown = 0;

  /** @param deps The root store (API client, account list, operator settings). */
  constructor(deps: LimitsStoreDeps) {
    this.deps = deps;
    this.editDialog = new LimitsDialogStore(deps, (limits) => this.saved(limits));
    makeAutoObservable<this, "deps" | "loadsStarted" | "loadShown">(
      this,
      { deps: false, loadsStarted: false, loadShown: false, editDialog: false },
      { autoBind: true },
    );
  }

  /** The accounts' limits in accountId order. */
  get sortedLimits(): AccountLimits[] {
    return Array.from(this.byId.values()).sort((a, b) => a.accountId - b.accountId);
  }

  /**
   * The multiplier the TIER profile gives the account `accountId` (its Account Type's, as the type is shown in
   * the account list), or null while the account or the settings are not loaded.
   */
  tierMultiplierOf(accountId: number): number | null {
    const account = this.deps.accounts.byId.get(accountId);
    const settings = this.deps.operator.settings;
    if (account === undefined || settings === null) {
      return null;
    }
    return settings.tierMultipliers[this.deps.accounts.typeOf(account)];
  }

  /**
   * Loads every account's limits; an answer older than the one shown is dropped.
   * @throws {ApiError} when the call fails; {@link Error} when the answer is malformed.
   */
  async load(): Promise<void> {
    this.loadsStarted += 1;
    const request = this.loadsStarted;
    const limits = parseAccountLimitsList(await this.deps.api.get(AccountPaths.limits));
    runInAction(() => {
      if (request < this.loadShown) {
        return;
      }
      this.loadShown = request;
      mergeById(this.byId, limits, (entry) => entry.accountId);
      this.loaded = true;
    });
  }

  /** Forgets the list (another agent signed in, or nobody). */
  reset(): void {
    this.byId.clear();
    this.loaded = false;
    this.loadShown = this.loadsStarted + 1;
    this.editDialog.close();
  }

  /** Shows a saved account's limits at once; a load already in flight cannot bring the old ones back. */
  private saved(limits: AccountLimits): void {
    this.byId.set(limits.accountId, limits);
    this.loadShown = this.loadsStarted + 1;
  }
}
