// The agent's saved single-leg option orders: the CALL and PUT lists, saving and removing.
import { makeAutoObservable, runInAction } from "mobx";
import { SavedOptionOrderPaths } from "../optionPaths";
import { compareText } from "../../shared/stores/compareText";
import { OptionMessages } from "../OptionMessages";
import { failed, failedWith, succeeded, type Outcome } from "../../shared/stores/Outcome";
import { reasonOf } from "../../shared/api/describeError";
import { isCallOrder, isPutOrder, parseSavedOptionOrders, type SavedOptionOrder } from "./SavedOptionOrder";
import type { StoreDeps } from "../../shared/shell/StoreDeps";

/** The body of a save: the order as the place form holds it. */
export interface SaveOrderBody {
  /** The option symbol. */
  readonly optionChainSymbol: string;
  /** The option in words. */
  readonly optionChainDescription: string;
  /** The instruction. */
  readonly optionChainInstruction: string;
  /** LIMIT or MARKET. */
  readonly optionChainOrderType: string;
  /** The quantity. */
  readonly optionChainQuantity: number | string;
  /** The price. */
  readonly optionChainPrice: number | string;
}

/** The form label of each field of a saved order. */
const SAVE_FIELD_LABELS: Readonly<Record<keyof SaveOrderBody, string>> = {
  optionChainSymbol: "Symbol",
  optionChainDescription: "Description",
  optionChainInstruction: "Instruction",
  optionChainOrderType: "Order Type",
  optionChainQuantity: "Quantity",
  optionChainPrice: "Price",
};

/** The labels of the fields of `body` that are empty, or a quantity or price of zero (spec 01 §5). */
export function incompleteSaveFields(body: SaveOrderBody): string[] {
  return (Object.keys(SAVE_FIELD_LABELS) as (keyof SaveOrderBody)[])
    .filter((key) => String(body[key]).trim() === "" || Number(body[key]) === 0)
    .map((key) => SAVE_FIELD_LABELS[key]);
}

/** True when a field of `body` is empty, or its quantity or price is zero (spec 01 §5: nothing is sent). */
export function isIncompleteSave(body: SaveOrderBody): boolean {
  return incompleteSaveFields(body).length > 0;
}

/** The saved orders, split into calls and puts for the side lists. */
export class SavedOptionOrderStore {
  /** Every saved order, in the server's order. */
  orders: SavedOptionOrder[] = [];
  /** True once loaded. */
  loaded = false;
  /** True while a save or removal is in flight. */
  pending = false;

  private readonly deps: StoreDeps;

  /** @param deps The root store (API client). */
  constructor(deps: StoreDeps) {
    this.deps = deps;
    makeAutoObservable<this, "deps">(this, { deps: false }, { autoBind: true });
  }

  /** The saved calls (descriptions containing ` C`), sorted by symbol. */
  get calls(): SavedOptionOrder[] {
    return this.sorted(this.orders.filter(isCallOrder));
  }

  /** The saved puts (descriptions containing ` P`), sorted by symbol. */
  get puts(): SavedOptionOrder[] {
    return this.sorted(this.orders.filter(isPutOrder));
  }

  /** Loads the list; a failure is only logged. */
  async load(): Promise<void> {
    try {
      const orders = parseSavedOptionOrders(await this.deps.api.get(SavedOptionOrderPaths.list));
      runInAction(() => {
        this.orders = orders;
        this.loaded = true;
      });
    } catch (error) {
      console.error("Loading the saved option orders failed", error);
    }
  }

  /**
   * Saves `body`. Every field must be filled and quantity and price must not be zero (spec 01 §5), else
   * nothing is sent.
   */
  async save(body: SaveOrderBody): Promise<Outcome> {
    if (isIncompleteSave(body)) {
      return failed(OptionMessages.saveIncomplete);
    }
    if (this.pending) {
      return failed(OptionMessages.saveFailed);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const orders = parseSavedOptionOrders(await this.deps.api.post(SavedOptionOrderPaths.add, body));
      runInAction(() => {
        this.orders = orders;
      });
      outcome = succeeded(OptionMessages.saveSucceeded);
    } catch (error) {
      console.error("Saving the option order failed", error);
      outcome = failedWith(OptionMessages.saveFailed, reasonOf(error));
    }
    runInAction(() => {
      this.pending = false;
    });
    return outcome;
  }

  /** Removes the saved order of `optionChainSymbol`. */
  async remove(optionChainSymbol: string): Promise<Outcome> {
    if (this.pending) {
      return failed(OptionMessages.removeSavedFailed);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const orders = parseSavedOptionOrders(
        await this.deps.api.delete(SavedOptionOrderPaths.remove, { optionChainSymbol }),
      );
      runInAction(() => {
        this.orders = orders;
      });
      outcome = succeeded(OptionMessages.removeSavedSucceeded);
    } catch (error) {
      console.error("Removing the saved option order failed", error);
      outcome = failedWith(OptionMessages.removeSavedFailed, reasonOf(error));
    }
    runInAction(() => {
      this.pending = false;
    });
    return outcome;
  }

  /** Forgets the list (another agent signed in, or nobody). */
  reset(): void {
    this.orders = [];
    this.loaded = false;
  }

  private sorted(orders: SavedOptionOrder[]): SavedOptionOrder[] {
    return orders.sort((a, b) => compareText(a.optionChainSymbol, b.optionChainSymbol));
  }
}
