// One account's holding of an option, and how the positions answer is read.
import { Fields } from "../../shared/api/fields";
import { isRecord } from "../../shared/api/json";
import { compareText } from "../../shared/stores/compareText";

/** An entry of `GET /copy_trading_position_account/database/COMMON`. */
export interface OptionPosition {
  /** The option symbol. */
  readonly optionChainSymbol: string;
  /** The option in words; the answer is keyed by it. */
  readonly optionChainDescription: string;
  /** Contracts held; negative means short. */
  readonly optionChainSettledQuantity: number;
  /** Average price paid or received per contract. */
  readonly optionChainAveragePrice: number;
  /** The trading account. */
  readonly accountId: number;
  /** The agent's name for the account. */
  readonly accountName: string;
  /** The brokerage login name of the account. */
  readonly accountUsername: string;
}

/** The key of one account's holding of one option: it tells the rows of the positions table apart. */
export function positionKey(position: OptionPosition): string {
  return `${position.optionChainDescription}|${position.accountId}`;
}

/**
 * Reads the positions answer (description → one entry per account holding it) into one list, ordered by
 * description, then account id.
 * @throws {Error} when the answer is not such an object or an entry is malformed.
 */
export function parseOptionPositions(value: unknown): OptionPosition[] {
  if (!isRecord(value)) {
    throw new Error("the option positions answer is not an object");
  }
  const positions: OptionPosition[] = [];
  for (const [description, entries] of Object.entries(value)) {
    if (!Array.isArray(entries)) {
      throw new Error(`the positions of ${description} are not a list`);
    }
    entries.forEach((entry, index) => {
      const fields = new Fields(entry, `position ${index} of ${description}`);
      positions.push({
        optionChainSymbol: fields.string("optionChainSymbol"),
        optionChainDescription: fields.string("optionChainDescription"),
        optionChainSettledQuantity: fields.wholeNumber("optionChainSettledQuantity"),
        optionChainAveragePrice: fields.number("optionChainAveragePrice"),
        accountId: fields.wholeNumber("accountId"),
        accountName: fields.string("accountName"),
        accountUsername: fields.string("accountUsername"),
      });
    });
  }
  return positions.sort(
    (a, b) => compareText(a.optionChainDescription, b.optionChainDescription) || a.accountId - b.accountId,
  );
}
