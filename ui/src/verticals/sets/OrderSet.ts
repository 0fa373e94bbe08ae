// A saved order set (a name and its legs) and how the sets answer is read.
import { Fields } from "../../shared/api/fields";
import { isRecord } from "../../shared/api/json";
import { parseLegsText, type OrderLeg } from "../OrderLeg";

/** An entry of the saved sets list. */
export interface OrderSet {
  /** The set's name (unique per agent). */
  readonly setName: string;
  /** The legs, read from the saved JSON text (none when it does not parse). */
  readonly legs: readonly OrderLeg[];
}

/**
 * Reads `{success, list: [{setName, orderLegs}]}`.
 * @throws {Error} when the answer is not such an object or an entry is malformed.
 */
export function parseOrderSets(value: unknown): OrderSet[] {
  if (!isRecord(value) || !Array.isArray(value.list)) {
    throw new Error("the order sets answer has no list");
  }
  return value.list.map((entry, index) => {
    const fields = new Fields(entry, `order set ${index}`);
    return { setName: fields.string("setName"), legs: parseLegsText(fields.string("orderLegs")) };
  });
}
