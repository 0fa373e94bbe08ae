// Limits payloads as `GET /trading_account/limits` sends them, for tests of the "Sizing and limits" list and dialog.

/** An entry of `GET /trading_account/limits`. */
export interface LimitsJson {
  accountId: number;
  accountName: string;
  accountUsername: string;
  sizing: { method: string; value: number | null; belowOne: string };
  guards: {
    maxQuantityPerOrder: number | null;
    maxPositionPerSymbol: number | null;
    maxNotionalPerOrder: number | null;
    allowSymbols: string[];
    denySymbols: string[];
    openClose: string;
    maxOrdersPerDay: number | null;
  };
  balances: { netLiquidationValue: number | null; readAt: string; ageSeconds: number } | null;
}

/** The guards of an account that has none set. */
export const NO_GUARDS_JSON: LimitsJson["guards"] = {
  maxQuantityPerOrder: null,
  maxPositionPerSymbol: null,
  maxNotionalPerOrder: null,
  allowSymbols: [],
  denySymbols: [],
  openClose: "ANY",
  maxOrdersPerDay: null,
};

/**
 * Account `id`'s limits, named as {@link accountJson} names it: sized by its tier, refusing below one, no guard,
 * balances read 12 seconds ago; `fields` replaces any part (`guards` is merged into no guards).
 */
export function limitsJson(
  id: number,
  fields: Partial<Omit<LimitsJson, "guards">> & { guards?: Partial<LimitsJson["guards"]> } = {},
): LimitsJson {
  const { guards, ...rest } = fields;
  return {
    accountId: id,
    accountName: `Account ${id}`,
    accountUsername: `user${id}`,
    sizing: { method: "TIER", value: null, belowOne: "REFUSE" },
    balances: { netLiquidationValue: 100_000, readAt: "2025-01-02T03:03:53Z", ageSeconds: 12 },
    ...rest,
    guards: { ...NO_GUARDS_JSON, ...guards },
  };
}
