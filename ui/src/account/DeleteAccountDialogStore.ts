// The delete confirmation dialog: its open flag, the account it names, and deleting that account.
import { makeAutoObservable } from "mobx";
import { AccountPaths } from "../shared/accounts/accountPaths";
import { AccountMessages } from "./AccountMessages";
import { sendFromDialog } from "../shared/stores/DialogRequest";
import { failed, failedWith, succeeded, type Outcome } from "../shared/stores/Outcome";
import { answerText } from "../shared/api/json";
import type { StoreDeps } from "../shared/shell/StoreDeps";
import type { TradingAccount } from "../shared/accounts/TradingAccount";

/** The answer text of a successful deletion. */
const SUCCESS_TEXT = "success";

/** State of the delete-account confirmation. */
export class DeleteAccountDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** Name of the account to delete. */
  accountName = "";
  /** True while the deletion is in flight. */
  pending = false;

  private readonly deps: StoreDeps;
  private readonly reloadAccounts: () => Promise<void>;

  /**
   * @param deps The root store (API client).
   * @param reloadAccounts Reloads the account list after a deletion.
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

  /** Asks about deleting `account`. */
  open(account: TradingAccount): void {
    if (this.pending) {
      return;
    }
    this.accountName = account.accountName;
    this.isOpen = true;
  }

  /** Closes the dialog without deleting (CANCEL, backdrop); ignored while deleting. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /**
   * Deletes the account. Only the answer `success` counts: the dialog closes and the list reloads. Any
   * other answer or error is "Account deleted failed" with the reason, and the dialog stays open.
   */
  async confirm(): Promise<Outcome> {
    if (this.pending) {
      return failed(AccountMessages.deleteFailed);
    }
    const result = await sendFromDialog(this, {
      send: () => this.deps.api.post(AccountPaths.deleteAccount, { accountName: this.accountName }),
      accepted: (answer) => typeof answer === "string" && answer.trim() === SUCCESS_TEXT,
      refusalReason: answerText,
      logs: { refused: "Deleting the account was refused", failed: "Deleting the account failed" },
    });
    if (!result.ok) {
      return failedWith(AccountMessages.deleteFailed, result.reason);
    }
    await this.reloadAccounts();
    return succeeded(AccountMessages.deleteSucceeded);
  }
}
