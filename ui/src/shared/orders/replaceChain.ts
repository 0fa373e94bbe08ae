// Following a REPLACED row to the live order that replaced it, within the polled sessions.

/** What the chain reads of a row. */
export interface ChainAccess<Row> {
  /** The row's account. */
  readonly accountOf: (row: Row) => number;
  /** The row's status word. */
  readonly statusOf: (row: Row) => string;
  /** Whether the row's order reached the brokerage (it has an order id). */
  readonly placedOf: (row: Row) => boolean;
  /** The session a session's replace replaced, or null. */
  readonly replacedSessionOf: (rows: readonly Row[]) => number | null;
}

/** How many replaces are followed before the chain is taken for a loop. */
const MAX_CHAIN = 1000;

/**
 * The live row of `row` (of session `sessionId`): while it is REPLACED, the same account's placed row in the
 * newest session that replaced its session. `row` itself when it is not REPLACED or its successor is not
 * among `sessions` (newest first).
 */
export function liveRowOf<Row>(
  row: Row,
  sessionId: number,
  sessions: readonly { readonly id: number; readonly rows: readonly Row[] }[],
  access: ChainAccess<Row>,
): Row {
  let live = row;
  let session = sessionId;
  for (let step = 0; step < MAX_CHAIN && access.statusOf(live) === "REPLACED"; step += 1) {
    const account = access.accountOf(live);
    const next = sessions
      .filter((candidate) => access.replacedSessionOf(candidate.rows) === session)
      .map((candidate) => ({
        id: candidate.id,
        row: candidate.rows.find((entry) => access.accountOf(entry) === account && access.placedOf(entry)),
      }))
      .find((candidate) => candidate.row !== undefined);
    if (next?.row === undefined) {
      return live;
    }
    live = next.row;
    session = next.id;
  }
  return live;
}
