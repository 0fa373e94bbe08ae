// The "Sizing and limits" dialog of one account: its form, the checks before sending, and saving what changed.
import { makeAutoObservable, observable, runInAction } from "mobx";
import { AccountPaths } from "../../shared/accounts/accountPaths";
import {
  parseAccountLimits,
  type AccountLimits,
  type BelowOne,
  type OpenClose,
  type SizingMethod,
} from "../../shared/accounts/AccountLimits";
import { isRefusal, reasonOf } from "../../shared/api/describeError";
import { NOT_SENT, failedWith, succeeded, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import {
  changeBody,
  draftOf,
  fieldNamedBy,
  numberInput,
  readDraft,
  type GuardTextField,
  type LimitsDraft,
  type LimitsField,
} from "./limitsForm";

/** The toast of a saved form. */
export function savedMessage(accountName: string): string {
  return `Sizing and limits saved for ${accountName}`;
}

/** The toast of a form not saved, before its reason. */
export function notSavedMessage(accountName: string): string {
  return `Sizing and limits not saved for ${accountName}:`;
}

/**
 * State of the dialog setting one account's sizing and guards. The form starts as stored; a field is checked with
 * the server's bounds as soon as it is edited (every field once Save was pressed), and a save sends only what
 * changed. A field the server's 400 names is marked with its message until it is edited again.
 */
export class LimitsDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** True while the save is in flight. */
  pending = false;
  /** The account's limits as stored when the dialog opened (or as the last save answered). */
  account: AccountLimits | null = null;
  /** The form as typed. */
  draft: LimitsDraft | null = null;
  /** True once Save was pressed: every field shows its problem. */
  checked = false;
  /** Fields edited since the dialog opened: each shows its problem at once. */
  readonly touched = observable.set<LimitsField>();
  /** Saves refused so far (by a check before sending or by the server): the dialog shows the first marked field. */
  refusals = 0;
  /** The field the server's refusal named, with its message, until that field is edited. */
  serverProblem: { readonly field: LimitsField; readonly message: string } | null = null;

  private readonly deps: StoreDeps;
  private readonly saved: (limits: AccountLimits) => void;

  /**
   * @param deps The root store (API client).
   * @param saved Told the account's limits as the server answered a save.
   */
  constructor(deps: StoreDeps, saved: (limits: AccountLimits) => void) {
    this.deps = deps;
    this.saved = saved;
    makeAutoObservable<this, "deps" | "saved">(this, { deps: false, saved: false }, { autoBind: true });
  }

  /** Opens the dialog with the form filled from `limits`. */
  open(limits: AccountLimits): void {
    this.account = limits;
    this.draft = draftOf(limits);
    this.checked = false;
    this.touched.clear();
    this.serverProblem = null;
    this.isOpen = true;
  }

  /** Closes the dialog; ignored while saving. The form stays shown while the dialog fades out. */
  close(): void {
    if (this.pending) {
      return;
    }
    this.isOpen = false;
  }

  /**
   * Chooses the sizing method. The value field shows the stored value when going back to the stored method, and
   * starts empty for another (a number of units is no factor).
   */
  setMethod(method: SizingMethod): void {
    if (this.draft === null || this.account === null) {
      return;
    }
    const value = method === this.account.sizing.method ? numberInput(this.account.sizing.value) : "";
    this.draft = { ...this.draft, method, value };
    this.edited("method");
    this.touched.delete("value");
  }

  /** Sets the typed sizing value. */
  setValue(value: string): void {
    this.update("value", { value });
  }

  /** Chooses what a quantity below one unit does. */
  setBelowOne(belowOne: BelowOne): void {
    this.update("belowOne", { belowOne });
  }

  /** Chooses which orders the account takes. */
  setOpenClose(openClose: OpenClose): void {
    this.update("openClose", { openClose });
  }

  /** Sets a guard typed as text. */
  setGuardText(field: GuardTextField, text: string): void {
    this.update(field, { [field]: text });
  }

  /** The form read with the server's bounds; null while closed. */
  get read(): ReturnType<typeof readDraft> | null {
    return this.draft === null ? null : readDraft(this.draft);
  }

  /** The body a save would send: only what changed; null when nothing did or a field is wrong. */
  get body(): Record<string, unknown> | null {
    const read = this.read;
    if (read === null || !read.ok || this.account === null) {
      return null;
    }
    return changeBody(this.account, read.sizing, read.guards);
  }

  /** True when Save has something to do: a change to send, or a wrong field to mark. */
  get canSave(): boolean {
    const read = this.read;
    return read !== null && (!read.ok || this.body !== null);
  }

  /** The mark under `field`: the server's message naming it, else its problem once edited or Save was pressed. */
  problemOf(field: LimitsField): string | undefined {
    if (this.serverProblem?.field === field) {
      return this.serverProblem.message;
    }
    const read = this.read;
    if (read === null || read.ok || !(this.checked || this.touched.has(field))) {
      return undefined;
    }
    return read.problems[field];
  }

  /**
   * Saves what changed with `PUT /trading_account/limits`. A wrong field is marked and nothing is sent; a 400
   * marks the field it names; either way the dialog stays open for a correction. The answer is the account's
   * limits as stored: the list shows them and the dialog closes. Nothing changed: nothing is sent.
   */
  async save(): Promise<Outcome> {
    const account = this.account;
    const read = this.read;
    if (this.pending || account === null || read === null) {
      return NOT_SENT;
    }
    this.checked = true;
    if (!read.ok) {
      this.refusals += 1;
      const problem = Object.values(read.problems)[0];
      return failedWith(notSavedMessage(account.accountName), problem);
    }
    const body = changeBody(account, read.sizing, read.guards);
    if (body === null) {
      return NOT_SENT;
    }
    this.pending = true;
    this.serverProblem = null;
    let outcome: Outcome;
    let stored: AccountLimits | null = null;
    let named: LimitsField | null = null;
    let reason: string | null = null;
    try {
      stored = parseAccountLimits(await this.deps.api.put(AccountPaths.limits, body));
      outcome = succeeded(savedMessage(stored.accountName));
    } catch (error) {
      console.error("Saving the sizing and limits failed", error);
      reason = reasonOf(error);
      named = isRefusal(error) && reason !== null ? fieldNamedBy(reason) : null;
      outcome = failedWith(notSavedMessage(account.accountName), reason);
    }
    runInAction(() => {
      this.pending = false;
      if (stored !== null) {
        this.saved(stored);
        this.close();
      } else if (named !== null) {
        this.serverProblem = { field: named, message: reason ?? "" };
        this.refusals += 1;
      }
    });
    return outcome;
  }

  private update(field: LimitsField, change: Partial<LimitsDraft>): void {
    if (this.draft === null) {
      return;
    }
    this.draft = { ...this.draft, ...change };
    this.edited(field);
  }

  private edited(field: LimitsField): void {
    this.touched.add(field);
    if (this.serverProblem?.field === field) {
      this.serverProblem = null;
    }
  }
}
