// The operator view of the Account screen: per-account limits and health, the read limit and tier multipliers.
import { makeAutoObservable, observable, runInAction } from "mobx";
import { OperatorPaths } from "../../shared/accounts/accountPaths";
import { reasonOf } from "../../shared/api/describeError";
import { AccountMessages } from "../AccountMessages";
import { ACCOUNT_TYPES } from "../../shared/accounts/AccountType";
import { mergeById } from "../../shared/stores/mergeById";
import { parseOperatorAccounts, type OperatorAccount } from "./OperatorAccount";
import { parseReadBudget, type ReadBudget } from "./ReadBudget";
import { parseOperatorSettings, type OperatorSettings, type OperatorSettingsField } from "../../shared/accounts/OperatorSettings";
import type { FanOutMode } from "../../shared/preflight/FanOutMode";
import { failed, failedWith, succeeded, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";

/** The answer text of a saved write limit. */
const SUCCESS_TEXT = "success";

/** The whole number typed in `draft`, or null when it is not one. */
function wholeNumber(draft: string): number | null {
  const trimmed = draft.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** The API's name of a settings field, for messages. */
/** The label each settings field has in the form. */
export const SETTINGS_LABELS: Readonly<Record<OperatorSettingsField, string>> = {
  readLimitPerMinute: "Read limit per minute",
  small_account: "Small multiplier",
  medium_account: "Medium multiplier",
  big_account: "Big multiplier",
};

/**
 * Limits and health per account (polled with the account list) and the agent's operator settings. Typed
 * values are kept as drafts until saved, so the 1-second poll never overwrites what the agent is typing.
 */
export class OperatorStore {
  /** Operator-view entries by accountId. */
  readonly byId = observable.map<number, OperatorAccount>();
  /** The settings, or null until loaded. */
  settings: OperatorSettings | null = null;
  /** Typed but unsaved write limits by accountId. */
  readonly writeLimitDrafts = observable.map<number, string>();
  /** Typed but unsaved settings fields. */
  readonly settingsDrafts = observable.map<OperatorSettingsField, string>();
  /** Accounts whose write limit is being saved. */
  readonly writeLimitSaving = observable.set<number>();
  /** True while the settings are being saved. */
  settingsSaving = false;
  /** True while the default fan-out mode is being saved. */
  fanOutModeSaving = false;
  /** When the operator view shown was loaded (ms since the epoch), or null before the first load. */
  loadedAt: number | null = null;
  /** How the application's read budget is used, or null until loaded (only while the Operator panel is shown). */
  readBudget: ReadBudget | null = null;

  private readonly deps: StoreDeps;
  private loadsStarted = 0;
  private loadShown = 0;

  /** @param deps The root store (API client). */
  constructor(deps: StoreDeps) {
    this.deps = deps;
    makeAutoObservable<this, "deps" | "loadsStarted" | "loadShown">(
      this,
      { deps: false, loadsStarted: false, loadShown: false },
      { autoBind: true },
    );
  }

  /** How the read budget is used, summed over the accounts shown; null before both loads. */
  get readUse(): { readsLastMinute: number; readLimitPerMinute: number; streaming: number; polled: number } | null {
    if (this.settings === null || this.loadedAt === null) {
      return null;
    }
    const accounts = Array.from(this.byId.values());
    const streaming = accounts.filter((a) => a.streamState === "connected").length;
    return {
      readsLastMinute: accounts.reduce((sum, a) => sum + a.readsLastMinute, 0),
      readLimitPerMinute: this.settings.readLimitPerMinute,
      streaming,
      polled: accounts.length - streaming,
    };
  }

  /** The entries in accountId order. */
  get sortedAccounts(): OperatorAccount[] {
    return Array.from(this.byId.values()).sort((a, b) => a.accountId - b.accountId);
  }

  /**
   * Loads the operator view of every account.
   * @throws {ApiError} when the call fails; {@link Error} when the answer is malformed.
   */
  async loadAccounts(): Promise<void> {
    this.loadsStarted += 1;
    const request = this.loadsStarted;
    const accounts = parseOperatorAccounts(await this.deps.api.get(OperatorPaths.accounts));
    runInAction(() => {
      if (request < this.loadShown) {
        return;
      }
      this.loadShown = request;
      mergeById(this.byId, accounts, (account) => account.accountId);
      this.loadedAt = this.deps.env.now();
    });
  }

  /**
   * Loads how the application's read budget is used (the Operator panel polls it while shown).
   * @throws {ApiError} when the call fails; {@link Error} when the answer is malformed.
   */
  async loadReadBudget(): Promise<void> {
    const budget = parseReadBudget(await this.deps.api.get(OperatorPaths.readBudget));
    runInAction(() => {
      this.readBudget = budget;
    });
  }

  /** Loads the settings; a failure is only logged. */
  async loadSettings(): Promise<void> {
    try {
      const settings = parseOperatorSettings(await this.deps.api.get(OperatorPaths.settings));
      runInAction(() => {
        this.settings = settings;
      });
    } catch (error) {
      console.error("Loading the operator settings failed", error);
    }
  }

  /** Forgets everything (another agent signed in, or nobody). */
  reset(): void {
    this.byId.clear();
    this.settings = null;
    this.loadedAt = null;
    this.readBudget = null;
    this.writeLimitDrafts.clear();
    this.settingsDrafts.clear();
    this.loadShown = this.loadsStarted + 1;
  }

  /** The write limit to show in `account`'s input: the draft, else the server's value. */
  writeLimitInput(account: OperatorAccount): string {
    return this.writeLimitDrafts.get(account.accountId) ?? String(account.writeLimitPerMinute);
  }

  /** Records what was typed as `account`'s write limit. */
  setWriteLimitDraft(account: OperatorAccount, value: string): void {
    this.writeLimitDrafts.set(account.accountId, value);
  }

  /**
   * Saves `account`'s typed write limit. The server accepts 1 to 120 and answers `success`; on success the
   * draft is dropped and the view reloaded, on failure the draft stays so it can be corrected.
   */
  async saveWriteLimit(account: OperatorAccount): Promise<Outcome> {
    const id = account.accountId;
    const limit = wholeNumber(this.writeLimitInput(account));
    if (limit === null) {
      return failedWith(AccountMessages.writeLimitNotSaved, "Write limit per minute must be a whole number");
    }
    if (this.writeLimitSaving.has(id)) {
      return failed(AccountMessages.writeLimitNotSaved);
    }
    this.writeLimitSaving.add(id);
    let outcome: Outcome;
    try {
      const answer = await this.deps.api.post(OperatorPaths.accountWriteLimit, {
        accountUsername: account.accountUsername,
        writeLimitPerMinute: limit,
      });
      outcome =
        typeof answer === "string" && answer.trim() === SUCCESS_TEXT
          ? succeeded(AccountMessages.writeLimitSaved)
          : failed(AccountMessages.writeLimitNotSaved);
    } catch (error) {
      console.error("Saving the write limit failed", error);
      outcome = failedWith(AccountMessages.writeLimitNotSaved, reasonOf(error));
    }
    runInAction(() => {
      this.writeLimitSaving.delete(id);
      if (outcome.ok) {
        this.writeLimitDrafts.delete(id);
      }
    });
    if (outcome.ok) {
      try {
        await this.loadAccounts();
      } catch (error) {
        console.error("Reloading the operator view failed", error);
      }
    }
    return outcome;
  }

  /** The value to show in a settings input: the draft, else the loaded value, else empty. */
  settingsInput(field: OperatorSettingsField): string {
    const draft = this.settingsDrafts.get(field);
    if (draft !== undefined) {
      return draft;
    }
    if (this.settings === null) {
      return "";
    }
    return String(
      field === "readLimitPerMinute" ? this.settings.readLimitPerMinute : this.settings.tierMultipliers[field],
    );
  }

  /** Records what was typed in a settings input. */
  setSettingsDraft(field: OperatorSettingsField, value: string): void {
    this.settingsDrafts.set(field, value);
  }

  /**
   * Saves the read limit and the tier multipliers as shown. The answer is the new settings; the drafts are
   * dropped on success and kept on failure.
   */
  async saveSettings(): Promise<Outcome> {
    if (this.settingsSaving) {
      return failed(AccountMessages.settingsNotSaved);
    }
    const fields: OperatorSettingsField[] = ["readLimitPerMinute", ...ACCOUNT_TYPES.map((type) => type.value)];
    const values = new Map<OperatorSettingsField, number>();
    for (const field of fields) {
      const value = wholeNumber(this.settingsInput(field));
      if (value === null) {
        return failedWith(AccountMessages.settingsNotSaved, `${SETTINGS_LABELS[field]} must be a whole number`);
      }
      values.set(field, value);
    }
    this.settingsSaving = true;
    let outcome: Outcome;
    let saved: OperatorSettings | null = null;
    try {
      saved = parseOperatorSettings(
        await this.deps.api.post(OperatorPaths.settings, {
          readLimitPerMinute: values.get("readLimitPerMinute"),
          tierMultipliers: {
            small_account: values.get("small_account"),
            medium_account: values.get("medium_account"),
            big_account: values.get("big_account"),
          },
        }),
      );
      outcome = succeeded(AccountMessages.settingsSaved);
    } catch (error) {
      console.error("Saving the operator settings failed", error);
      outcome = failedWith(AccountMessages.settingsNotSaved, reasonOf(error));
    }
    runInAction(() => {
      this.settingsSaving = false;
      if (saved !== null) {
        this.settings = saved;
        this.settingsDrafts.clear();
      }
    });
    return outcome;
  }

  /**
   * Saves the default fan-out mode at once (the other settings are left as they are). The answer is the new
   * settings.
   */
  async saveDefaultFanOutMode(mode: FanOutMode): Promise<Outcome> {
    if (this.fanOutModeSaving) {
      return failed(AccountMessages.settingsNotSaved);
    }
    this.fanOutModeSaving = true;
    let outcome: Outcome;
    let saved: OperatorSettings | null = null;
    try {
      saved = parseOperatorSettings(await this.deps.api.post(OperatorPaths.settings, { defaultFanOutMode: mode }));
      outcome = succeeded(AccountMessages.settingsSaved);
    } catch (error) {
      console.error("Saving the default fan-out mode failed", error);
      outcome = failedWith(AccountMessages.settingsNotSaved, reasonOf(error));
    }
    runInAction(() => {
      this.fanOutModeSaving = false;
      if (saved !== null && this.settings !== null) {
        this.settings = { ...this.settings, defaultFanOutMode: saved.defaultFanOutMode };
      } else if (saved !== null) {
        this.settings = saved;
      }
    });
    return outcome;
  }
}
