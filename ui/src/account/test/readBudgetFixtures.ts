// The read budget answer the Account screen's tests give the Operator panel.

/** An answer of `GET /api/operator/read_budget`: 23 of the 44 background reads a minute taken. */
export const READ_BUDGET_JSON = {
  readLimitPerMinute: 110,
  readsLastMinute: 31,
  reservedForEvents: 0,
  reservedForPeople: 22,
  backgroundReadPercent: 50,
  backgroundReadLimit: 44,
  backgroundReadsLastMinute: 23,
  refusedReads: 0,
  streamingAccounts: 1,
  polledAccounts: 1,
};
