// Merges a full list from the server into a store's map keyed by id, keeping each entry's identity.

/**
 * Makes `target` hold exactly `items`, keyed by `keyOf`: an entry already present is updated field by field
 * (so observers of unchanged fields are not disturbed and components keep their row objects), a new one is
 * added, and an entry the list no longer names is removed. Call it inside a MobX action.
 */
export function mergeById<K, V extends object>(target: Map<K, V>, items: readonly V[], keyOf: (item: V) => K): void {
  const seen = new Set<K>();
  for (const item of items) {
    const key = keyOf(item);
    seen.add(key);
    const existing = target.get(key);
    if (existing === undefined) {
      target.set(key, item);
    } else {
      Object.assign(existing, item);
    }
  }
  for (const key of Array.from(target.keys())) {
    if (!seen.has(key)) {
      target.delete(key);
    }
  }
}
