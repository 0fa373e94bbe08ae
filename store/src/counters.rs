//! Atomic counters (e.g. each agent's copy-trade session id), incremented without read-modify-write races.

use crate::StoreError;
use crate::agents::decode_u64;

const COUNTERS_TREE: &str = "counters";

/// Named monotonically increasing counters, optionally scoped to an agent.
#[derive(Clone)]
pub struct Counters {
    tree: sled::Tree,
}

impl Counters {
    pub(crate) fn open(db: &sled::Db) -> Result<Self, StoreError> {
        Ok(Self {
            tree: db.open_tree(COUNTERS_TREE)?,
        })
    }

    /// Atomically increments the agent's counter `name` and returns the new value (the first is 1).
    ///
    /// # Errors
    /// [`StoreError::Database`] on storage failure.
    pub fn next_for_agent(&self, agent: u64, name: &str) -> Result<u64, StoreError> {
        self.next(&format!("agent/{agent}/{name}"))
    }

    /// Atomically increments the global counter `key` and returns the new value (the first is 1).
    ///
    /// # Errors
    /// [`StoreError::Database`] on storage failure.
    pub fn next(&self, key: &str) -> Result<u64, StoreError> {
        let updated = self.tree.update_and_fetch(key.as_bytes(), |old| {
            let next = old.map(decode_u64).unwrap_or(0).saturating_add(1);
            Some(next.to_be_bytes().to_vec())
        })?;
        Ok(updated.map(|bytes| decode_u64(&bytes)).unwrap_or(0))
    }

    /// The current value of the agent's counter `name` (0 before the first increment).
    ///
    /// # Errors
    /// [`StoreError::Database`] on storage failure.
    pub fn current_for_agent(&self, agent: u64, name: &str) -> Result<u64, StoreError> {
        let key = format!("agent/{agent}/{name}");
        Ok(self
            .tree
            .get(key.as_bytes())?
            .map(|b| decode_u64(&b))
            .unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use crate::Store;
    use std::collections::BTreeSet;

    #[test]
    fn counters_are_per_agent_and_start_at_one() {
        let store = Store::temporary().unwrap();
        let counters = store.counters().unwrap();
        assert_eq!(counters.next_for_agent(1, "session").unwrap(), 1);
        assert_eq!(counters.next_for_agent(1, "session").unwrap(), 2);
        assert_eq!(counters.next_for_agent(2, "session").unwrap(), 1);
        assert_eq!(counters.current_for_agent(1, "session").unwrap(), 2);
        assert_eq!(counters.current_for_agent(3, "session").unwrap(), 0);
    }

    #[test]
    fn concurrent_increments_never_hand_out_the_same_value() {
        let store = Store::temporary().unwrap();
        let counters = store.counters().unwrap();
        let handles: Vec<_> = (0..8)
            .map(|_| {
                let counters = counters.clone();
                std::thread::spawn(move || {
                    (0..250)
                        .map(|_| counters.next_for_agent(7, "session").unwrap())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let all: Vec<u64> = handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect();
        let unique: BTreeSet<u64> = all.iter().copied().collect();
        assert_eq!(all.len(), 2000);
        assert_eq!(unique.len(), 2000);
        assert_eq!(unique.iter().next_back(), Some(&2000));
    }
}
