// The "Link …5678" dialog: another brokerage account of an authorized account's login, linked as a trading
// account of its own (its name and type) on that login, without signing in again.
import { makeAutoObservable } from "mobx";
import { AccountPaths } from "../shared/accounts/accountPaths";
import { DEFAULT_ACCOUNT_TYPE, type AccountType } from "../shared/accounts/AccountType";
import { answerText, stringField } from "../shared/api/json";
import { sendFromDialog } from "../shared/stores/DialogRequest";
import { failed, failedWith, succeeded, type Outcome } from "../shared/stores/Outcome";
import type { StoreDeps } from "../shared/shell/StoreDeps";
import type { TradingAccount } from "../shared/accounts/TradingAccount";
import { AccountMessages } from "./AccountMessages";

/** The form's one text field, by its label. */
export const LINK_NAME_LABEL = "Account Name";

/** State of the link dialog: the account whose login it goes through, the brokerage account, and the form. */
export class LinkLoginAccountDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** The authorized trading account whose login reaches the brokerage account. */
  sourceName = "";
  /** The brokerage account to link, as the list shows it (`…5678`). */
  brokerageAccount = "";
  /** Account Name field: the new trading account's name. */
  accountName = "";
  /** Account Type choice. */
  accountType: AccountType = DEFAULT_ACCOUNT_TYPE;
  /** True while the link is in flight. */
  pending = false;
  /** True once LINK was pressed: the name shows its problem from then on. */
  checked = false;

  private readonly deps: StoreDeps;
  private readonly reloadAccounts: () => Promise<void>;

  /**
   * @param deps The root store (API client).
   * @param reloadAccounts Reloads the account list after an account was linked.
   */
  constructor(deps: StoreDeps, reloadAccounts: () => Promise<void>) {
    this.deps = deps;
    this.reloadAccounts = reloadAccounts;
    makeAutoObservable<this, "deps" | "reloadAccounts">(
      this,
      { deps: false, reloadAccounts: false },
      { autoBind: true },
    );
  }

  /** The dialog's title, e.g. `Link …5678`. */
  get title(): string {
    return `Link ${this.brokerageAccount}`;
  }

  /** Opens the dialog for the brokerage account `shown` (`…5678`) of `source`'s login, with an empty form. */
  open(source: TradingAccount, shown: string): void {
    if (this.pending) {
      return;
    }
    this.sourceName = source.accountName;
    this.brokerageAccount = shown;
    this.accountName = "";
    this.accountType = DEFAULT_ACCOUNT_TYPE;
    this.checked = false;
    this.isOpen = true;
  }

  /** Closes the dialog without linking (CANCEL, backdrop); ignored while linking. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /** Sets the Account Name field. */
  setAccountName(value: string): void {
    this.accountName = value;
  }

  /** Sets the Account Type choice. */
  setAccountType(value: AccountType): void {
    this.accountType = value;
  }

  /** What is wrong with the Account Name field, or undefined when it is fine. */
  get nameProblem(): string | undefined {
    return this.accountName.trim() === "" ? `${LINK_NAME_LABEL} is required` : undefined;
  }

  /** The mark shown under Account Name: its problem once LINK was pressed. */
  get shownNameProblem(): string | undefined {
    return this.checked ? this.nameProblem : undefined;
  }

  /**
   * Links the account. An answer naming the new account is a success: the dialog closes and the list reloads. A
   * refusal is "Account linked failed." with the server's message, and the dialog stays for another try. An empty
   * name is marked, and nothing is sent.
   */
  async submit(): Promise<Outcome> {
    if (this.pending) {
      return failed(AccountMessages.linkFailed);
    }
    this.checked = true;
    const problem = this.nameProblem;
    if (problem !== undefined) {
      return failedWith(AccountMessages.linkFailed, problem);
    }
    const body = {
      accountName: this.sourceName,
      brokerageAccount: this.brokerageAccount,
      newAccountName: this.accountName.trim(),
      accountType: this.accountType,
    };
    const result = await sendFromDialog(this, {
      send: () => this.deps.api.post(AccountPaths.linkLoginAccount, body),
      accepted: (answer) => stringField(answer, "accountName") !== null,
      refusalReason: answerText,
      logs: { refused: "Linking the account was refused", failed: "Linking the account failed" },
    });
    if (!result.ok) {
      return failedWith(AccountMessages.linkFailed, result.reason);
    }
    await this.reloadAccounts();
    return succeeded(AccountMessages.linkSucceeded);
  }
}
