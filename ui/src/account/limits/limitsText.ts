// How the "Sizing and limits" list says an account's sizing, its balances' age and its guards in words.
import type { BalancesRead, BelowOne, Guards, OpenClose, Sizing } from "../../shared/accounts/AccountLimits";

const DOLLARS_AND_CENTS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

const WHOLE_DOLLARS = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

const COUNT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });

/** `$25,000` for 25000; cents show only when there are some: `$25,000.50` for 25000.5. */
export function dollarsText(amount: number): string {
  return (Number.isInteger(amount) ? WHOLE_DOLLARS : DOLLARS_AND_CENTS).format(amount);
}

/** `1,000` for 1000, `0.5` for 0.5. */
export function countText(value: number): string {
  return COUNT.format(value);
}

/**
 * The sizing in words: `Tier (×2)` (the multiplier of the account's type; `Tier` while it is not known), `Fixed 5`,
 * `Ratio ×0.5`, `$25,000 per unit of quantity`.
 */
export function sizingText(sizing: Sizing, tierMultiplier: number | null): string {
  const value = sizing.value ?? 0;
  switch (sizing.method) {
    case "TIER":
      return tierMultiplier === null ? "Tier" : `Tier (×${countText(tierMultiplier)})`;
    case "FIXED":
      return `Fixed ${countText(value)}`;
    case "RATIO":
      return `Ratio ×${countText(value)}`;
    case "NET_LIQUIDATION":
      return `${dollarsText(value)} per unit of quantity`;
  }
}

/** How long ago, in the list's words: `12 s`, `3 min`, `5 h`, `2 d`. */
export function ageText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) {
    return `${whole} s`;
  }
  if (whole < 3600) {
    return `${Math.floor(whole / 60)} min`;
  }
  if (whole < 86_400) {
    return `${Math.floor(whole / 3600)} h`;
  }
  return `${Math.floor(whole / 86_400)} d`;
}

/** The balances NET_LIQUIDATION sizes from: `net liq. $612,400, read 3 min ago`, or `balances not read yet`. */
export function balancesText(balances: BalancesRead | null): string {
  if (balances === null) {
    return "balances not read yet";
  }
  const value =
    balances.netLiquidationValue === null
      ? "no net liq. given"
      : `net liq. ${WHOLE_DOLLARS.format(balances.netLiquidationValue)}`;
  return `${value}, read ${ageText(balances.ageSeconds)} ago`;
}

/** The below-one choice in words. */
export const BELOW_ONE_TEXT: Readonly<Record<BelowOne, string>> = {
  REFUSE: "Refuse",
  ONE: "Send 1",
};

/** The open/close guard in words, when it is set. */
export const OPEN_CLOSE_TEXT: Readonly<Record<OpenClose, string>> = {
  ANY: "Any",
  OPEN_ONLY: "Open only",
  CLOSE_ONLY: "Close only",
};

/** Each guard that is set, in words, in the list's order: `Max qty/order 3`, `Deny TSLA, GME`, `Open only`. */
export function guardTexts(guards: Guards): string[] {
  const texts: string[] = [];
  if (guards.maxQuantityPerOrder !== null) {
    texts.push(`Max qty/order ${countText(guards.maxQuantityPerOrder)}`);
  }
  if (guards.maxPositionPerSymbol !== null) {
    texts.push(`Max position/symbol ${countText(guards.maxPositionPerSymbol)}`);
  }
  if (guards.maxNotionalPerOrder !== null) {
    texts.push(`Max notional/order ${dollarsText(guards.maxNotionalPerOrder)}`);
  }
  if (guards.allowSymbols.length > 0) {
    texts.push(`Allow ${guards.allowSymbols.join(", ")}`);
  }
  if (guards.denySymbols.length > 0) {
    texts.push(`Deny ${guards.denySymbols.join(", ")}`);
  }
  if (guards.openClose !== "ANY") {
    texts.push(OPEN_CLOSE_TEXT[guards.openClose]);
  }
  if (guards.maxOrdersPerDay !== null) {
    texts.push(`Max orders/day ${countText(guards.maxOrdersPerDay)}`);
  }
  return texts;
}
