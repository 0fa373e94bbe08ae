// The agent's saved stock orders: the list sorted by symbol, saving and removing.
import { makeAutoObservable, runInAction } from "mobx";
import { describeError } from "../../shared/api/describeError";
import { failed, succeeded, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import type { StockOrderFields } from "../form/StockOrderForm";
import { StockMessages, withReason } from "../StockMessages";
import { SavedStockOrderPaths } from "../stockPaths";
import { parseSavedStockOrders, type SavedStockOrder } from "./SavedStockOrder";

/** The saved stock orders. */
export class SavedStockOrderStore {
  /** The saved orders, sorted by symbol. */
  orders: SavedStockOrder[] = [];
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

  /** Loads the list; a failure is only logged. */
  async load(): Promise<void> {
    try {
      const orders = parseSavedStockOrders(await this.deps.api.get(SavedStockOrderPaths.list));
      runInAction(() => {
        this.orders = orders;
        this.loaded = true;
      });
    } catch (error) {
      console.error("Loading the saved stock orders failed", error);
    }
  }

  /** Saves `fields` (symbol, instruction, order type and quantity must be filled). */
  async save(fields: StockOrderFields): Promise<Outcome> {
    if (
      fields.stockSymbol.trim() === "" ||
      fields.stockInstruction === "" ||
      fields.stockOrderType === "" ||
      !(fields.stockQuantity >= 1)
    ) {
      return failed(StockMessages.saveIncomplete);
    }
    return this.change(() => this.deps.api.post(SavedStockOrderPaths.add, fields), {
      ok: StockMessages.saveSucceeded,
      failed: StockMessages.saveFailed,
    });
  }

  /** Removes the saved order of `stockSymbol`. */
  async remove(stockSymbol: string): Promise<Outcome> {
    return this.change(() => this.deps.api.delete(SavedStockOrderPaths.remove, { stockSymbol }), {
      ok: StockMessages.removeSavedSucceeded,
      failed: StockMessages.removeSavedFailed,
    });
  }

  /** Forgets the list (another agent signed in). */
  reset(): void {
    this.orders = [];
    this.loaded = false;
  }

  private async change(send: () => Promise<unknown>, texts: { ok: string; failed: string }): Promise<Outcome> {
    if (this.pending) {
      return failed(texts.failed);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const orders = parseSavedStockOrders(await send());
      runInAction(() => {
        this.orders = orders;
      });
      outcome = succeeded(texts.ok);
    } catch (error) {
      console.error("Changing the saved stock orders failed", error);
      outcome = failed(withReason(texts.failed, describeError(error)));
    }
    runInAction(() => {
      this.pending = false;
    });
    return outcome;
  }
}
