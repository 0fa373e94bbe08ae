//! The position tables with a version per key: each poll's positions are compared key by key with the
//! last ones, so a delta sends only the keys whose rows changed or that went away, and each version's
//! answers are made once.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use actix_web::web::Bytes;
use engine::ids::AgentId;

use crate::answer::Answer;

/// How many removed keys a table remembers; a `since` older than the oldest forgotten removal gets
/// the full table.
const REMOVALS_KEPT: usize = 1024;

/// Which position table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PositionTable {
    /// Option positions keyed by description (the COMMON and VERTICAL screens).
    Option,
    /// Stock positions keyed by symbol.
    Stock,
}

/// What a delta holds: the version, whether it is the full table, the changed keys with their rows
/// (a JSON array each, in key order) and the removed keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionDelta {
    /// The table's version.
    pub version: u64,
    /// Whether `changed` is the whole table (the `since` was unknown or too old).
    pub full: bool,
    /// Changed keys and their rows as JSON arrays.
    pub changed: Vec<(String, Bytes)>,
    /// Keys that went away.
    pub removed: Vec<String>,
}

#[derive(Debug, Default)]
struct Shelf {
    version: u64,
    floor: u64,
    /// Key → (its rows as a JSON array, the version they last changed at).
    keys: BTreeMap<String, (Bytes, u64)>,
    /// Removed key → the version it went away at.
    removed: BTreeMap<String, u64>,
    full: Option<(u64, Arc<Answer>)>,
}

impl Shelf {
    /// Compares `current` with what the shelf holds; bumps the version when anything differs.
    fn refresh(&mut self, current: BTreeMap<String, Bytes>, next: impl Fn() -> u64) {
        let gone: Vec<String> = self
            .keys
            .keys()
            .filter(|key| !current.contains_key(*key))
            .cloned()
            .collect();
        let differs = !gone.is_empty()
            || current
                .iter()
                .any(|(key, rows)| self.keys.get(key).is_none_or(|(held, _)| held != rows));
        if !differs {
            return;
        }
        let version = next();
        self.version = version;
        for key in gone {
            self.keys.remove(&key);
            self.removed.insert(key, version);
        }
        for (key, rows) in current {
            if self.keys.get(&key).is_none_or(|(held, _)| *held != rows) {
                self.removed.remove(&key);
                self.keys.insert(key, (rows, version));
            }
        }
        while self.removed.len() > REMOVALS_KEPT {
            let oldest = self
                .removed
                .iter()
                .min_by_key(|(_, at)| **at)
                .map(|(key, at)| (key.clone(), *at));
            let Some((key, at)) = oldest else { break };
            self.removed.remove(&key);
            self.floor = self.floor.max(at);
        }
    }

    fn delta(&self, since: u64) -> PositionDelta {
        let full = since < self.floor || since > self.version;
        let changed = self
            .keys
            .iter()
            .filter(|(_, (_, at))| full || *at > since)
            .map(|(key, (rows, _))| (key.clone(), rows.clone()))
            .collect();
        let removed = if full {
            Vec::new()
        } else {
            self.removed
                .iter()
                .filter(|(_, at)| **at > since)
                .map(|(key, _)| key.clone())
                .collect()
        };
        PositionDelta {
            version: self.version,
            full,
            changed,
            removed,
        }
    }
}

/// Every agent's position tables as last seen.
#[derive(Debug)]
pub struct PositionShelves {
    shelves: Mutex<HashMap<(AgentId, PositionTable), Shelf>>,
    versions: AtomicU64,
    seed: u64,
}

impl Default for PositionShelves {
    fn default() -> Self {
        Self::new()
    }
}

impl PositionShelves {
    /// No tables yet. Versions start at the creation time in microseconds, so a version kept from an
    /// earlier process is below every version of this one.
    #[must_use]
    pub fn new() -> Self {
        let seed = engine::copy::version_seed();
        Self {
            shelves: Mutex::default(),
            versions: AtomicU64::new(seed),
            seed,
        }
    }

    fn with_shelf<T>(
        &self,
        agent: AgentId,
        table: PositionTable,
        current: BTreeMap<String, Bytes>,
        then: impl FnOnce(&mut Shelf) -> T,
    ) -> T {
        let mut shelves = self.shelves.lock().unwrap_or_else(PoisonError::into_inner);
        let shelf = shelves.entry((agent, table)).or_insert_with(|| Shelf {
            floor: self.seed,
            version: self.seed,
            ..Shelf::default()
        });
        shelf.refresh(current, || {
            self.versions.fetch_add(1, Ordering::Relaxed) + 1
        });
        then(shelf)
    }

