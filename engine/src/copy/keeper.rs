//! Keeps the read model and the repository in step: journals fan-outs before they are sent, records
//! each outcome as it arrives, hears every account poll, and settles rows whose write is not known.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::reconcile::{Resolution, resolve};
use super::{CopyRow, CopySession, RepositoryError, RowState, SessionBook, SessionRepository};
use crate::account::{OrderListing, OrderObserver};
use crate::broker::SubmitOutcome;
use crate::copy::TradeKind;
use crate::ids::{AccountId, AgentId, SessionId};
use crate::order::OrderStatus;

/// Where a session lives: agent, kind and id.
pub type SessionKey = (AgentId, TradeKind, SessionId);

/// The session book plus its persistence; the accounts' order observer.
pub struct SessionKeeper {
    book: SessionBook,
    repository: Arc<dyn SessionRepository>,
    writing: Mutex<HashMap<AccountId, usize>>,
}

impl std::fmt::Debug for SessionKeeper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionKeeper")
            .field("book", &self.book)
            .finish_non_exhaustive()
    }
}

/// Marks an account as having a write in flight until dropped (also when its future is dropped).
#[derive(Debug)]
pub struct WriteInFlight<'a> {
    keeper: &'a SessionKeeper,
    account: AccountId,
}

impl Drop for WriteInFlight<'_> {
    fn drop(&mut self) {
        let mut writing = self
            .keeper
            .writing
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = writing.get_mut(&self.account) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                writing.remove(&self.account);
            }
        }
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
        Ok(Arc::new(Self {
            book,
            repository,
            writing: Mutex::new(HashMap::new()),
        }))
    }

    /// The read model.
    #[must_use]
    pub fn book(&self) -> &SessionBook {
        &self.book
    }

    /// A new session id for the agent.
    ///
    /// # Errors
    /// [`RepositoryError`] when the counter cannot be written.
    pub fn next_session_id(&self, agent: AgentId) -> Result<SessionId, RepositoryError> {
        self.repository.next_session_id(agent)
    }

    /// Records a session in the book and the repository. A storage failure is logged: the book stays
    /// right for this run, and the next change writes the session again.
    pub fn record(&self, session: CopySession) {
        self.save(&session);
        self.book.put(session);
    }

    /// Writes a fan-out down before anything is sent: the session with its pending rows is stored and
    /// flushed, then shown.
    ///
    /// # Errors
    /// [`RepositoryError`] when it cannot be made durable; nothing may be sent then.
    pub fn journal(&self, session: CopySession) -> Result<(), RepositoryError> {
        self.repository.save(&session)?;
        self.repository.flush()?;
        self.book.put(session);
        Ok(())
    }

    /// Records what one account's write came to, as soon as it is known.
    pub fn settle_row(
        &self,
        key: SessionKey,
        index: usize,
        account: AccountId,
        outcome: &SubmitOutcome,
    ) {
        if let Some(session) = self
            .book
            .update_row(key, index, account, |row| row.settle(outcome))
        {
            self.save(&session);
        }
    }

    /// Flushes what was recorded (after a fan-out completes).
    pub fn flush(&self) {
        if let Err(err) = self.repository.flush() {
            tracing::error!(error = %err, "sessions could not be flushed");
        }
    }

    /// Marks a write in flight on `account` until the returned guard is dropped; the account's rows
    /// are not reconciled from polls meanwhile (the write's own outcome settles them).
    #[must_use]
    pub fn writing(&self, account: AccountId) -> WriteInFlight<'_> {
        *self
            .writing
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(account)
            .or_default() += 1;
        WriteInFlight {
            keeper: self,
            account,
        }
    }

    fn is_writing(&self, account: AccountId) -> bool {
        self.writing
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains_key(&account)
    }

    fn save(&self, session: &CopySession) {
        if let Err(err) = self.repository.save(session) {
            tracing::error!(session = %session.id, error = %err, "session could not be stored");
        }
    }

    /// Settles the account's pending and unsettled rows from a listing of its orders.
    fn reconcile(&self, account: AccountId, listing: OrderListing<'_>) {
        let unresolved = self.book.unresolved(account);
        if unresolved.is_empty() || self.is_writing(account) {
            return;
        }
        let mut claimed = self.book.claimed_ids(account);
        for (key, index, row) in unresolved {
            let resolution = resolve(&row, listing, &claimed);
            let change: Box<dyn FnOnce(&mut CopyRow)> = match &resolution {
                Resolution::Wait => continue,
                Resolution::Adopt(id) => {
                    claimed.push(*id);
                    let order = listing.orders.iter().find(|o| o.id == *id).cloned();
                    let id = *id;
                    Box::new(move |r: &mut CopyRow| {
                        r.order_id = Some(id);
                        r.state = RowState::Order(OrderStatus::Accepted);
                        r.status_description = None;
                        if let Some(order) = &order {
                            r.absorb(order);
                        }
                    })
                }
                Resolution::NotPlaced(reason) => {
                    let reason = reason.clone();
                    Box::new(move |r: &mut CopyRow| {
                        r.state = RowState::FailedToPlace;
                        r.status_description = Some(reason);
                    })
                }
                Resolution::Ambiguous(reason) => {
                    if row.state == RowState::Unsettled
                        && row.status_description.as_deref() == Some(reason.as_str())
                    {
                        continue;
                    }
                    let reason = reason.clone();
                    Box::new(move |r: &mut CopyRow| {
                        r.state = RowState::Unsettled;
                        r.status_description = Some(reason);
                    })
                }
            };
            tracing::info!(account = %account, session = %key.2, resolution = ?resolution, "row settled from the order listing");
            if let Some(session) = self.book.update_row(key, index, account, change) {
                self.save(&session);
            }
        }
    }
}

impl OrderObserver for SessionKeeper {
    fn orders_seen(&self, account: AccountId, listing: OrderListing<'_>) {
        for session in self.book.absorb(account, listing.orders) {
            self.save(&session);
        }
        self.reconcile(account, listing);
    }
}
