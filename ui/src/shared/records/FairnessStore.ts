// The fairness dialog of a session: which session is shown and its record as last loaded.
import { makeAutoObservable, runInAction } from "mobx";
import type { ApiClient } from "../api/ApiClient";
import { describeError } from "../api/describeError";
import type { Environment } from "../shell/Environment";
import { parseFairness, settlingCount, type FairnessRecord } from "./Fairness";

/** How long after a load that found accounts still settling the record is loaded again. */
export const FAIRNESS_SETTLE_MS = 2000;

/** What the store needs of the root. */
export interface FairnessDeps {
  readonly api: ApiClient;
  readonly env: Pick<Environment, "scheduler">;
}

/** State of the fairness dialog: opened from a session's view on any trading screen. */
export class FairnessStore {
  /** The session shown, or null when the dialog is closed. */
  sessionId: number | null = null;
  /** The record as last loaded, or null before it arrives. */
  record: FairnessRecord | null = null;
  /** Why the last load failed, or null. */
  error: string | null = null;
  /** Whether a load is in flight. */
  loading = false;

  private readonly root: FairnessDeps;
  private cancelReload: (() => void) | null = null;

  /** @param root The root store (its API client and timers). */
  constructor(root: FairnessDeps) {
    this.root = root;
    makeAutoObservable<this, "root" | "cancelReload">(
      this,
      { root: false, cancelReload: false },
      { autoBind: true },
    );
  }

  /**
   * How many accounts of the record shown have not reported their accepted or fill times yet (0 before a record
   * arrives); while any have, the record is loaded again every {@link FAIRNESS_SETTLE_MS}.
   */
  get settling(): number {
    return this.record === null ? 0 : settlingCount(this.record);
  }

  /** Whether the dialog is open. */
  get isOpen(): boolean {
    return this.sessionId !== null;
  }

  /** Opens the dialog for `sessionId` and loads its record. */
  open(sessionId: number): Promise<void> {
    this.sessionId = sessionId;
    this.record = null;
    this.error = null;
    return this.load();
  }

  /** Closes the dialog (and stops reloading a record that was settling). */
  close(): void {
    this.stopReloading();
    this.sessionId = null;
    this.record = null;
    this.error = null;
  }

  /** Loads (again) the shown session's record; while accounts are settling, the next load is scheduled. */
  async load(): Promise<void> {
    const sessionId = this.sessionId;
    if (sessionId === null) {
      return;
    }
    this.stopReloading();
    this.loading = true;
    try {
      const record = parseFairness(await this.root.api.get(`/sessions/${sessionId}/fairness`));
      runInAction(() => {
        if (this.sessionId === sessionId) {
          this.record = record;
          this.error = null;
        }
      });
    } catch (error) {
      runInAction(() => {
        if (this.sessionId === sessionId) {
          this.error = `Failed to load the fairness record: ${describeError(error)}`;
        }
      });
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
    if (this.sessionId === sessionId && this.error === null && this.settling > 0) {
      this.cancelReload = this.root.env.scheduler(() => {
        this.cancelReload = null;
        void this.load();
      }, FAIRNESS_SETTLE_MS);
    }
  }

  private stopReloading(): void {
    this.cancelReload?.();
    this.cancelReload = null;
  }
}
