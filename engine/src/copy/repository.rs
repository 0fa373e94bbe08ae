//! The persistence the supervisor needs: sessions saved across restarts (the store implements it).

use super::replay::{JournaledOutcome, Replayed, replay};
use super::{CopySession, RowOutcome};
use crate::ids::{AgentId, SessionId};

/// Storage failed; the text is safe to log.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("session storage failed: {0}")]
pub struct RepositoryError(pub String);

/// Keeps copy-trade sessions, and the journal of each fan-out: its session stored whole before the
/// first send (the intent) and one small outcome record per answered write, until the session is
/// stored whole again at the end.
pub trait SessionRepository: Send + Sync + 'static {
    /// Writes (or overwrites) a whole session; durable once flushed.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage cannot be written.
    fn save(&self, session: &CopySession) -> Result<(), RepositoryError>;

    /// Makes every write so far durable, sessions and outcome records alike (the intent of a fan-out is
    /// flushed before its first send; outcome records are committed in groups by this).
    ///
    /// # Errors
    /// [`RepositoryError`] when storage cannot be flushed.
    fn flush(&self) -> Result<(), RepositoryError>;

    /// A new session id for the agent, never handed out before (an atomic per-agent counter).
    ///
    /// # Errors
    /// [`RepositoryError`] when storage cannot be written.
    fn next_session_id(&self, agent: AgentId) -> Result<SessionId, RepositoryError>;

    /// Every stored session as last stored whole (without its outcome records; see
    /// [`SessionRepository::load_journal`]).
    ///
    /// # Errors
    /// [`RepositoryError`] when storage cannot be read.
    fn load_all(&self) -> Result<Vec<CopySession>, RepositoryError>;

    /// Appends the outcome record of one row of the agent's session `session` (replacing a record of
    /// the same row); visible at once, durable once flushed.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage cannot be written.
    fn append_outcome(
        &self,
        agent: AgentId,
        session: SessionId,
        outcome: &RowOutcome,
    ) -> Result<(), RepositoryError>;

    /// Every stored outcome record with its session, in agent, session and row order.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage cannot be read.
    fn load_outcomes(&self) -> Result<Vec<JournaledOutcome>, RepositoryError>;

    /// Removes every outcome record of the agent's session `session` (once it is stored whole);
    /// durable once flushed.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage cannot be written.
    fn remove_outcomes(&self, agent: AgentId, session: SessionId) -> Result<(), RepositoryError>;

    /// Every stored session with its outcome records replayed (see [`replay`]): what a restart loads.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage cannot be read.
    fn load_journal(&self) -> Result<Replayed, RepositoryError> {
        Ok(replay(self.load_all()?, self.load_outcomes()?))
    }
}
