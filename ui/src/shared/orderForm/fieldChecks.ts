// The checks an order form makes before sending: quantity, price and ticker, each with the text shown under the field.
import { plainNumberText, wholeNumberOf } from "./numberText";

/** A field the form could not send, and why. */
export interface FieldProblem {
  /** The field's label as the form shows it, e.g. `Option Contract Total`. */
  readonly label: string;
  /** What is wrong, as shown under the field, e.g. `Must be a whole number of at least 1`. */
  readonly helper: string;
}

/** The sentence naming the field, e.g. `Quantity must be a whole number of at least 1`. */
export function problemSentence(problem: FieldProblem): string {
  return `${problem.label} ${problem.helper.charAt(0).toLowerCase()}${problem.helper.slice(1)}`;
}

/** Why `text` is not a quantity (a whole number of at least 1, thousands separators allowed), or null when it is one. */
export function quantityProblem(text: string): string | null {
  return wholeNumberOf(text) === null ? "Must be a whole number of at least 1" : null;
}

/**
 * Why `text` is not a price (a number of at least 0 in steps of 0.01, thousands separators allowed), or null
 * when it is one. A LIMIT order's price must also be more than 0.
 */
export function priceProblem(text: string, limit: boolean): string | null {
  const trimmed = plainNumberText(text);
  const aboveZero = "Must be more than 0 for a LIMIT order";
  if (trimmed === "") {
    return limit ? aboveZero : null;
  }
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) {
    return "Must be a number of at least 0";
  }
  if (/\.\d{3,}$/.test(trimmed) && !/\.\d{2}0+$/.test(trimmed)) {
    return "Must be in steps of 0.01";
  }
  return limit && Number(trimmed) <= 0 ? aboveZero : null;
}

/** The shape of a ticker: a letter, then up to 9 letters, digits, `.`, `/` or `-` (e.g. `BRK.B`). */
const TICKER = /^[A-Z][A-Z0-9./-]{0,9}$/;

/** Why `text` (upper-cased) is not a ticker, or null when it could be one; an empty text is not checked here. */
export function tickerProblem(text: string): string | null {
  const trimmed = text.trim().toUpperCase();
  if (trimmed === "" || TICKER.test(trimmed)) {
    return null;
  }
  return "Must be a ticker: a letter, then up to 9 letters, digits, '.', '/' or '-'";
}
