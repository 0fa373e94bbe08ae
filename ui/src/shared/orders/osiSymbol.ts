// Reads an option symbol in the OSI format, e.g. `AAPL  241018C00230000`: root, expiry, call or put, strike.

/** What an option symbol says about its contract. */
export interface OsiContract {
  /** The underlying's root, e.g. `AAPL`. */
  readonly root: string;
  /** The expiry date, `YYYY-MM-DD`. */
  readonly expiry: string;
  /** CALL or PUT. */
  readonly side: "CALL" | "PUT";
  /** The strike price, e.g. 230 or 232.5. */
  readonly strike: number;
}

/**
 * The OSI layout: a root of up to 6 characters (padded with spaces to 6, though the padding is not required
 * here), the expiry as YYMMDD, C or P, and the strike times 1000 in 8 digits.
 */
const OSI = /^([A-Z][A-Z0-9./-]{0,5})\s*(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

/** The contract an OSI option symbol names, or null when `symbol` is not one. */
export function parseOsiSymbol(symbol: string): OsiContract | null {
  const match = OSI.exec(symbol.trim().toUpperCase());
  if (match === null) {
    return null;
  }
  const [, root, year, month, day, side, strike] = match;
  if (root === undefined || year === undefined || month === undefined || day === undefined || strike === undefined) {
    return null;
  }
  const monthNumber = Number(month);
  const dayNumber = Number(day);
  if (monthNumber < 1 || monthNumber > 12 || dayNumber < 1 || dayNumber > 31) {
    return null;
  }
  return {
    root,
    expiry: `20${year}-${month}-${day}`,
    side: side === "C" ? "CALL" : "PUT",
    strike: Number(strike) / 1000,
  };
}
