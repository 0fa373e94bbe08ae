//! The persistence the supervisor needs: sessions saved across restarts (the store implements it).

use super::CopySession;

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

    /// Every stored session (loaded into the read model at boot).
    ///
    /// # Errors
    /// [`RepositoryError`] when storage cannot be read.
    fn load_all(&self) -> Result<Vec<CopySession>, RepositoryError>;
}
