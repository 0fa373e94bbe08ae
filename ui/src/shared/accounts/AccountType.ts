// The size tiers of a trading account, as the API names them and as the screen labels them.

/** The account types in tier order, with their labels. */
export const ACCOUNT_TYPES = [
  { value: "small_account", label: "Small" },
  { value: "medium_account", label: "Medium" },
  { value: "big_account", label: "Big" },
] as const;

/** One account type as the API names it. */
export type AccountType = (typeof ACCOUNT_TYPES)[number]["value"];

/** The type a new account gets unless the agent picks another. */
export const DEFAULT_ACCOUNT_TYPE: AccountType = "small_account";

/** True when `value` names one of the account types. */
export function isAccountType(value: unknown): value is AccountType {
  return ACCOUNT_TYPES.some((entry) => entry.value === value);
}
