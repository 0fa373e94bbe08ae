//! Copy-trade sessions, kept across restarts (the engine's session repository).

use engine::copy::{CopySession, RepositoryError, SessionRepository};
use engine::ids::{AgentId, SessionId};

use crate::{Counters, StoreError};

const SESSIONS_TREE: &str = "copy_sessions";

/// Sessions keyed by agent then session id; session ids come from the agent's atomic counter.
#[derive(Clone)]
pub struct CopySessions {
    db: sled::Db,
    tree: sled::Tree,
    counters: Counters,
}

impl CopySessions {
    pub(crate) fn open(db: &sled::Db) -> Result<Self, StoreError> {
        Ok(Self {
            db: db.clone(),
            tree: db.open_tree(SESSIONS_TREE)?,
            counters: Counters::open(db)?,
        })
    }
}

impl CopySessions {
    /// The tree of sessions, keyed by agent then session id (both big-endian).
    pub(crate) fn tree(&self) -> &sled::Tree {
        &self.tree
    }
}

fn key(session: &CopySession) -> [u8; 16] {
    let mut key = [0u8; 16];
    key[..8].copy_from_slice(&session.agent.get().to_be_bytes());
    key[8..].copy_from_slice(&session.id.get().to_be_bytes());
    key
}

fn repository_error(err: impl std::fmt::Display) -> RepositoryError {
    RepositoryError(err.to_string())
}

impl SessionRepository for CopySessions {
    fn save(&self, session: &CopySession) -> Result<(), RepositoryError> {
        let bytes = serde_json::to_vec(session).map_err(repository_error)?;
        self.tree
            .insert(key(session), bytes)
            .map_err(repository_error)?;
        Ok(())
    }

    fn flush(&self) -> Result<(), RepositoryError> {
        self.db.flush().map_err(repository_error)?;
        Ok(())
    }

    fn next_session_id(&self, agent: AgentId) -> Result<SessionId, RepositoryError> {
        self.counters
            .next_for_agent(agent.get(), "session")
            .map(SessionId)
            .map_err(repository_error)
    }

    fn load_all(&self) -> Result<Vec<CopySession>, RepositoryError> {
        self.tree
            .iter()
            .values()
            .map(|bytes| {
                serde_json::from_slice(&bytes.map_err(repository_error)?).map_err(repository_error)
            })
            .collect()
    }
}
