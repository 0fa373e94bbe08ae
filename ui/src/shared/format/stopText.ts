// A stop order's levels as words for the tables: the stop, the activation price, the trail.
import { formatPrice } from "./formatPrice";

/** The stop fields of an order. */
export interface StopFields {
  /** MARKET, LIMIT, STOP, STOP_LIMIT or TRAILING_STOP. */
  readonly orderType: string;
  /** The stop price (STOP) or activation price (STOP_LIMIT). */
  readonly stopPrice: number;
  /** VALUE (dollars) or PERCENT, for TRAILING_STOP. */
  readonly linkType: string;
  /** The trail, for TRAILING_STOP. */
  readonly offset: number;
  /** What a trailing stop follows: BID, ASK, LAST or MARK (the mark when not given). */
  readonly basis?: string;
}

/**
 * `STOP 240.00` for a stop, `ACT 240.00` for a stop limit's activation price, `TRAIL 1 %` or `TRAIL $0.10`
 * for a trailing stop; null for an order without a stop.
 */
export function stopText(fields: StopFields): string | null {
  switch (fields.orderType) {
    case "STOP":
      return `STOP ${formatPrice(fields.stopPrice)}`;
    case "STOP_LIMIT":
      return `ACT ${formatPrice(fields.stopPrice)}`;
    case "TRAILING_STOP":
      return fields.linkType === "PERCENT"
        ? `TRAIL ${fields.offset.toLocaleString("en-US", { maximumFractionDigits: 4, useGrouping: false })} %`
        : `TRAIL $${formatPrice(fields.offset)}`;
    default:
      return null;
  }
}

/** The same in whole words, for hover and screen readers: `Stop price 240.00`, `Activation price 240.00`, `Trailing 1 % of the bid` (of what it follows). */
export function stopWords(fields: StopFields): string | null {
  switch (fields.orderType) {
    case "STOP":
      return `Stop price ${formatPrice(fields.stopPrice)}`;
    case "STOP_LIMIT":
      return `Activation price ${formatPrice(fields.stopPrice)}`;
    case "TRAILING_STOP": {
      const follows = `the ${(fields.basis ?? "MARK").toLowerCase()}`;
      return fields.linkType === "PERCENT"
        ? `Trailing ${fields.offset.toLocaleString("en-US", { maximumFractionDigits: 4, useGrouping: false })} % of ${follows}`
        : `Trailing $${formatPrice(fields.offset)} behind ${follows}`;
    }
    default:
      return null;
  }
}
