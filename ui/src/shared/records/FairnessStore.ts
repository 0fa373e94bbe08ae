// The fairness dialog of a session: which session is shown and its record as last loaded.
import { makeAutoObservable, runInAction } from "mobx";
import type { ApiClient } from "../api/ApiClient";
import { describeError } from "../api/describeError";
import { parseFairness, type FairnessRecord } from "./Fairness";

/** What the store needs of the root. */
export interface FairnessDeps {
  readonly api: ApiClient;
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

  /** @param root The root store (its API client). */
  constructor(root: FairnessDeps) {
    this.root = root;
    makeAutoObservable<this, "root">(this, { root: false }, { autoBind: true });
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

  /** Closes the dialog. */
  close(): void {
    this.sessionId = null;
    this.record = null;
    this.error = null;
  }

  /** Loads (again) the shown session's record. */
  async load(): Promise<void> {
    const sessionId = this.sessionId;
    if (sessionId === null) {
      return;
    }
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
  }
}
