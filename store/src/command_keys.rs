//! Idempotency keys of copy commands: which command each agent's key named, and the answer it got.
//!
//! A key is claimed before its command is planned, in the same database as the fan-out journal, so the
//! journal's flush before a fan-out's first order leaves also makes the claim durable: a place, replace or
//! exit that reached the brokerage always has its key on disk. The answer is added once the command is carried out; a
//! command refused as a whole (nothing sent) gives its key back.

use serde::{Deserialize, Serialize};

use crate::StoreError;

const KEYS_TREE: &str = "command_keys";

/// The answer a command got, kept to be sent again to a repeat of the command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptAnswer {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type` header.
    pub content_type: String,
    /// The body, as sent.
    pub body: String,
}

/// One claimed key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandKeyRecord {
    /// A digest of the command the key named (method, path and body).
    pub fingerprint: String,
    /// The process run that claimed it; an unanswered claim of another run was cut off by a stop.
    pub run: String,
    /// When it was claimed (Unix seconds).
    pub claimed_at: i64,
    /// The answer, once the command was carried out.
    pub answer: Option<KeptAnswer>,
}

/// Typed access to the command keys tree.
#[derive(Clone)]
pub struct CommandKeys {
    tree: sled::Tree,
}

impl std::fmt::Debug for CommandKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CommandKeys")
            .field("keys", &self.tree.len())
            .finish()
    }
}

impl CommandKeys {
    pub(crate) fn open(db: &sled::Db) -> Result<Self, StoreError> {
        Ok(Self {
            tree: db.open_tree(KEYS_TREE)?,
        })
    }

    /// Claims `key` of `agent` with `record` unless it is already claimed; returns the existing
    /// record when it is (the claim is then not made).
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Codec`] on storage failure.
    pub fn claim(
        &self,
        agent: u64,
        key: &str,
        record: &CommandKeyRecord,
    ) -> Result<Option<CommandKeyRecord>, StoreError> {
        let encoded = serde_json::to_vec(record)?;
        let id = id(agent, key);
        loop {
            match self
                .tree
                .compare_and_swap(&id, None as Option<&[u8]>, Some(encoded.clone()))?
            {
                Ok(()) => return Ok(None),
                Err(taken) => match taken.current {
                    Some(bytes) => return Ok(Some(serde_json::from_slice(&bytes)?)),
                    // Taken and gone in between (a purge or a release): ask again.
                    None => continue,
                },
            }
        }
    }

    /// Adds the answer to `key`'s claim.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Codec`] on storage failure.
    pub fn answer(&self, agent: u64, key: &str, answer: KeptAnswer) -> Result<(), StoreError> {
        let id = id(agent, key);
        let Some(bytes) = self.tree.get(&id)? else {
            return Ok(());
        };
        let mut record: CommandKeyRecord = serde_json::from_slice(&bytes)?;
        record.answer = Some(answer);
        self.tree.insert(id, serde_json::to_vec(&record)?)?;
        Ok(())
    }

    /// Gives `key` back (its command sent nothing).
    ///
    /// # Errors
    /// [`StoreError::Database`] on storage failure.
    pub fn release(&self, agent: u64, key: &str) -> Result<(), StoreError> {
        self.tree.remove(id(agent, key))?;
        Ok(())
    }

    /// The claim of `key`, if any.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Codec`] on storage failure.
    pub fn get(&self, agent: u64, key: &str) -> Result<Option<CommandKeyRecord>, StoreError> {
        self.tree
            .get(id(agent, key))?
            .map(|bytes| serde_json::from_slice(&bytes))
            .transpose()
            .map_err(StoreError::from)
    }

    /// Removes every claim made before `cutoff` (Unix seconds); returns how many.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Codec`] on storage failure.
    pub fn purge_claimed_before(&self, cutoff: i64) -> Result<usize, StoreError> {
        crate::sweep::remove_where(&self.tree, |record: &CommandKeyRecord| {
            record.claimed_at < cutoff
        })
    }

    /// How many keys are claimed.
    pub fn len(&self) -> usize {
        self.tree.len()
    }

    /// Whether no key is claimed.
    pub fn is_empty(&self) -> bool {
        self.tree.is_empty()
    }
}

/// The tree key: the agent's id, then the key's bytes (keys of different agents never meet).
fn id(agent: u64, key: &str) -> Vec<u8> {
    let mut id = agent.to_be_bytes().to_vec();
    id.extend_from_slice(key.as_bytes());
    id
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;

    fn record(fingerprint: &str, claimed_at: i64) -> CommandKeyRecord {
        CommandKeyRecord {
            fingerprint: fingerprint.into(),
            run: "run-1".into(),
            claimed_at,
            answer: None,
        }
    }

    #[test]
    fn a_key_is_claimed_once_per_agent_and_keeps_its_answer() {
        let keys = Store::temporary().unwrap().command_keys().unwrap();
        assert_eq!(keys.claim(1, "k", &record("a", 10)).unwrap(), None);
        assert_eq!(
            keys.claim(1, "k", &record("b", 11)).unwrap(),
            Some(record("a", 10))
        );
        // Another agent's key of the same spelling is another key.
        assert_eq!(keys.claim(2, "k", &record("b", 11)).unwrap(), None);
        let answer = KeptAnswer {
            status: 200,
            content_type: "text/plain; charset=utf-8".into(),
            body: "success".into(),
        };
        keys.answer(1, "k", answer.clone()).unwrap();
        assert_eq!(
            keys.get(1, "k").unwrap(),
            Some(CommandKeyRecord {
                answer: Some(answer),
                ..record("a", 10)
            })
        );
        assert_eq!(keys.len(), 2);
    }

    #[test]
    fn a_released_key_can_be_claimed_again_and_old_claims_are_purged() {
        let keys = Store::temporary().unwrap().command_keys().unwrap();
        keys.claim(1, "k", &record("a", 10)).unwrap();
        keys.release(1, "k").unwrap();
        assert_eq!(keys.get(1, "k").unwrap(), None);
        assert_eq!(keys.claim(1, "k", &record("b", 20)).unwrap(), None);
        keys.claim(1, "old", &record("c", 5)).unwrap();
        assert_eq!(keys.purge_claimed_before(10).unwrap(), 1);
        assert_eq!(keys.get(1, "old").unwrap(), None);
        assert_eq!(
            keys.get(1, "k").unwrap().map(|r| r.fingerprint),
            Some("b".into())
        );
        // Answering a key that is gone changes nothing.
        keys.answer(
            1,
            "gone",
            KeptAnswer {
                status: 200,
                content_type: String::new(),
                body: String::new(),
            },
        )
        .unwrap();
        assert_eq!(keys.len(), 1);
    }
}
