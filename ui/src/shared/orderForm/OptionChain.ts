// The option chain of one underlying and side: expiries, their strikes, and what the pickers show of them.
import { Fields } from "../api/fields";
import { isRecord } from "../api/json";

/** The contract at one strike of one expiry (the first entry of the chain's list for that strike). */
export interface ChainContract {
  /** The option in words, e.g. `AAPL 10/18/2024 230.00 C`. */
  readonly description: string;
  /** The option symbol sent with an order. */
  readonly symbol: string;
  /** The bid, the default price of a new order; null when the brokerage quotes none. */
  readonly bid: number | null;
}

/** One strike of an expiry. */
export interface ChainStrike {
  /** The strike as the chain names it, e.g. `230.0`. */
  readonly strike: string;
  /** Its contract. */
  readonly contract: ChainContract;
}

/** One expiry of the chain with its strikes, lowest first. */
export interface ChainExpiry {
  /** The chain's key, `YYYY-MM-DD:DTE`. */
  readonly key: string;
  /** What the date list shows: `DD-MM-YYYY (days)`. */
  readonly label: string;
  /** The strikes, lowest first. */
  readonly strikes: readonly ChainStrike[];
}

/**
 * The date list's text for an expiry key: `2024-10-18:4` becomes `18-10-2024 (4)`. A key that is not of
 * that shape is shown as it is.
 */
export function expiryLabel(key: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2}):(-?\d+)$/.exec(key);
  if (match === null) {
    return key;
  }
  const [, year, month, day, days] = match;
  return `${day}-${month}-${year} (${days})`;
}

/** The strikes whose text starts with `query`, ignoring case and surrounding blanks. */
export function filterStrikes(strikes: readonly ChainStrike[], query: string): ChainStrike[] {
  const prefix = query.trim().toUpperCase();
  return strikes.filter((entry) => entry.strike.toUpperCase().startsWith(prefix));
}

/**
 * Reads the chain answer (expiry key → strike → list of contracts) into expiries ordered by date and
 * strikes ordered by value. Strikes with an empty list and expiries without strikes are left out.
 * @throws {Error} when the answer is not such an object or a contract is malformed.
 */
export function parseOptionChain(value: unknown): ChainExpiry[] {
  if (!isRecord(value)) {
    throw new Error("the option chain answer is not an object");
  }
  const expiries: ChainExpiry[] = [];
  for (const [key, byStrike] of Object.entries(value)) {
    if (!isRecord(byStrike)) {
      throw new Error(`the strikes of ${key} are not an object`);
    }
    const strikes: ChainStrike[] = [];
    for (const [strike, contracts] of Object.entries(byStrike)) {
      if (!Array.isArray(contracts)) {
        throw new Error(`the contracts of ${key} ${strike} are not a list`);
      }
      if (contracts.length === 0) {
        continue;
      }
      const fields = new Fields(contracts[0], `the contract of ${key} ${strike}`);
      strikes.push({
        strike,
        contract: {
          description: fields.string("description"),
          symbol: fields.string("symbol"),
          bid: bidOf(contracts[0]),
        },
      });
    }
    if (strikes.length > 0) {
      strikes.sort((a, b) => Number(a.strike) - Number(b.strike));
      expiries.push({ key, label: expiryLabel(key), strikes });
    }
  }
  return expiries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** A contract's bid: a finite number, or null when the chain sends none (null or absent). */
function bidOf(contract: unknown): number | null {
  const bid = isRecord(contract) ? contract.bid : undefined;
  return typeof bid === "number" && Number.isFinite(bid) ? bid : null;
}
