// The option contract list (favourite tickers) as the server sends it.
import { isRecord } from "../../shared/api/json";

/**
 * Reads the option contract list: either the list of tickers itself or a `{success, list}` answer.
 * @throws {Error} when there is no list of strings.
 */
export function parseContractList(value: unknown): string[] {
  const list = isRecord(value) ? value.list : value;
  if (!Array.isArray(list) || !list.every((entry): entry is string => typeof entry === "string")) {
    throw new Error("the option contract answer has no list of tickers");
  }
  return list;
}
