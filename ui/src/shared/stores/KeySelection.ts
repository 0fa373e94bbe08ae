// A set of chosen items held by key, so a choice survives the item being re-read from the server.
import { makeAutoObservable, observable } from "mobx";

/** Which items are chosen (ticked), remembered by each item's key. */
export class KeySelection<T> {
  /** Keys of the chosen items. */
  readonly keys = observable.set<string>();
  private readonly keyOf: (item: T) => string;

  /** @param keyOf The key that names an item across polls. */
  constructor(keyOf: (item: T) => string) {
    this.keyOf = keyOf;
    makeAutoObservable<this, "keyOf">(this, { keys: false, keyOf: false }, { autoBind: true });
  }

  /** Whether `item` is chosen. */
  has(item: T): boolean {
    return this.keys.has(this.keyOf(item));
  }

  /** Chooses `item`, or lets it go. */
  set(item: T, chosen: boolean): void {
    if (chosen) {
      this.keys.add(this.keyOf(item));
    } else {
      this.keys.delete(this.keyOf(item));
    }
  }

  /** The chosen items among `items`, in their order. */
  pick(items: readonly T[]): T[] {
    return items.filter((item) => this.has(item));
  }

  /** Lets every item go. */
  clear(): void {
    this.keys.clear();
  }

  /** Lets go of every chosen item that `items` no longer holds. */
  retainOnly(items: readonly T[]): void {
    const held = new Set(items.map(this.keyOf));
    for (const key of Array.from(this.keys)) {
      if (!held.has(key)) {
        this.keys.delete(key);
      }
    }
  }
}
