// The "Add new Trading Account" dialog: its open flag, its form, and linking the account.
import { makeAutoObservable, runInAction } from "mobx";
import { AccountPaths } from "../shared/accounts/accountPaths";
import { reasonOf } from "../shared/api/describeError";
import { answerText, stringField } from "../shared/api/json";
import { AccountMessages } from "./AccountMessages";
import { DEFAULT_ACCOUNT_TYPE, type AccountType } from "../shared/accounts/AccountType";
import { failed, failedWith, succeeded, type Outcome } from "../shared/stores/Outcome";
import type { StoreDeps } from "../shared/shell/StoreDeps";

/** The text fields of the add-account form, by their labels. */
export type AddAccountField = "Name" | "Account Username" | "Account Password";

/**
 * State of the add-account dialog. The form keeps what was typed while the dialog is open (so a refused
 * attempt can be corrected) and is emptied when the dialog closes or the account was added.
 */
export class AddAccountDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** Name field. */
  accountName = "";
  /** Account Username field. */
  accountUsername = "";
  /** Account Password field (masked on screen). */
  accountPassword = "";
  /** Account Type choice. */
  accountType: AccountType = DEFAULT_ACCOUNT_TYPE;
  /** True while the account is being linked: a spinner replaces the form. */
  pending = false;
  /** True once a submit was tried: the fields show their problems from then on. */
  checked = false;

  private readonly deps: StoreDeps;
  private readonly reloadAccounts: () => Promise<void>;

  /**
   * @param deps The root store (API client).
   * @param reloadAccounts Reloads the account list after an account was added.
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

  /** Opens the dialog with an empty form. */
  open(): void {
    this.clearForm();
    this.isOpen = true;
  }

  /** Closes the dialog (CANCEL, backdrop) and forgets the form; ignored while submitting. */
  close(): void {
    if (this.pending) {
      return;
    }
    this.isOpen = false;
    this.clearForm();
  }

  /** Sets the Name field. */
  setAccountName(value: string): void {
    this.accountName = value;
  }

  /** Sets the Account Username field. */
  setAccountUsername(value: string): void {
    this.accountUsername = value;
  }

  /** Sets the Account Password field. */
  setAccountPassword(value: string): void {
    this.accountPassword = value;
  }

  /** Sets the Account Type choice. */
  setAccountType(value: AccountType): void {
    this.accountType = value;
  }

  /** What is wrong with each text field, by label; a field absent is fine. */
  get problems(): Partial<Record<AddAccountField, string>> {
    const problems: Partial<Record<AddAccountField, string>> = {};
    for (const [field, value] of [
      ["Name", this.accountName],
      ["Account Username", this.accountUsername],
      ["Account Password", this.accountPassword],
    ] as const) {
      if (value.trim() === "") {
        problems[field] = `${field} is required`;
      }
    }
    return problems;
  }

  /** The mark shown under `field`: its problem once a submit was tried. */
  problemOf(field: AddAccountField): string | undefined {
    return this.checked ? this.problems[field] : undefined;
  }

  /**
   * Links the account. An answer naming the account is a success: the dialog closes and the list reloads.
   * An answer without one is "Account added failed." with the server's text; a failed request is
   * "Login failed." with the reason. The form stays for another try. An empty field is marked, and nothing is
   * sent.
   */
  async submit(): Promise<Outcome> {
    if (this.pending) {
      return failed(AccountMessages.addRequestFailed);
    }
    this.checked = true;
    const problem = Object.values(this.problems)[0];
    if (problem !== undefined) {
      return failedWith(AccountMessages.addRequestFailed, problem);
    }
    this.pending = true;
    const payload = {
      accountName: this.accountName,
      accountUsername: this.accountUsername,
      accountPassword: this.accountPassword,
      accountType: this.accountType,
    };
    let outcome: Outcome;
    try {
      const answer = await this.deps.api.post(AccountPaths.login, payload);
      outcome =
        stringField(answer, "accountName") !== null
          ? succeeded(AccountMessages.addSucceeded)
          : failedWith(AccountMessages.addRefused, answerText(answer));
    } catch (error) {
      console.error("Adding the account failed", error);
      outcome = failedWith(AccountMessages.addRequestFailed, reasonOf(error));
    }
    runInAction(() => {
      this.pending = false;
      if (outcome.ok) {
        this.close();
      }
    });
    if (outcome.ok) {
      await this.reloadAccounts();
    }
    return outcome;
  }

  private clearForm(): void {
    this.checked = false;
    this.accountName = "";
    this.accountUsername = "";
    this.accountPassword = "";
    this.accountType = DEFAULT_ACCOUNT_TYPE;
  }
}
