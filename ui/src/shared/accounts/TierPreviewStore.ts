// What an order dialog needs to show the quantity each tier will get: the multipliers and the accounts.
import { makeAutoObservable, runInAction } from "mobx";
import { AccountPaths, OperatorPaths } from "./accountPaths";
import { describeError } from "../api/describeError";
import { formatQuantity } from "../format/formatQuantity";
import { parseOperatorSettings } from "./OperatorSettings";
import type { StoreDeps } from "../shell/StoreDeps";
import { tierPreview, tierPreviewText, type QuantityUnit, type TierMultipliers } from "./TierPreview";
import { parseTradingAccounts, type TradingAccount } from "./TradingAccount";

/** Account states in which the server sends orders to an account (the others need authorization first). */
const USABLE_STATUSES: readonly string[] = ["connected", "throttled", "error"];

/** True when a copy-trade placed on all active accounts goes to `account`. */
export function isActiveAccount(account: TradingAccount): boolean {
  return account.accountTradingActive && USABLE_STATUSES.includes(account.accountStatus);
}

/**
 * Why nothing would be sent when `waiting` accounts have trading on but none can be used: they need authorizing,
 * and where that is done.
 */
export function awaitingAuthorizationText(waiting: number): string {
  const who = waiting === 1 ? "1 active account needs" : `${formatQuantity(waiting)} active accounts need`;
  return `No active trading account can trade now: ${who} authorizing in the Account tab (the key icon)`;
}

/**
 * The tier multipliers and the account list, loaded when an order dialog opens, and the preview of what a
 * quantity becomes on a set of accounts.
 */
export class TierPreviewStore {
  /** The agent's tier multipliers, or null until loaded. */
  multipliers: TierMultipliers | null = null;
  /** The agent's accounts, or null until loaded. */
  accounts: TradingAccount[] | null = null;
  /** Why loading failed, or null. */
  error: string | null = null;

  /** What the dialog's quantity counts: contracts, spreads or shares. */
  readonly unit: QuantityUnit;

  private readonly deps: StoreDeps;
  private loads = 0;

  /**
   * @param deps The root store (API client, clock).
   * @param unit What the dialog's quantity counts; contracts when not given.
   */
  constructor(deps: StoreDeps, unit: QuantityUnit = "contract") {
    this.deps = deps;
    this.unit = unit;
    makeAutoObservable<this, "deps" | "loads">(this, { deps: false, loads: false, unit: false }, { autoBind: true });
  }

  /** True once both the multipliers and the accounts are known. */
  get ready(): boolean {
    return this.multipliers !== null && this.accounts !== null;
  }

  /** The accounts a place on all active accounts goes to, or null until loaded. */
  get activeAccounts(): TradingAccount[] | null {
    return this.accounts?.filter(isActiveAccount) ?? null;
  }

  /** The multiplier of the account with id `accountId`, or null when it is not known. */
  multiplierOf(accountId: number): number | null {
    const account = this.accounts?.find((entry) => entry.accountId === accountId);
    if (account === undefined || this.multipliers === null) {
      return null;
    }
    return this.multipliers[account.accountType];
  }

  /** Loads the multipliers and the accounts afresh; a failure is kept in {@link error} and logged. */
  async load(): Promise<void> {
    this.loads += 1;
    const load = this.loads;
    this.multipliers = null;
    this.accounts = null;
    this.error = null;
    try {
      const [settings, accounts] = await Promise.all([
        this.deps.api.get(OperatorPaths.settings),
        this.deps.api.get(AccountPaths.database, { timestamp: this.deps.env.now() }),
      ]);
      const multipliers = parseOperatorSettings(settings).tierMultipliers;
      const list = parseTradingAccounts(accounts);
      runInAction(() => {
        if (load === this.loads) {
          this.multipliers = multipliers;
          this.accounts = list;
        }
      });
    } catch (error) {
      console.error("Loading the tier multipliers and accounts failed", error);
      runInAction(() => {
        if (load === this.loads) {
          this.error = describeError(error);
        }
      });
    }
  }

  /**
   * The preview text of `quantity` (in the store's unit) on `accounts` (all active accounts when omitted), or a note
   * saying why there is none yet.
   */
  textFor(quantity: number | null, accounts?: readonly TradingAccount[] | null): string {
    if (this.error !== null) {
      return `Could not load the account tiers: ${this.error}`;
    }
    const targets = accounts === undefined ? this.activeAccounts : accounts;
    if (this.multipliers === null || targets === null) {
      return "Loading the account tiers…";
    }
    if (quantity === null) {
      return `Enter a whole number of ${this.unit}s`;
    }
    if (accounts === undefined && targets.length === 0) {
      const waiting = this.accounts?.filter((account) => account.accountTradingActive).length ?? 0;
      if (waiting > 0) {
        return awaitingAuthorizationText(waiting);
      }
    }
    return tierPreviewText(tierPreview(this.multipliers, targets, quantity), this.unit);
  }

  /** The known accounts among `accountIds`, or null until loaded. */
  accountsWithIds(accountIds: readonly number[]): TradingAccount[] | null {
    return this.accounts?.filter((account) => accountIds.includes(account.accountId)) ?? null;
  }
}
