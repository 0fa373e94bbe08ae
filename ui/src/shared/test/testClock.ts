// The fixed time store and component tests run at.

/** 2025-01-02T03:04:05Z in milliseconds since the epoch. */
export const TEST_NOW_MS = Date.UTC(2025, 0, 2, 3, 4, 5);
