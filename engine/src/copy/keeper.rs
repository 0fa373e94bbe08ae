//! Keeps the read model and the repository in step, and hears every account poll.

use std::sync::Arc;

use super::{CopySession, RepositoryError, SessionBook, SessionRepository};
use crate::account::OrderObserver;
use crate::ids::AccountId;
use crate::order::BrokerOrder;

/// The session book plus its persistence; the accounts' order observer.
pub struct SessionKeeper {
    book: SessionBook,
    repository: Arc<dyn SessionRepository>,
}

impl std::fmt::Debug for SessionKeeper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionKeeper")
            .field("book", &self.book)
            .finish_non_exhaustive()
    }
}

impl SessionKeeper {
    /// Loads every stored session into a new book.
    ///
    /// # Errors
    /// [`RepositoryError`] when the stored sessions cannot be read.
    pub fn load(repository: Arc<dyn SessionRepository>) -> Result<Arc<Self>, RepositoryError> {
        let book = SessionBook::new();
        for session in repository.load_all()? {
            book.put(session);
        }
        Ok(Arc::new(Self { book, repository }))
    }

    /// The read model.
    #[must_use]
    pub fn book(&self) -> &SessionBook {
        &self.book
    }

    /// Records a session in the book and the repository. A storage failure is logged: the book stays
    /// right for this run, and the next change writes the session again.
    pub fn record(&self, session: CopySession) {
        if let Err(err) = self.repository.save(&session) {
            tracing::error!(session = %session.id, error = %err, "session could not be stored");
        }
        self.book.put(session);
    }
}

impl OrderObserver for SessionKeeper {
    fn orders_seen(&self, account: AccountId, orders: &[BrokerOrder]) {
        for session in self.book.absorb(account, orders) {
            if let Err(err) = self.repository.save(&session) {
                tracing::error!(session = %session.id, error = %err, "session update could not be stored");
            }
        }
    }
}
