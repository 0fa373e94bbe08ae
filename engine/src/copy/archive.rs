//! Reading stored sessions a page at a time, for exports that must not hold them all in memory.

use super::{CopySession, RepositoryError};
use crate::ids::{AgentId, SessionId};

/// An agent's stored sessions, read in session-id order a page at a time (the store implements it).
pub trait SessionArchive: Send + Sync + 'static {
    /// Up to `limit` of the agent's sessions with an id above `after` (from the first when `None`),
    /// in increasing id order. A page shorter than `limit` is the last one.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage cannot be read.
    fn page(
        &self,
        agent: AgentId,
        after: Option<SessionId>,
        limit: usize,
    ) -> Result<Vec<CopySession>, RepositoryError>;
}