    /// Takes the table's current rows by key (each a JSON array); returns its version and the full
    /// answer, `{"<key>": rows, ...}` in key order, made once per version.
    pub fn full(
        &self,
        agent: AgentId,
        table: PositionTable,
        current: BTreeMap<String, Bytes>,
    ) -> (u64, Arc<Answer>) {
        self.with_shelf(agent, table, current, |shelf| {
            if let Some((version, answer)) = &shelf.full {
                if *version == shelf.version {
                    return (*version, answer.clone());
                }
            }
            let answer = Arc::new(Answer::new(object_json(
                shelf.keys.iter().map(|(k, (rows, _))| (k.as_str(), rows)),
            )));
            shelf.full = Some((shelf.version, answer.clone()));
            (shelf.version, answer)
        })
    }

    /// Takes the table's current rows by key; returns what changed since `since`.
    pub fn delta(
        &self,
        agent: AgentId,
        table: PositionTable,
        current: BTreeMap<String, Bytes>,
        since: u64,
    ) -> PositionDelta {
        self.with_shelf(agent, table, current, |shelf| shelf.delta(since))
    }
}

/// `{"<key>": <rows>, ...}` from keys and their rows as JSON.
#[must_use]
pub fn object_json<'a>(entries: impl Iterator<Item = (&'a str, &'a Bytes)>) -> Bytes {
    let mut out = Vec::new();
    out.push(b'{');
    for (i, (key, rows)) in entries.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write_key(&mut out, key);
        out.push(b':');
        out.extend_from_slice(rows);
    }
    out.push(b'}');
    Bytes::from(out)
}

/// Writes `key` as a JSON string.
fn write_key(out: &mut Vec<u8>, key: &str) {
    // A string always serializes; the fallback keeps the output valid JSON regardless.
    if serde_json::to_writer(&mut *out, key).is_err() {
        out.extend_from_slice(b"\"\"");
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn table(entries: &[(u8, u8)]) -> BTreeMap<String, Bytes> {
        entries
            .iter()
            .map(|(key, rows)| (format!("K{key}"), Bytes::from(format!("[{rows}]"))))
            .collect()
    }

    #[test]
    fn a_delta_names_changed_and_removed_keys_only() {
        let shelves = PositionShelves::new();
        let a = AgentId(1);
        let (v1, full) = shelves.full(a, PositionTable::Stock, table(&[(1, 1), (2, 2)]));
        assert_eq!(full.plain(), &Bytes::from(r#"{"K1":[1],"K2":[2]}"#));
        let same = shelves.delta(a, PositionTable::Stock, table(&[(1, 1), (2, 2)]), v1);
        assert_eq!(
            same,
            PositionDelta {
                version: v1,
                full: false,
                changed: Vec::new(),
                removed: Vec::new()
            }
        );
        let moved = shelves.delta(a, PositionTable::Stock, table(&[(1, 5), (3, 3)]), v1);
        assert!(moved.version > v1);
        assert!(!moved.full);
        assert_eq!(
            moved.changed,
            vec![
                ("K1".to_owned(), Bytes::from("[5]")),
                ("K3".to_owned(), Bytes::from("[3]"))
            ]
        );
        assert_eq!(moved.removed, vec!["K2".to_owned()]);
        let unknown = shelves.delta(a, PositionTable::Stock, table(&[(1, 5), (3, 3)]), 7);
        assert!(unknown.full);
        assert_eq!(unknown.changed.len(), 2);
        assert!(unknown.removed.is_empty());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// A client applying each delta (replace on full, else set changed keys and drop removed ones)
        /// holds the full table of the version it was told.
        #[test]
        fn deltas_applied_in_order_equal_the_full_table(
            polls in proptest::collection::vec(
                (proptest::collection::vec((0..6_u8, 0..3_u8), 0..6), any::<bool>()),
                1..30,
            )
        ) {
            let shelves = PositionShelves::new();
            let agent = AgentId(1);
            let mut held: BTreeMap<String, Bytes> = BTreeMap::new();
            let mut since = 0;
            for (rows, forget) in polls {
                let asked = if forget { 0 } else { since };
                let delta = shelves.delta(agent, PositionTable::Option, table(&rows), asked);
                if delta.full {
                    held.clear();
                }
                for key in delta.removed {
                    held.remove(&key);
                }
                held.extend(delta.changed);
                since = delta.version;
                let (version, full) = shelves.full(agent, PositionTable::Option, table(&rows));
                prop_assert_eq!(version, since);
                prop_assert_eq!(
                    object_json(held.iter().map(|(k, v)| (k.as_str(), v))),
                    full.plain().clone()
                );
            }
        }
    }
}
