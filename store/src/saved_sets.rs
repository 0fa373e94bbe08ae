//! Saved vertical order sets per agent: a name and the JSON text of its legs; names unique per agent.

use engine::ids::AgentId;
use serde::{Deserialize, Serialize};

use crate::StoreError;

const SETS_TREE: &str = "saved_sets";

/// A saved set of legs, as the Multi-Leg Order Entry saves it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedSet {
    /// The name the agent gave it.
    pub set_name: String,
    /// The legs as JSON text.
    pub order_legs: String,
}

/// Typed access to the saved sets tree (one value per agent: the sets sorted by name).
#[derive(Clone)]
pub struct SavedSets {
    tree: sled::Tree,
}

fn key(agent: AgentId) -> [u8; 8] {
    agent.get().to_be_bytes()
}

impl SavedSets {
    pub(crate) fn open(db: &sled::Db) -> Result<Self, StoreError> {
        Ok(Self {
            tree: db.open_tree(SETS_TREE)?,
        })
    }

    /// The agent's sets, sorted by name.
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn list(&self, agent: AgentId) -> Result<Vec<SavedSet>, StoreError> {
        match self.tree.get(key(agent))? {
            Some(bytes) => Ok(serde_json::from_slice(&bytes)?),
            None => Ok(Vec::new()),
        }
    }

    /// Adds a set; returns the sets.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the agent already has a set of that name; storage errors.
    pub fn add(&self, agent: AgentId, set: SavedSet) -> Result<Vec<SavedSet>, StoreError> {
        let mut sets = self.list(agent)?;
        if sets.iter().any(|s| s.set_name == set.set_name) {
            return Err(StoreError::Conflict(format!(
                "a set named {} exists",
                set.set_name
            )));
        }
        sets.push(set);
        sets.sort_by(|a, b| a.set_name.cmp(&b.set_name));
        self.tree.insert(key(agent), serde_json::to_vec(&sets)?)?;
        Ok(sets)
    }

    /// Removes the set of that name (if any); returns the sets.
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn remove(&self, agent: AgentId, name: &str) -> Result<Vec<SavedSet>, StoreError> {
        let mut sets = self.list(agent)?;
        sets.retain(|s| s.set_name != name);
        self.tree.insert(key(agent), serde_json::to_vec(&sets)?)?;
        Ok(sets)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;

    #[test]
    fn names_are_unique_per_agent_and_sorted() -> Result<(), StoreError> {
        let store = Store::temporary()?;
        let sets = store.saved_sets()?;
        let set = |name: &str| SavedSet {
            set_name: name.into(),
            order_legs: "[]".into(),
        };
        sets.add(AgentId(1), set("b"))?;
        let list = sets.add(AgentId(1), set("a"))?;
        assert_eq!(
            list.iter().map(|s| s.set_name.as_str()).collect::<Vec<_>>(),
            ["a", "b"]
        );
        assert!(matches!(
            sets.add(AgentId(1), set("a")),
            Err(StoreError::Conflict(_))
        ));
        assert_eq!(sets.add(AgentId(2), set("a"))?.len(), 1);
        assert_eq!(sets.remove(AgentId(1), "a")?, vec![set("b")]);
        Ok(())
    }
}
