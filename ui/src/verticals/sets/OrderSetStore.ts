// The agent's saved order sets: loading, saving a set of legs under a name, and deleting one after confirmation.
import { makeAutoObservable, runInAction } from "mobx";
import { describeError } from "../../shared/api/describeError";
import { failed, succeeded, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import type { OrderLeg } from "../OrderLeg";
import { VerticalMessages, withReason } from "../VerticalMessages";
import { OrderSetPaths } from "../verticalPaths";
import { parseOrderSets, type OrderSet } from "./OrderSet";

/** The saved sets list (Set Name, Actions, Delete) and its delete confirmation. */
export class OrderSetStore {
  /** The sets, in the server's order (by name). */
  sets: OrderSet[] = [];
  /** True once loaded. */
  loaded = false;
  /** True while a save or delete is in flight. */
  pending = false;
  /** The set whose deletion is being confirmed, or null. */
  deleteName: string | null = null;

  private readonly deps: StoreDeps;

  /** @param deps The root store (API client). */
  constructor(deps: StoreDeps) {
    this.deps = deps;
    makeAutoObservable<this, "deps">(this, { deps: false }, { autoBind: true });
  }

  /** Loads the sets; a failure is only logged. */
  async load(): Promise<void> {
    try {
      const sets = parseOrderSets(await this.deps.api.get(OrderSetPaths.list));
      runInAction(() => {
        this.sets = sets;
        this.loaded = true;
      });
    } catch (error) {
      console.error("Loading the order sets failed", error);
    }
  }

  /** Saves `legs` as the set `setName` (legs sent as JSON text); the answer's list replaces the shown one. */
  async save(setName: string, legs: readonly OrderLeg[]): Promise<Outcome> {
    if (this.pending) {
      return failed(VerticalMessages.setSaveFailed);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const answer = await this.deps.api.post(OrderSetPaths.add, { setName, orderLegs: JSON.stringify(legs) });
      const sets = parseOrderSets(answer);
      runInAction(() => {
        this.sets = sets;
      });
      outcome = succeeded(VerticalMessages.setSaved);
    } catch (error) {
      console.error("Saving the order set failed", error);
      outcome = failed(withReason(VerticalMessages.setSaveFailed, describeError(error)));
    }
    runInAction(() => {
      this.pending = false;
    });
    return outcome;
  }

  /** Delete on a set: asks for confirmation. */
  askDelete(setName: string): void {
    if (!this.pending) {
      this.deleteName = setName;
    }
  }

  /** Closes the confirmation; ignored while deleting. */
  cancelDelete(): void {
    if (!this.pending) {
      this.deleteName = null;
    }
  }

  /** Deletes the set being confirmed; the answer's list replaces the shown one. */
  async confirmDelete(): Promise<Outcome> {
    const setName = this.deleteName;
    if (setName === null || this.pending) {
      return failed(VerticalMessages.setDeleteFailed);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const sets = parseOrderSets(await this.deps.api.delete(OrderSetPaths.remove, { setName }));
      runInAction(() => {
        this.sets = sets;
      });
      outcome = succeeded(VerticalMessages.setDeleted);
    } catch (error) {
      console.error("Deleting the order set failed", error);
      outcome = failed(withReason(VerticalMessages.setDeleteFailed, describeError(error)));
    }
    runInAction(() => {
      this.pending = false;
      if (outcome.ok) {
        this.deleteName = null;
      }
    });
    return outcome;
  }

  /** Forgets the previous agent's sets. */
  reset(): void {
    this.sets = [];
    this.loaded = false;
    this.deleteName = null;
  }
}
