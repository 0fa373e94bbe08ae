//! The agents repository: one record per agent, unique by username.

use serde::{Deserialize, Serialize};
use sled::Transactional;
use sled::transaction::{ConflictableTransactionError, TransactionError};

use crate::StoreError;

const AGENTS_TREE: &str = "agents";
const NAMES_TREE: &str = "agent_names";
const ID_COUNTER_KEY: &[u8] = b"next_agent_id";

/// A stored agent. The password is kept only as an argon2id hash string.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AgentRecord {
    /// The agent's id.
    pub id: u64,
    /// The unique sign-in name.
    pub username: String,
    /// The argon2id PHC hash of the password.
    pub password_hash: String,
    /// When the agent registered (Unix seconds).
    pub created_at: i64,
}

impl std::fmt::Debug for AgentRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentRecord")
            .field("id", &self.id)
            .field("username", &self.username)
            .field("password_hash", &"[redacted]")
            .field("created_at", &self.created_at)
            .finish()
    }
}

/// Typed access to the agents trees.
#[derive(Clone)]
pub struct Agents {
    by_id: sled::Tree,
    by_name: sled::Tree,
}

impl Agents {
    pub(crate) fn open(db: &sled::Db) -> Result<Self, StoreError> {
        Ok(Self {
            by_id: db.open_tree(AGENTS_TREE)?,
            by_name: db.open_tree(NAMES_TREE)?,
        })
    }

    /// Creates an agent with the next id; the username must be free.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the username is taken; [`StoreError::Database`] /
    /// [`StoreError::Transaction`] on storage failure.
    pub fn create(
        &self,
        username: &str,
        password_hash: &str,
        created_at: i64,
    ) -> Result<AgentRecord, StoreError> {
        let result = (&self.by_id, &self.by_name).transaction(|(by_id, by_name)| {
            if by_name.get(username.as_bytes())?.is_some() {
                return Err(ConflictableTransactionError::Abort(StoreError::Conflict(
                    "agent username".into(),
                )));
            }
            let next = by_id
                .get(ID_COUNTER_KEY)?
                .map(|bytes| decode_u64(&bytes))
                .unwrap_or(1);
            by_id.insert(ID_COUNTER_KEY, &(next + 1).to_be_bytes())?;
            let record = AgentRecord {
                id: next,
                username: username.to_owned(),
                password_hash: password_hash.to_owned(),
                created_at,
            };
            let encoded = serde_json::to_vec(&record)
                .map_err(|e| ConflictableTransactionError::Abort(StoreError::Codec(e)))?;
            by_id.insert(&record_key(next), encoded)?;
            by_name.insert(username.as_bytes(), &next.to_be_bytes())?;
            Ok(record)
        });
        match result {
            Ok(record) => Ok(record),
            Err(TransactionError::Abort(err)) => Err(err),
            Err(TransactionError::Storage(err)) => Err(StoreError::Database(err)),
        }
    }

    /// Finds an agent by exact username.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Codec`] on storage failure.
    pub fn find_by_username(&self, username: &str) -> Result<Option<AgentRecord>, StoreError> {
        match self.by_name.get(username.as_bytes())? {
            Some(id) => self.get(decode_u64(&id)),
            None => Ok(None),
        }
    }

    /// Reads an agent by id.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Codec`] on storage failure.
    pub fn get(&self, id: u64) -> Result<Option<AgentRecord>, StoreError> {
        self.by_id
            .get(record_key(id))?
            .map(|bytes| serde_json::from_slice(&bytes).map_err(StoreError::from))
            .transpose()
    }

    /// How many agents exist.
    ///
    /// # Errors
    /// [`StoreError::Database`] on storage failure.
    pub fn count(&self) -> Result<usize, StoreError> {
        Ok(self.by_name.len())
    }
}

fn record_key(id: u64) -> [u8; 9] {
    let mut key = [0u8; 9];
    key[0] = b'a';
    key[1..].copy_from_slice(&id.to_be_bytes());
    key
}

/// Decodes a big-endian u64; shorter or longer values (never written by this crate) read as 0.
pub(crate) fn decode_u64(bytes: &[u8]) -> u64 {
    <[u8; 8]>::try_from(bytes)
        .map(u64::from_be_bytes)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;

    #[test]
    fn agents_get_increasing_ids_and_unique_names() {
        let store = Store::temporary().unwrap();
        let agents = store.agents().unwrap();
        let alice = agents.create("alice", "$argon2id$x", 10).unwrap();
        let bob = agents.create("bob", "$argon2id$y", 11).unwrap();
        assert_eq!((alice.id, bob.id), (1, 2));
        assert!(matches!(
            agents.create("alice", "h", 12),
            Err(StoreError::Conflict(_))
        ));
        assert_eq!(agents.count().unwrap(), 2);
        assert_eq!(agents.find_by_username("bob").unwrap(), Some(bob.clone()));
        assert_eq!(agents.get(2).unwrap(), Some(bob));
        assert_eq!(agents.find_by_username("carol").unwrap(), None);
    }

    #[test]
    fn debug_output_hides_the_password_hash() {
        let record = AgentRecord {
            id: 1,
            username: "a".into(),
            password_hash: "secret".into(),
            created_at: 0,
        };
        assert!(!format!("{record:?}").contains("secret"));
    }
}
