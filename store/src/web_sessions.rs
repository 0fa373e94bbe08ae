//! Server-side web sessions: state keyed by a hash of the cookie's session key, with an expiry.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::StoreError;

const SESSIONS_TREE: &str = "web_sessions";

/// One stored session. Only the SHA-256 of the session key is stored, so the database alone cannot
/// be used to hijack a session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebSessionRecord {
    /// The session's key-value state.
    pub state: HashMap<String, String>,
    /// When the session ends unless renewed (Unix seconds).
    pub expires_at: i64,
}

/// Typed access to the web sessions tree.
#[derive(Clone)]
pub struct WebSessions {
    tree: sled::Tree,
}

impl WebSessions {
    pub(crate) fn open(db: &sled::Db) -> Result<Self, StoreError> {
        Ok(Self {
            tree: db.open_tree(SESSIONS_TREE)?,
        })
    }

    /// Reads a live session; an expired one is deleted and reads as absent.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Codec`] on storage failure.
    pub fn load(&self, key: &str, now: i64) -> Result<Option<WebSessionRecord>, StoreError> {
        let id = hash_key(key);
        let Some(bytes) = self.tree.get(id)? else {
            return Ok(None);
        };
        let record: WebSessionRecord = serde_json::from_slice(&bytes)?;
        if record.expires_at <= now {
            self.tree.remove(id)?;
            return Ok(None);
        }
        Ok(Some(record))
    }

    /// Inserts only when the key is unused; returns whether it was inserted.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Codec`] on storage failure.
    pub fn insert_new(&self, key: &str, record: &WebSessionRecord) -> Result<bool, StoreError> {
        let encoded = serde_json::to_vec(record)?;
        let swapped =
            self.tree
                .compare_and_swap(hash_key(key), None as Option<&[u8]>, Some(encoded))?;
        Ok(swapped.is_ok())
    }

    /// Writes (or overwrites) a session.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Codec`] on storage failure.
    pub fn put(&self, key: &str, record: &WebSessionRecord) -> Result<(), StoreError> {
        self.tree
            .insert(hash_key(key), serde_json::to_vec(record)?)?;
        Ok(())
    }

    /// Deletes a session; deleting an absent one is not an error.
    ///
    /// # Errors
    /// [`StoreError::Database`] on storage failure.
    pub fn delete(&self, key: &str) -> Result<(), StoreError> {
        self.tree.remove(hash_key(key))?;
        Ok(())
    }

    /// Deletes every session that expired at or before `now`; returns how many were removed.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Codec`] on storage failure.
    pub fn purge_expired(&self, now: i64) -> Result<usize, StoreError> {
        crate::sweep::remove_where(&self.tree, |record: &WebSessionRecord| {
            record.expires_at <= now
        })
    }

    /// How many sessions are stored (live or not yet purged).
    pub fn len(&self) -> usize {
        self.tree.len()
    }

    /// Whether no session is stored.
    pub fn is_empty(&self) -> bool {
        self.tree.is_empty()
    }
}

fn hash_key(key: &str) -> [u8; 32] {
    Sha256::digest(key.as_bytes()).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;

    fn record(expires_at: i64) -> WebSessionRecord {
        WebSessionRecord {
            state: HashMap::from([("agent".into(), "1".into())]),
            expires_at,
        }
    }

    #[test]
    fn a_session_lives_until_its_expiry_and_is_gone_after() {
        let sessions = Store::temporary().unwrap().web_sessions().unwrap();
        assert!(sessions.insert_new("k1", &record(100)).unwrap());
        assert!(!sessions.insert_new("k1", &record(100)).unwrap());
        assert_eq!(sessions.load("k1", 99).unwrap(), Some(record(100)));
        assert_eq!(sessions.load("k1", 100).unwrap(), None);
        assert!(sessions.is_empty());
    }

    #[test]
    fn delete_and_purge_remove_sessions() {
        let sessions = Store::temporary().unwrap().web_sessions().unwrap();
        sessions.put("a", &record(10)).unwrap();
        sessions.put("b", &record(50)).unwrap();
        sessions.put("c", &record(90)).unwrap();
        sessions.delete("c").unwrap();
        assert_eq!(sessions.purge_expired(20).unwrap(), 1);
        assert_eq!(sessions.len(), 1);
        assert!(sessions.load("b", 20).unwrap().is_some());
    }

    #[test]
    fn the_raw_session_key_is_never_stored() {
        let sessions = Store::temporary().unwrap().web_sessions().unwrap();
        sessions.put("plain-session-key", &record(10)).unwrap();
        let stored_keys: Vec<_> = sessions
            .tree
            .iter()
            .keys()
            .map(|k| k.unwrap().to_vec())
            .collect();
        assert_eq!(stored_keys, vec![hash_key("plain-session-key").to_vec()]);
    }
}
