// One account's limits and health in the operator view, and how it is read from the server's answer.
import { isRecord } from "../../shared/api/json";
import { isAccountStatus, type AccountStatus } from "../../shared/accounts/TradingAccount";

/** An entry of `GET /operator/accounts`. */
export interface OperatorAccount {
  /** The server's id of the account. */
  readonly accountId: number;
  /** The agent's name for the account. */
  accountName: string;
  /** The brokerage login name. */
  accountUsername: string;
  /** Connection state. */
  accountStatus: AccountStatus;
  /** Connection state in words. */
  accountStatusText: string;
  /** Order writes allowed per minute for this account. */
  writeLimitPerMinute: number;
  /** Order writes sent in the last minute. */
  writesLastMinute: number;
  /** Brokerage reads made for this account in the last minute. */
  readsLastMinute: number;
  /** Calls that had to wait for the rate limiter or were throttled by the brokerage. */
  throttledCalls: number;
  /** When the brokerage last answered a poll for this account (RFC 3339), or null. */
  lastSuccessfulPoll: string | null;
  /** Seconds until the access token expires, or null without one. */
  accessTokenExpiresInSeconds: number | null;
  /** Seconds until the refresh token expires, or null without one. */
  refreshTokenExpiresInSeconds: number | null;
  /** The account's order stream: connected, connecting, reconnecting, failed, off or unsupported. */
  streamState: StreamState;
  /** Why the stream is not connected, or null. */
  streamStateText: string | null;
  /** When the stream's last order event arrived (RFC 3339), or null. */
  lastStreamEvent: string | null;
  /** Order events received since the server started. */
  streamEvents: number;
  /** Listings read to catch up after a connect, a reconnect or a gap. */
  catchUpReads: number;
  /** Times the stream was opened again after it was lost. */
  streamReconnects: number;
}

/** Where an account's order stream stands. */
export type StreamState = "off" | "connecting" | "connected" | "reconnecting" | "failed" | "unsupported";

const STREAM_STATES: readonly StreamState[] = ["off", "connecting", "connected", "reconnecting", "failed", "unsupported"];

function streamState(entry: Record<string, unknown>, id: number): StreamState {
  const value = entry.streamState;
  const known = STREAM_STATES.find((state) => state === value);
  if (known === undefined) {
    throw new Error(`streamState of operator account ${id} is not a known state`);
  }
  return known;
}

function optionalText(entry: Record<string, unknown>, field: string, id: number): string | null {
  const value = entry[field];
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value !== "string") {
    throw new Error(`${field} of operator account ${id} is neither text nor null`);
  }
  return value;
}

function count(entry: Record<string, unknown>, field: string, id: number): number {
  const value = entry[field];
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new Error(`${field} of operator account ${id} is not a whole number`);
  }
  return value;
}

function optionalNumber(entry: Record<string, unknown>, field: string, id: number): number | null {
  const value = entry[field];
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value !== "number") {
    throw new Error(`${field} of operator account ${id} is neither a number nor null`);
  }
  return value;
}

function text(entry: Record<string, unknown>, field: string, id: number): string {
  const value = entry[field];
  if (typeof value !== "string") {
    throw new Error(`${field} of operator account ${id} is not a string`);
  }
  return value;
}

/**
 * Reads one operator-view entry.
 * @throws {Error} naming the first field that is missing or of the wrong type.
 */
export function parseOperatorAccount(value: unknown): OperatorAccount {
  if (!isRecord(value)) {
    throw new Error("an operator account entry is not an object");
  }
  const id = value.accountId;
  if (typeof id !== "number" || !Number.isInteger(id)) {
    throw new Error("accountId of an operator account is not a whole number");
  }
  const status = value.accountStatus;
  if (!isAccountStatus(status)) {
    throw new Error(`accountStatus of operator account ${id} is not a known status`);
  }
  const lastPoll = value.lastSuccessfulPoll;
  if (lastPoll !== null && lastPoll !== undefined && typeof lastPoll !== "string") {
    throw new Error(`lastSuccessfulPoll of operator account ${id} is neither a time nor null`);
  }
  return {
    accountId: id,
    accountName: text(value, "accountName", id),
    accountUsername: text(value, "accountUsername", id),
    accountStatus: status,
    accountStatusText: text(value, "accountStatusText", id),
    writeLimitPerMinute: count(value, "writeLimitPerMinute", id),
    writesLastMinute: count(value, "writesLastMinute", id),
    readsLastMinute: count(value, "readsLastMinute", id),
    throttledCalls: count(value, "throttledCalls", id),
    lastSuccessfulPoll: lastPoll ?? null,
    accessTokenExpiresInSeconds: optionalNumber(value, "accessTokenExpiresInSeconds", id),
    refreshTokenExpiresInSeconds: optionalNumber(value, "refreshTokenExpiresInSeconds", id),
    streamState: streamState(value, id),
    streamStateText: optionalText(value, "streamStateText", id),
    lastStreamEvent: optionalText(value, "lastStreamEvent", id),
    streamEvents: count(value, "streamEvents", id),
    catchUpReads: count(value, "catchUpReads", id),
    streamReconnects: count(value, "streamReconnects", id),
  };
}

/**
 * Reads the whole operator-view answer.
 * @throws {Error} when the answer is not a list or an entry is malformed.
 */
export function parseOperatorAccounts(value: unknown): OperatorAccount[] {
  if (!Array.isArray(value)) {
    throw new Error("the operator accounts answer is not a list");
  }
  return value.map(parseOperatorAccount);
}

