//! Keeps the read model and the repository in step: journals fan-outs before they are sent, records
//! each outcome as it arrives, hears every account poll, and settles rows whose write is not known.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::reconcile::{Resolution, resolve};
use super::{CopyRow, CopySession, RepositoryError, RowState, SessionBook, SessionRepository};
use crate::account::{EventFit, OrderListing, OrderObserver};
use crate::broker::{OrderEvent, SubmitOutcome};
use crate::copy::TradeKind;
use crate::ids::{AccountId, AgentId, BrokerOrderId, SessionId};
use crate::order::{BrokerOrder, OrderStatus};

/// Where a session lives: agent, kind and id.
pub type SessionKey = (AgentId, TradeKind, SessionId);

/// Outcomes of a fan-out recorded in the book before its session is stored again, at the fewest.
/// Each store writes the whole session, so storing after every row would cost the square of its
/// size; a row whose outcome is not stored yet is still `PENDING` in the store, which a restart
/// settles from the account's order listing like any interrupted write (nothing is ever resent).
pub const SETTLED_ROWS_PER_SAVE: usize = 64;
/// Stores of a large fan-out's session while its answers arrive (besides the journal and the last
/// one), so the cost of storing stays linear in its size.
pub const INTERIM_SAVES: usize = 3;

/// How often the sessions order events changed are stored (see [`SessionKeeper::store_event_changes`]).
pub const EVENT_STORE_EVERY: std::time::Duration = std::time::Duration::from_millis(500);

/// Outcomes of one fan-out not stored yet.
#[derive(Debug, Clone, Copy)]
struct Unsaved {
    count: usize,
    every: usize,
}

impl Unsaved {
    fn for_rows(rows: usize) -> Self {
        Self {
            count: 0,
            every: SETTLED_ROWS_PER_SAVE.max(rows / (INTERIM_SAVES + 1)),
        }
    }
}

