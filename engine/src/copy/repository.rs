//! The persistence the supervisor needs: sessions saved across restarts (the store implements it).

use super::CopySession;
use crate::ids::{AgentId, SessionId};

/// Storage failed; the text is safe to log.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("session storage failed: {0}")]
pub struct RepositoryError(pub String);

/// Keeps copy-trade sessions.
pub trait SessionRepository: Send + Sync + 'static {
    /// Writes (or overwrites) a session.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage cannot be written.
    fn save(&self, session: &CopySession) -> Result<(), RepositoryError>;

    /// Makes every write so far durable (the journal of a fan-out is flushed before its first send).
    ///
    /// # Errors
    /// [`RepositoryError`] when storage cannot be flushed.
    fn flush(&self) -> Result<(), RepositoryError>;

    /// A new session id for the agent, never handed out before (an atomic per-agent counter).
    ///
    /// # Errors
    /// [`RepositoryError`] when storage cannot be written.
    fn next_session_id(&self, agent: AgentId) -> Result<SessionId, RepositoryError>;

    /// Every stored session (loaded into the read model at boot).
    ///
    /// # Errors
    /// [`RepositoryError`] when storage cannot be read.
    fn load_all(&self) -> Result<Vec<CopySession>, RepositoryError>;
}
