// A saved single-leg option order, and how the saved-order answers are read.
import { Fields } from "../../shared/api/fields";
import { isRecord } from "../../shared/api/json";

/** A reusable order the agent saved from the place dialog. */
export interface SavedOptionOrder {
  /** The option symbol; saved orders are keyed by it. */
  readonly optionChainSymbol: string;
  /** The option in words; ` C` marks a call, ` P` a put. */
  readonly optionChainDescription: string;
  /** The instruction. */
  readonly optionChainInstruction: string;
  /** LIMIT or MARKET. */
  readonly optionChainOrderType: string;
  /** Contracts, as text for the form. */
  readonly optionChainQuantity: string;
  /** Price, as text for the form. */
  readonly optionChainPrice: string;
}

/**
 * Reads a saved-order list: either the list itself or the `{success, list}` answer of the saved-order calls.
 * @throws {Error} when there is no list or an entry is malformed.
 */
export function parseSavedOptionOrders(value: unknown): SavedOptionOrder[] {
  const list = isRecord(value) ? value.list : value;
  if (!Array.isArray(list)) {
    throw new Error("the saved option order answer has no list");
  }
  return list.map((entry, index) => {
    const fields = new Fields(entry, `saved order ${index}`);
    return {
      optionChainSymbol: fields.string("optionChainSymbol"),
      optionChainDescription: fields.string("optionChainDescription"),
      optionChainInstruction: fields.string("optionChainInstruction"),
      optionChainOrderType: fields.string("optionChainOrderType"),
      optionChainQuantity: fields.numericText("optionChainQuantity"),
      optionChainPrice: fields.numericText("optionChainPrice"),
    };
  });
}

/** True for a call: the description contains ` C`. */
export function isCallOrder(order: SavedOptionOrder): boolean {
  return order.optionChainDescription.includes(" C");
}

/** True for a put: the description contains ` P`. */
export function isPutOrder(order: SavedOptionOrder): boolean {
  return order.optionChainDescription.includes(" P");
}
