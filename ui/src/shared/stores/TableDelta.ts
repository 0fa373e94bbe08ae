// Polling a table in its delta form (`?since=<version>`): reading the answer and merging it into a store's map.
import { runInAction } from "mobx";
import type { ApiClient, QueryParams } from "../api/ApiClient";
import { isRecord } from "../api/json";

/**
 * One answer of a delta poll: `changed` has the table's shape (keyed by session id or position key) and holds
 * only what changed since the version sent, or everything when `full`; `removed` names keys that went away.
 */
export interface TableDelta {
  /** The table's version after this answer; sent back as `since` by the next poll. Null when unknown. */
  readonly version: number | null;
  /** Whether `changed` is the whole table (what the store holds is replaced). */
  readonly full: boolean;
  /** The changed entries, in the full table's shape. */
  readonly changed: unknown;
  /** Keys of entries that went away. */
  readonly removed: readonly string[];
}

/**
 * Reads a delta answer `{"version", "full", "changed", "removed"}`. An answer in the full table's shape (a
 * server that does not know `since`) counts as a full answer of unknown version.
 * @throws {Error} when a delta answer's fields are malformed.
 */
export function parseTableDelta(value: unknown): TableDelta {
  if (!isRecord(value) || typeof value.full !== "boolean" || !("changed" in value)) {
    return { version: null, full: true, changed: value, removed: [] };
  }
  const { version, full, changed, removed } = value;
  if (typeof version !== "number" || !Number.isSafeInteger(version) || version < 0) {
    throw new Error("the table's version is not a whole number");
  }
  if (!Array.isArray(removed) || !removed.every((key): key is string => typeof key === "string")) {
    throw new Error("the table's removed keys are not a list of texts");
  }
  return { version, full, changed, removed };
}

/**
 * Applies a delta to `target`: a full answer makes it hold exactly `changed`; otherwise the changed entries are
 * set and the removed keys deleted. Entries not named keep their identity, so their rows do not re-render. Call
 * it inside a MobX action.
 */
export function mergeTableDelta<K, V>(
  target: Map<K, V>,
  full: boolean,
  changed: ReadonlyMap<K, V>,
  removed: readonly K[],
): void {
  if (full) {
    for (const key of Array.from(target.keys())) {
      if (!changed.has(key)) {
        target.delete(key);
      }
    }
  }
  for (const key of removed) {
    target.delete(key);
  }
  for (const [key, value] of changed) {
    target.set(key, value);
  }
}

/** What a delta poll fetched: the answer and its ETag, or nothing when the server answered 304. */
export type DeltaFetch = { readonly delta: TableDelta; readonly etag: string | null } | null;

/**
 * The client side of one table's delta polls: remembers the version (and ETag) of the last answer applied and
 * asks for what changed since then; the first poll, and any after {@link reset}, asks for everything.
 */
export class DeltaPoll {
  private version: number | null = null;
  private etag: string | null = null;
  /** Bumped by {@link reset}, so answers to requests sent before it are dropped. */
  private generation = 0;

  /**
   * @param deps Where the API client is read from when a poll runs.
   * @param path The table's path.
   */
  constructor(
    private readonly deps: { readonly api: ApiClient },
    private readonly path: string,
  ) {}

  /**
   * Fetches what changed since the version last applied.
   * @throws {ApiError} when the call fails; {@link Error} when the answer is malformed.
   */
  async fetch(): Promise<DeltaFetch> {
    const query: QueryParams = { since: this.version ?? 0 };
    const answer = await this.deps.api.getIfChanged(this.path, this.etag, query);
    if (!answer.modified) {
      return null;
    }
    return { delta: parseTableDelta(answer.body), etag: answer.etag };
  }

  /**
   * One poll: fetches what changed, reads the changed entries with `read`, then, unless {@link reset} was called
   * meanwhile, hands them to `apply` and records the answer as applied, in one MobX action. A 304 applies nothing.
   * @throws {ApiError} when the call fails; {@link Error} when the answer is malformed (`read` throws).
   */
  async load<T>(read: (changed: unknown) => T, apply: (delta: TableDelta, changed: T) => void): Promise<void> {
    const generation = this.generation;
    const fetched = await this.fetch();
    if (fetched === null) {
      return;
    }
    const changed = read(fetched.delta.changed);
    runInAction(() => {
      if (generation !== this.generation) {
        return;
      }
      this.applied(fetched);
      apply(fetched.delta, changed);
    });
  }

  /** Records that `fetched` was applied; the next poll asks for changes since its version. */
  applied(fetched: NonNullable<DeltaFetch>): void {
    this.version = fetched.delta.version;
    // The ETag names this answer to this `since`: it matches again only when the next poll asks for the same
    // `since` at the same version, i.e. nothing changed, and then the server answers 304.
    this.etag = fetched.etag;
  }

  /** Forgets the version held, so the next poll fetches the whole table; drops answers still in flight. */
  reset(): void {
    this.generation += 1;
    this.version = null;
    this.etag = null;
  }
}
