// The orders sent from this page lately, so that an identical one sent again soon asks first.
import { ORDER_WRITE_WORDS, isCommandPath } from "../api/CommandKeys";
import type { WriteMethod } from "../api/ApiClient";

/** How long after an order was sent an identical one asks before it goes out. */
export const REPEAT_QUESTION_MS = 30_000;

/** An orders table as the count of a command's accounts reads it (`SessionTable`). */
export interface SessionCounter {
  /** The newest session held (0 when none): the command's session is the first after it. */
  readonly newestId: number;
  /** How many accounts the first session after `mark` has; null until the table holds it. */
  accountsAfter(mark: number): number | null;
}

/** When an order was sent, and to how many accounts when that is known. */
export interface SentOrder {
  /** When it was sent, in milliseconds since the epoch. */
  readonly at: number;
  /** How many accounts it went out to; null when not known. */
  readonly accounts: number | null;
}

/** An order being sent: when, and where its orders table stood. */
export interface SendingOrder {
  /** What tells it apart from other orders ({@link orderIdentity}). */
  readonly identity: string;
  /** When it was sent. */
  readonly at: number;
  /** The orders table of its screen, if any. */
  readonly table: SessionCounter | null;
  /** That table's newest session then. */
  readonly mark: number;
}

/** One order recorded: when, to how many accounts (or how to count them). */
interface Record {
  readonly at: number;
  readonly accounts: number | null;
  readonly table: SessionCounter | null;
  readonly mark: number;
}

/**
 * What tells an order write (place, exit, replace of every kind) apart from another: its method, path and body,
 * without the fan-out mode (the same order to the same accounts, however it fans out). Null for any other call
 * (a cancel sent twice cancels nothing twice).
 */
export function orderIdentity(method: WriteMethod, path: string, body: unknown): string | null {
  const word = path.split("/").filter((segment) => segment !== "")[1] ?? "";
  if (!isCommandPath(path) || !ORDER_WRITE_WORDS.includes(word)) {
    return null;
  }
  const fields =
    typeof body === "object" && body !== null && !Array.isArray(body)
      ? Object.fromEntries(Object.entries(body).filter(([name]) => name !== "fanOutMode"))
      : body;
  return `${method.toUpperCase()} ${path.replace(/\/+$/, "")} ${JSON.stringify(fields)}`;
}

/**
 * The order writes sent from this page that went out to at least one account, each with when it was sent and to
 * how many accounts: the partial answer's accepted accounts, or, for a `success`, the accounts of the session
 * it made as its screen's orders table shows it.
 */
export class SentOrders {
  private readonly sent = new Map<string, Record>();

  /**
   * @param now The clock.
   * @param tableOf The orders table of the screen a command path belongs to, or null.
   */
  constructor(
    private readonly now: () => number,
    private readonly tableOf: (path: string) => SessionCounter | null = () => null,
  ) {}

  /** Starts sending an order write `identity` to `path`: when, and where its orders table stands. */
  begin(identity: string, path: string): SendingOrder {
    const table = this.tableOf(path);
    return { identity, at: this.now(), table, mark: table?.newestId ?? 0 };
  }

  /** `order` went out to some accounts: `accounts` of them when the answer says (null for a `success`). */
  record(order: SendingOrder, accounts: number | null): void {
    const now = this.now();
    for (const [identity, record] of this.sent) {
      if (now - record.at > REPEAT_QUESTION_MS) {
        this.sent.delete(identity);
      }
    }
    this.sent.set(order.identity, { at: order.at, accounts, table: order.table, mark: order.mark });
  }

  /** Forgets every order (another agent signed in). */
  reset(): void {
    this.sent.clear();
  }

  /** The order `identity` if it was sent within the last {@link REPEAT_QUESTION_MS}; null otherwise. */
  recent(identity: string): SentOrder | null {
    const record = this.sent.get(identity);
    if (record === undefined || this.now() - record.at > REPEAT_QUESTION_MS) {
      return null;
    }
    return { at: record.at, accounts: record.accounts ?? record.table?.accountsAfter(record.mark) ?? null };
  }
}
