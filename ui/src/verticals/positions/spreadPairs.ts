// The vertical spreads the accounts hold: a long and a short option of one underlying, expiry and side.
import { formatPrice } from "../../shared/format/formatPrice";
import { parseOsiSymbol, type OsiContract } from "../../shared/orders/osiSymbol";
import type { VerticalPosition } from "./VerticalPosition";

/** One account's holding of a spread. */
export interface SpreadHolding {
  /** The account's long leg. */
  readonly long: VerticalPosition;
  /** The account's short leg. */
  readonly short: VerticalPosition;
  /** Whole spreads held: the smaller of the two legs, less what narrower spreads of the account use. */
  readonly spreads: number;
}

/** A spread held by one or more accounts: the same long and short contracts. */
export interface SpreadPair {
  /** `<long symbol>|<short symbol>`. */
  readonly key: string;
  /** The long leg's option symbol. */
  readonly longSymbol: string;
  /** The short leg's option symbol. */
  readonly shortSymbol: string;
  /** The long leg in words. */
  readonly longDescription: string;
  /** The short leg in words. */
  readonly shortDescription: string;
  /** E.g. `AAPL 2024-10-18 230.00/240.00 CALL`: long strike first. */
  readonly label: string;
  /**
   * The net a closing order takes: a credit when the leg sold to close is the more valuable one (the lower
   * strike of calls, the higher strike of puts), else a debit.
   */
  readonly closingNet: "NET_CREDIT" | "NET_DEBIT";
  /** Each account holding it, by account id. */
  readonly holdings: readonly SpreadHolding[];
}

function sameSeries(a: OsiContract, b: OsiContract): boolean {
  return a.root === b.root && a.expiry === b.expiry && a.side === b.side && a.strike !== b.strike;
}

/** A held option with its contract read from the symbol. */
interface HeldLeg {
  readonly position: VerticalPosition;
  readonly contract: OsiContract;
}

/** One account's long and short option of one series, and how far apart their strikes are. */
interface Candidate {
  readonly long: HeldLeg;
  readonly short: HeldLeg;
  readonly width: number;
}

/**
 * Every spread held: each account's long options paired with its short options of the same underlying,
 * expiry and side at another strike, the narrowest pairs first, each contract's quantity used once. So a
 * short leg that already covers one long is never offered again with another (closing both would buy it
 * back twice). Pairs are grouped across accounts by their two contracts and ordered by label.
 */
export function spreadPairs(positions: readonly VerticalPosition[]): SpreadPair[] {
  const parsed = positions.flatMap((position): HeldLeg[] => {
    const contract = parseOsiSymbol(position.optionChainSymbol);
    return contract === null || position.optionChainSettledQuantity === 0 ? [] : [{ position, contract }];
  });
  const candidates: Candidate[] = [];
  for (const long of parsed) {
    if (long.position.optionChainSettledQuantity <= 0) {
      continue;
    }
    for (const short of parsed) {
      if (
        short.position.accountId === long.position.accountId &&
        short.position.optionChainSettledQuantity < 0 &&
        sameSeries(long.contract, short.contract)
      ) {
        candidates.push({ long, short, width: Math.abs(long.contract.strike - short.contract.strike) });
      }
    }
  }
  candidates.sort(
    (a, b) =>
      a.width - b.width ||
      a.long.contract.strike - b.long.contract.strike ||
      a.short.contract.strike - b.short.contract.strike,
  );
  // What is left of each position (one account's contract) once earlier, narrower pairs took their share.
  const left = new Map<VerticalPosition, number>();
  const remaining = (position: VerticalPosition) =>
    left.get(position) ?? Math.abs(position.optionChainSettledQuantity);
  const pairs = new Map<string, { pair: Omit<SpreadPair, "holdings">; holdings: SpreadHolding[] }>();
  for (const { long, short } of candidates) {
    const spreads = Math.min(remaining(long.position), remaining(short.position));
    if (spreads <= 0) {
      continue;
    }
    left.set(long.position, remaining(long.position) - spreads);
    left.set(short.position, remaining(short.position) - spreads);
    const key = `${long.position.optionChainSymbol}|${short.position.optionChainSymbol}`;
    const call = long.contract.side === "CALL";
    const credit = call ? long.contract.strike < short.contract.strike : long.contract.strike > short.contract.strike;
    const entry = pairs.get(key) ?? {
      pair: {
        key,
        longSymbol: long.position.optionChainSymbol,
        shortSymbol: short.position.optionChainSymbol,
        longDescription: long.position.optionChainDescription,
        shortDescription: short.position.optionChainDescription,
        label: `${long.contract.root} ${long.contract.expiry} ${formatPrice(long.contract.strike)}/${formatPrice(
          short.contract.strike,
        )} ${long.contract.side}`,
        closingNet: credit ? "NET_CREDIT" : "NET_DEBIT",
      },
      holdings: [],
    };
    entry.holdings.push({ long: long.position, short: short.position, spreads });
    pairs.set(key, entry);
  }
  return Array.from(pairs.values(), ({ pair, holdings }) => ({
    ...pair,
    holdings: holdings.sort((a, b) => a.long.accountId - b.long.accountId),
  })).sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The spread `positions` form when they are exactly the two legs of one spread on each of their accounts
 * (a selection of a long and a short leg, on one or several accounts), else null.
 */
export function selectedSpread(positions: readonly VerticalPosition[]): SpreadPair | null {
  if (positions.length < 2) {
    return null;
  }
  const pairs = spreadPairs(positions);
  const [pair] = pairs;
  if (pairs.length !== 1 || pair === undefined || pair.holdings.length * 2 !== positions.length) {
    return null;
  }
  return pair;
}