/// The session book plus its persistence; the accounts' order observer.
pub struct SessionKeeper {
    book: SessionBook,
    repository: Arc<dyn SessionRepository>,
    writing: Mutex<HashMap<AccountId, usize>>,
    /// Per session in fan-out: outcomes recorded since it was last stored, and how many make a store.
    unsaved: Mutex<HashMap<SessionKey, Unsaved>>,
    /// Sessions order events changed since they were last stored; stored together by
    /// [`SessionKeeper::store_event_changes`], so a burst of one fan-out's events stores its session once.
    event_changes: Mutex<std::collections::HashSet<SessionKey>>,
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
            unsaved: Mutex::new(HashMap::new()),
            event_changes: Mutex::default(),
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
        self.unsaved
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(
                (session.agent, session.kind, session.id),
                Unsaved::for_rows(session.rows.len()),
            );
        self.book.put(session);
        Ok(())
    }

    /// Records what one account's write came to in the book as soon as it is known; the session is
    /// stored again every [`SETTLED_ROWS_PER_SAVE`] outcomes (or every quarter of its rows when
    /// that is more, see [`INTERIM_SAVES`]) and by [`SessionKeeper::store_fan_out`].
    pub fn settle_row(
        &self,
        key: SessionKey,
        index: usize,
        account: AccountId,
        outcome: &SubmitOutcome,
    ) {
        if !self
            .book
            .update_row(key, index, account, |row| row.settle(outcome))
        {
            return;
        }
        let due = {
            let mut unsaved = self.unsaved.lock().unwrap_or_else(PoisonError::into_inner);
            let entry = unsaved.entry(key).or_insert(Unsaved::for_rows(0));
            entry.count += 1;
            let due = entry.count >= entry.every;
            if due {
                entry.count = 0;
            }
            due
        };
        if due {
            self.store(key);
        }
    }

    /// Stores a fan-out's session with every outcome recorded so far and flushes (once all of its
    /// writes have answered).
    pub fn store_fan_out(&self, key: SessionKey) {
        self.unsaved
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&key);
        self.store(key);
        self.flush();
    }

    /// Stores the session as the book holds it now.
    fn store(&self, key: SessionKey) {
        if let Some(session) = self.book.session(key.0, key.2) {
            self.save(&session);
        }
    }

    /// Stores every session order events changed since the last call, once each; answers how many.
    /// The services call it on a short timer and at shutdown. An event's change not stored yet is
    /// lost only to a crash, and the account's next listing (a catch-up or a poll) brings it back.
    pub fn store_event_changes(&self) -> usize {
        let changed: Vec<SessionKey> = self
            .event_changes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .drain()
            .collect();
        for key in &changed {
            self.store(*key);
        }
        changed.len()
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
            if self.book.update_row(key, index, account, change) {
                self.store(key);
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

    fn order_read(&self, account: AccountId, order: &BrokerOrder) {
        for session in self.book.absorb(account, std::slice::from_ref(order)) {
            self.save(&session);
        }
    }

    fn order_event(&self, account: AccountId, event: &OrderEvent) -> EventFit {
        let (fit, changed) = self.book.apply_event(account, event);
        if let Some(session) = changed {
            self.event_changes
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .insert((session.agent, session.kind, session.id));
        }
        fit
    }

    fn needs_read(&self, account: AccountId, order: BrokerOrderId) -> bool {
        !self.book.order_complete(account, order)
    }

    fn awaits_orders(&self, account: AccountId) -> bool {
        self.is_writing(account) || !self.book.unresolved(account).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;
    use crate::ids::BrokerOrderId;
    use crate::order::{Instruction, OrderLeg, OrderRequest};

    /// Stores the last saved copy of each session and counts saves and flushes.
    #[derive(Default)]
    struct Counting {
        saved: Mutex<HashMap<SessionId, CopySession>>,
        saves: Mutex<usize>,
        flushes: Mutex<usize>,
    }

    impl SessionRepository for Counting {
        fn save(&self, session: &CopySession) -> Result<(), RepositoryError> {
            *self.saves.lock().unwrap_or_else(PoisonError::into_inner) += 1;
            self.saved
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .insert(session.id, session.clone());
            Ok(())
        }
        fn flush(&self) -> Result<(), RepositoryError> {
            *self.flushes.lock().unwrap_or_else(PoisonError::into_inner) += 1;
            Ok(())
        }
        fn next_session_id(&self, _agent: AgentId) -> Result<SessionId, RepositoryError> {
            Ok(SessionId(1))
        }
        fn load_all(&self) -> Result<Vec<CopySession>, RepositoryError> {
            Ok(Vec::new())
        }
    }

    impl Counting {
        fn saves(&self) -> usize {
            *self.saves.lock().unwrap_or_else(PoisonError::into_inner)
        }
        fn stored_settled(&self) -> usize {
            self.saved
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .get(&SessionId(1))
                .map_or(0, |s| {
                    s.rows.iter().filter(|r| r.order_id.is_some()).count()
                })
        }
    }

    /// Journals a session of one pending row per account (1..=accounts), then settles every row.
    fn settle_all(accounts: usize) -> (Arc<Counting>, Arc<SessionKeeper>) {
        let repository = Arc::new(Counting::default());
        let keeper = SessionKeeper::load(repository.clone()).expect("empty");
        let request = OrderRequest::limit(
            OrderLeg::equity(Instruction::Buy, 1, "AAPL"),
            rust_decimal::Decimal::ONE,
        );
        let now = Utc::now();
        let rows = (1..=accounts as u64)
            .map(|a| CopyRow::pending(AccountId(a), request.clone(), None, now))
            .collect();
        let key = (AgentId(1), TradeKind::Common, SessionId(1));
        keeper
            .journal(CopySession {
                id: SessionId(1),
                agent: AgentId(1),
                kind: TradeKind::Common,
                created_at: now,
                rows,
                replaced_session: None,
            })
            .expect("journaled");
        for index in 0..accounts {
            let account = AccountId(index as u64 + 1);
            let order = BrokerOrderId(1_000 + index as i64);
            keeper.settle_row(key, index, account, &SubmitOutcome::Placed(order));
        }
        (repository, keeper)
    }

    #[test]
    fn a_burst_of_order_events_stores_their_session_once() {
        let accounts = 100;
        let (repository, keeper) = settle_all(accounts);
        let key = (AgentId(1), TradeKind::Common, SessionId(1));
        keeper.store_fan_out(key);
        let before = repository.saves();
        for index in 0..accounts {
            let event = crate::broker::OrderEvent {
                account: crate::broker::AccountHash(format!("H{index}")),
                order: BrokerOrderId(1_000 + index as i64),
                change: crate::broker::OrderChange::Filled {
                    filled: 1,
                    remaining: 0,
                    price: rust_decimal::Decimal::ONE,
                },
                at: Utc::now(),
            };
            let fit = keeper.order_event(AccountId(index as u64 + 1), &event);
            assert_eq!(fit, EventFit::Applied);
        }
        assert_eq!(repository.saves(), before);
        assert_eq!(keeper.store_event_changes(), 1);
        assert_eq!(repository.saves(), before + 1);
        let stored = repository
            .saved
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&SessionId(1))
            .map(|s| s.rows.iter().filter(|r| r.filled_quantity == 1).count());
        assert_eq!(stored, Some(accounts));
        assert_eq!(keeper.store_event_changes(), 0);
    }

    #[test]
    fn a_large_fan_out_is_stored_a_bounded_number_of_times() {
        let (repository, keeper) = settle_all(1_000);
        // The journal, then every quarter of the rows.
        assert_eq!(repository.saves(), 1 + INTERIM_SAVES + 1);
        assert_eq!(repository.stored_settled(), 1_000);
        keeper.store_fan_out((AgentId(1), TradeKind::Common, SessionId(1)));
        assert_eq!(repository.saves(), INTERIM_SAVES + 3);
    }

    #[test]
    fn a_fan_out_is_stored_every_batch_of_outcomes_and_once_more_at_its_end() {
        let accounts = 2 * SETTLED_ROWS_PER_SAVE + 2;
        let (repository, keeper) = settle_all(accounts);
        let key = (AgentId(1), TradeKind::Common, SessionId(1));
        // Two full batches stored; the last two outcomes are in the book only.
        assert_eq!(repository.saves(), 3);
        assert_eq!(repository.stored_settled(), 2 * SETTLED_ROWS_PER_SAVE);
        assert_eq!(
            keeper.book().session(AgentId(1), SessionId(1)).map(|s| s
                .rows
                .iter()
                .filter(|r| r.order_id.is_some())
                .count()),
            Some(accounts)
        );
        keeper.store_fan_out(key);
        assert_eq!(repository.saves(), 4);
        assert_eq!(repository.stored_settled(), accounts);
        assert_eq!(
            *repository
                .flushes
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
            2
        );
        assert!(keeper.book().accounts_with_unresolved_rows().is_empty());
    }
}
