// The place dialogs' optional "Split a total": one total split equally over the accounts instead of sized per account.
import { makeAutoObservable } from "mobx";
import { plainNumberText } from "./numberText";

/** The field's label. */
export const SPLIT_TOTAL_LABEL = "Split a total";

/** The largest total the server splits. */
export const MAX_SPLIT_TOTAL = 1_000_000;

/**
 * The "Split a total" field of a place dialog: empty (each account sized by its own profile) or a whole number
 * from 1 to 1,000,000, sent as `splitTotal` (the quantity field is then not used).
 */
export class SplitTotal {
  /** The field as typed. */
  text = "";

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The total when one is typed and valid, else null. */
  get total(): number | null {
    const plain = plainNumberText(this.text);
    if (!/^\d+$/.test(plain)) {
      return null;
    }
    const total = Number(plain);
    return total >= 1 && total <= MAX_SPLIT_TOTAL ? total : null;
  }

  /** True when something is typed: the total is split and the quantity is not used. */
  get active(): boolean {
    return this.text.trim() !== "";
  }

  /** What is wrong with what is typed, as shown under the field, or null (nothing typed is fine). */
  get problem(): string | null {
    return this.active && this.total === null ? "Must be a whole number between 1 and 1,000,000, or empty" : null;
  }

  /** The body's `splitTotal` when a valid total is typed, else nothing. */
  payload(): { splitTotal?: number } {
    const total = this.total;
    return total === null ? {} : { splitTotal: total };
  }

  /** Sets what is typed. */
  setText(value: string): void {
    this.text = value;
  }

  /** Empties the field. */
  reset(): void {
    this.text = "";
  }
}
