//! Keeps the read model and the repository in step: journals fan-outs (intent, then outcome records),
//! hears every account poll, and settles rows whose write is not known.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use super::reconcile::{Resolution, resolve};
use super::{
    CopyRow, CopySession, Replayed, RepositoryError, RowOutcome, RowState, SessionBook,
    SessionRepository,
};
use crate::account::{EventFit, OrderListing, OrderObserver};
use crate::broker::{OrderEvent, SubmitOutcome};
use crate::copy::TradeKind;
use crate::ids::{AccountId, AgentId, BrokerOrderId, SessionId};
use crate::order::{BrokerOrder, OrderStatus};

/// Where a session lives: agent, kind and id.
pub type SessionKey = (AgentId, TradeKind, SessionId);

/// Outcome records appended before they are committed (flushed), at the most. Appending a record is
/// cheap and flushing is not, so a fan-out's outcomes are made durable in groups and once more at its
/// end; a record not committed yet is lost only to a crash, which leaves its row `PENDING` for the
/// account's order listing to settle (nothing is ever resent). A commit runs on the thread that
/// settles the answers and holds up the ones still arriving (0.2 to 4 ms measured), so a group is
/// large enough that a fan-out of up to 1,024 accounts commits once, at its end.
pub const OUTCOMES_PER_COMMIT: usize = 1_024;

/// How often the sessions order events changed are stored (see [`SessionKeeper::store_event_changes`]).
pub const EVENT_STORE_EVERY: std::time::Duration = std::time::Duration::from_millis(500);

/// The session book plus its persistence; the accounts' order observer.
pub struct SessionKeeper {
    book: SessionBook,
    repository: Arc<dyn SessionRepository>,
    writing: Mutex<HashMap<AccountId, usize>>,
    /// How many appended outcome records make a commit.
    outcomes_per_commit: usize,
    /// Outcome records appended since the last flush.
    uncommitted: Mutex<usize>,
    /// Sessions whose fan-out is running: their intent and outcome records are their journal, and
    /// they are stored whole once, at the end, with every change the book holds by then.
    fanning_out: Mutex<HashSet<SessionKey>>,
    /// Sessions changed by what the brokerage told (order events, order reads, polls' listings)
    /// since they were last stored; stored together by [`SessionKeeper::store_event_changes`], so a
    /// burst of one fan-out's events and reads stores its session once, not once per account.
    event_changes: Mutex<HashSet<SessionKey>>,
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
    /// Loads every stored session into a new book, its outcome records replayed (see
    /// [`SessionRepository::load_journal`]); committing outcome records every
    /// [`OUTCOMES_PER_COMMIT`].
    ///
    /// # Errors
    /// [`RepositoryError`] when the stored sessions cannot be read.
    pub fn load(repository: Arc<dyn SessionRepository>) -> Result<Arc<Self>, RepositoryError> {
        Self::load_committing_every(repository, OUTCOMES_PER_COMMIT)
    }

    /// [`SessionKeeper::load`], committing outcome records every `outcomes_per_commit` of them (at
    /// least one). The sessions the outcome records changed are stored whole again and their records
    /// removed, so each record is replayed by one start only.
    ///
    /// # Errors
    /// [`RepositoryError`] when the stored sessions cannot be read.
    pub fn load_committing_every(
        repository: Arc<dyn SessionRepository>,
        outcomes_per_commit: usize,
    ) -> Result<Arc<Self>, RepositoryError> {
        let replayed = repository.load_journal()?;
        let keeper = Self {
            book: SessionBook::new(),
            repository,
            writing: Mutex::new(HashMap::new()),
            outcomes_per_commit: outcomes_per_commit.max(1),
            uncommitted: Mutex::new(0),
            fanning_out: Mutex::default(),
            event_changes: Mutex::default(),
        };
        keeper.fold_outcomes(&replayed);
        for session in replayed.sessions {
            keeper.book.put(session);
        }
        Ok(Arc::new(keeper))
    }

    /// Stores whole the sessions outcome records changed at load, then removes the records of every
    /// session that had some (a failure leaves them: they are replayed again at the next start).
    fn fold_outcomes(&self, replayed: &Replayed) {
        if replayed.journaled.is_empty() {
            return;
        }
        for (agent, id) in &replayed.journaled {
            if replayed.changed.contains(&(*agent, *id)) {
                let session = replayed
                    .sessions
                    .iter()
                    .find(|s| s.agent == *agent && s.id == *id);
                if let Some(session) = session {
                    if let Err(err) = self.repository.save(session) {
                        tracing::error!(session = %id, error = %err, "session could not be stored");
                        continue;
                    }
                }
            }
            if let Err(err) = self.repository.remove_outcomes(*agent, *id) {
                tracing::error!(session = %id, error = %err, "outcome records could not be removed");
            }
        }
        tracing::info!(
            sessions = replayed.journaled.len(),
            settled = replayed.changed.len(),
            "outcome records replayed"
        );
        self.flush();
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

    /// Writes a fan-out down before anything is sent (its intent): the session with its pending rows
    /// is stored and flushed, then shown. Until [`SessionKeeper::store_fan_out`], each outcome is an
    /// outcome record and the session is not stored whole again.
    ///
    /// # Errors
    /// [`RepositoryError`] when it cannot be made durable; nothing may be sent then.
    pub fn journal(&self, session: CopySession) -> Result<(), RepositoryError> {
        self.repository.save(&session)?;
        self.commit()?;
        self.fanning_out
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert((session.agent, session.kind, session.id));
        self.book.put(session);
        Ok(())
    }

    /// Records what one account's write came to in the book as soon as it is known, and appends its
    /// outcome record (row index, account, outcome); the records are committed every
    /// [`OUTCOMES_PER_COMMIT`], by the flush the supervisor makes once every write has answered (before
    /// the command's answer), and by [`SessionKeeper::store_fan_out`].
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
        let record = RowOutcome::new(index, account, outcome);
        if let Err(err) = self.repository.append_outcome(key.0, key.2, &record) {
            tracing::error!(session = %key.2, row = index, error = %err, "outcome record could not be appended");
        }
        let due = {
            let mut uncommitted = self
                .uncommitted
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            *uncommitted += 1;
            *uncommitted >= self.outcomes_per_commit
        };
        if due {
            self.flush();
        }
    }

    /// Ends a fan-out (once all of its writes have answered): stores its session whole with every
    /// outcome recorded, flushes, then removes its outcome records. A crash before the flush leaves
    /// the intent and the committed records; one after it may leave records behind, which the whole
    /// store outranks at the next start.
    pub fn store_fan_out(&self, key: SessionKey) {
        // Out of the fan-out first, so that a change the session below misses is stored on its own.
        self.fanning_out
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&key);
        let Some(session) = self.book.session(key.0, key.2) else {
            return;
        };
        if let Err(err) = self.repository.save(&session) {
            // The records stay: committed, they still settle the rows at the next start.
            tracing::error!(session = %key.2, error = %err, "session could not be stored");
            self.flush();
            return;
        }
        if let Err(err) = self.commit() {
            tracing::error!(error = %err, "sessions could not be flushed");
            return;
        }
        if let Err(err) = self.repository.remove_outcomes(key.0, key.2) {
            tracing::error!(session = %key.2, error = %err, "outcome records could not be removed");
        }
    }

    /// Stores the session as the book holds it now, unless its fan-out is running.
    fn store(&self, key: SessionKey) {
        if self.is_fanning_out(key) {
            return;
        }
        if let Some(session) = self.book.session(key.0, key.2) {
            self.save(&session);
        }
    }

    /// Notes sessions changed by what the brokerage told (an order event, an order read or a poll's
    /// listing); [`SessionKeeper::store_event_changes`] stores them together.
    fn note_changed(&self, keys: impl IntoIterator<Item = SessionKey>) {
        self.event_changes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend(keys);
    }

    fn is_fanning_out(&self, key: SessionKey) -> bool {
        self.fanning_out
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains(&key)
    }

    /// Stores every session order events, order reads and polls changed since the last call, once
    /// each; answers how many.
    /// A session whose fan-out is running is left to the fan-out's end, which stores it whole with
    /// these changes. The services call it on a short timer and at shutdown. A change not
    /// stored yet is lost only to a crash, and the account's next listing (a catch-up or a poll) brings
    /// it back.
    pub fn store_event_changes(&self) -> usize {
        let mut changed: Vec<SessionKey> = self
            .event_changes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .drain()
            .collect();
        changed.retain(|key| !self.is_fanning_out(*key));
        for key in &changed {
            self.store(*key);
        }
        changed.len()
    }

    /// Flushes what was recorded: sessions stored and outcome records appended (a commit; also at
    /// shutdown). A failure is logged.
    pub fn flush(&self) {
        if let Err(err) = self.commit() {
            tracing::error!(error = %err, "sessions could not be flushed");
        }
    }

    /// Makes every write so far durable; the outcome records appended so far are committed.
    fn commit(&self) -> Result<(), RepositoryError> {
        *self
            .uncommitted
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = 0;
        self.repository.flush()
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
        self.note_changed(self.book.absorb(account, listing.orders));
        self.reconcile(account, listing);
    }

    fn order_read(&self, account: AccountId, order: &BrokerOrder) {
        self.note_changed(self.book.absorb(account, std::slice::from_ref(order)));
    }

    fn order_event(&self, account: AccountId, event: &OrderEvent) -> EventFit {
        let (fit, changed) = self.book.apply_event(account, event);
        self.note_changed(changed);
        fit
    }

    fn needs_read(&self, account: AccountId, order: BrokerOrderId) -> bool {
        !self.book.order_complete(account, order)
    }

    fn awaits_orders(&self, account: AccountId) -> bool {
        self.is_writing(account) || !self.book.unresolved(account).is_empty()
    }

    fn has_open_rows(&self, account: AccountId) -> bool {
        self.is_writing(account) || self.book.has_unfinished_rows(account)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use chrono::Utc;

    use super::*;
    use crate::copy::JournaledOutcome;
    use crate::ids::BrokerOrderId;
    use crate::order::{Instruction, OrderLeg, OrderRequest};

    const KEY: SessionKey = (AgentId(1), TradeKind::Common, SessionId(1));

    /// What [`Counting`] holds and has counted.
    #[derive(Default)]
    struct Counted {
        sessions: HashMap<SessionId, CopySession>,
        outcomes: BTreeMap<(AgentId, SessionId, usize), RowOutcome>,
        saves: usize,
        appends: usize,
        /// How many outcome records were held at each flush, in order.
        flushed_outcomes: Vec<usize>,
    }

    /// Stores the last saved copy of each session and its outcome records, and counts saves, appends
    /// and flushes.
    #[derive(Default)]
    struct Counting(Mutex<Counted>);

    impl Counting {
        fn lock(&self) -> std::sync::MutexGuard<'_, Counted> {
            self.0.lock().unwrap_or_else(PoisonError::into_inner)
        }
        fn saves(&self) -> usize {
            self.lock().saves
        }
        fn flushed_outcomes(&self) -> Vec<usize> {
            self.lock().flushed_outcomes.clone()
        }
        fn stored_settled(&self) -> usize {
            self.lock().sessions.get(&SessionId(1)).map_or(0, |s| {
                s.rows.iter().filter(|r| r.order_id.is_some()).count()
            })
        }
    }

    impl SessionRepository for Counting {
        fn save(&self, session: &CopySession) -> Result<(), RepositoryError> {
            let mut counted = self.lock();
            counted.saves += 1;
            counted.sessions.insert(session.id, session.clone());
            Ok(())
        }
        fn flush(&self) -> Result<(), RepositoryError> {
            let mut counted = self.lock();
            let held = counted.outcomes.len();
            counted.flushed_outcomes.push(held);
            Ok(())
        }
        fn next_session_id(&self, _agent: AgentId) -> Result<SessionId, RepositoryError> {
            Ok(SessionId(1))
        }
        fn load_all(&self) -> Result<Vec<CopySession>, RepositoryError> {
            Ok(self.lock().sessions.values().cloned().collect())
        }
        fn append_outcome(
            &self,
            agent: AgentId,
            session: SessionId,
            outcome: &RowOutcome,
        ) -> Result<(), RepositoryError> {
            let mut counted = self.lock();
            counted.appends += 1;
            counted
                .outcomes
                .insert((agent, session, outcome.index), outcome.clone());
            Ok(())
        }
        fn load_outcomes(&self) -> Result<Vec<JournaledOutcome>, RepositoryError> {
            Ok(self
                .lock()
                .outcomes
                .iter()
                .map(|((agent, session, _), outcome)| (*agent, *session, outcome.clone()))
                .collect())
        }
        fn remove_outcomes(
            &self,
            agent: AgentId,
            session: SessionId,
        ) -> Result<(), RepositoryError> {
            self.lock()
                .outcomes
                .retain(|(a, s, _), _| (*a, *s) != (agent, session));
            Ok(())
        }
    }

    /// A session of one pending row per account (1..=accounts).
    fn pending_session(accounts: usize) -> CopySession {
        let request = OrderRequest::limit(
            OrderLeg::equity(Instruction::Buy, 1, "AAPL"),
            rust_decimal::Decimal::ONE,
        );
        let now = Utc::now();
        CopySession {
            id: SessionId(1),
            agent: AgentId(1),
            kind: TradeKind::Common,
            created_at: now,
            rows: (1..=accounts as u64)
                .map(|a| CopyRow::pending(AccountId(a), request.clone(), None, now))
                .collect(),
            replaced_session: None,
        }
    }

    fn placed(index: usize) -> SubmitOutcome {
        SubmitOutcome::Placed(BrokerOrderId(1_000 + index as i64))
    }

    /// Journals a session of one pending row per account (1..=accounts), then settles every row.
    fn settle_all(accounts: usize) -> (Arc<Counting>, Arc<SessionKeeper>) {
        let repository = Arc::new(Counting::default());
        let keeper = SessionKeeper::load(repository.clone()).expect("empty");
        keeper
            .journal(pending_session(accounts))
            .expect("journaled");
        for index in 0..accounts {
            keeper.settle_row(KEY, index, AccountId(index as u64 + 1), &placed(index));
        }
        (repository, keeper)
    }

    #[test]
    fn a_burst_of_order_events_stores_their_session_once() {
        let accounts = 100;
        let (repository, keeper) = settle_all(accounts);
        keeper.store_fan_out(KEY);
        let before = repository.saves();
        for index in 0..accounts {
            let event = filled(index);
            let fit = keeper.order_event(AccountId(index as u64 + 1), &event);
            assert_eq!(fit, EventFit::Applied);
        }
        assert_eq!(repository.saves(), before);
        assert_eq!(keeper.store_event_changes(), 1);
        assert_eq!(repository.saves(), before + 1);
        let stored = repository
            .lock()
            .sessions
            .get(&SessionId(1))
            .map(|s| s.rows.iter().filter(|r| r.filled_quantity == 1).count());
        assert_eq!(stored, Some(accounts));
        assert_eq!(keeper.store_event_changes(), 0);
    }

    #[test]
    fn order_reads_and_listings_mark_their_session_for_the_timed_store() {
        let accounts = 50;
        let (repository, keeper) = settle_all(accounts);
        keeper.store_fan_out(KEY);
        let before = repository.saves();
        let now = Utc::now();
        for index in 0..accounts {
            let order = super::super::book::working_order(1_000 + index as i64, 1);
            let account = AccountId(index as u64 + 1);
            if index % 2 == 0 {
                keeper.order_read(account, &order);
            } else {
                let listing = OrderListing {
                    orders: std::slice::from_ref(&order),
                    from: now - chrono::Duration::hours(1),
                    at: now,
                };
                keeper.orders_seen(account, listing);
            }
        }
        assert_eq!(repository.saves(), before, "nothing stored per account");
        assert_eq!(keeper.store_event_changes(), 1);
        assert_eq!(repository.saves(), before + 1);
        let stored = repository
            .lock()
            .sessions
            .get(&SessionId(1))
            .map(|s| s.rows.iter().filter(|r| r.filled_quantity == 1).count());
        assert_eq!(stored, Some(accounts));
    }

    fn filled(index: usize) -> OrderEvent {
        OrderEvent {
            account: crate::broker::AccountHash(format!("H{index}")),
            order: BrokerOrderId(1_000 + index as i64),
            change: crate::broker::OrderChange::Filled {
                filled: 1,
                remaining: 0,
                price: rust_decimal::Decimal::ONE,
                legs: Vec::new(),
            },
            at: Utc::now(),
        }
    }

    #[test]
    fn a_fan_out_stores_its_session_whole_twice_and_commits_its_outcomes_in_groups() {
        let group = OUTCOMES_PER_COMMIT;
        for accounts in [
            0,
            1,
            2,
            group - 1,
            group,
            group + 1,
            2 * group - 1,
            2 * group,
            2 * group + 1,
            1_000,
        ] {
            let (repository, keeper) = settle_all(accounts);
            // The intent is the only whole store so far; every outcome is a record.
            assert_eq!(repository.saves(), 1, "{accounts} rows");
            assert_eq!(repository.stored_settled(), 0, "{accounts} rows");
            assert_eq!(repository.lock().appends, accounts);
            keeper.store_fan_out(KEY);
            assert_eq!(repository.saves(), 2, "{accounts} rows");
            assert_eq!(repository.stored_settled(), accounts);
            assert!(repository.lock().outcomes.is_empty(), "{accounts} rows");
            // The intent's flush, one commit per full group, and the end's.
            let mut commits = vec![0];
            commits.extend((1..=accounts / group).map(|g| g * group));
            commits.push(accounts);
            assert_eq!(repository.flushed_outcomes(), commits, "{accounts} rows");
            assert!(commits.len() <= 2 + accounts.div_ceil(group));
            assert!(keeper.book().accounts_with_unresolved_rows().is_empty());
        }
    }

    #[test]
    fn changes_heard_during_a_fan_out_are_stored_with_it_at_its_end() {
        let repository = Arc::new(Counting::default());
        let keeper = SessionKeeper::load(repository.clone()).expect("empty");
        keeper.journal(pending_session(2)).expect("journaled");
        keeper.settle_row(KEY, 0, AccountId(1), &placed(0));
        assert_eq!(
            keeper.order_event(AccountId(1), &filled(0)),
            EventFit::Applied
        );
        assert_eq!(keeper.store_event_changes(), 0);
        assert_eq!(repository.saves(), 1);
        keeper.settle_row(KEY, 1, AccountId(2), &placed(1));
        keeper.store_fan_out(KEY);
        assert_eq!(repository.saves(), 2);
        let stored = repository.lock().sessions.get(&SessionId(1)).cloned();
        let stored = stored.expect("stored");
        assert_eq!(stored.rows[0].filled_quantity, 1);
        assert_eq!(stored.rows[1].order_id, Some(BrokerOrderId(1_001)));
        // After the fan-out, an event's change is stored by the timer again.
        assert_eq!(
            keeper.order_event(AccountId(2), &filled(1)),
            EventFit::Applied
        );
        assert_eq!(keeper.store_event_changes(), 1);
        assert_eq!(repository.saves(), 3);
    }

    #[test]
    fn a_start_settles_pending_rows_from_their_records_and_folds_them_in() {
        let repository = Arc::new(Counting::default());
        let mut stored = pending_session(3);
        // Row 1 was settled and stored whole after its record: the record is stale.
        stored.rows[1].settle(&SubmitOutcome::Rejected("refused".into()));
        repository.save(&stored).expect("saved");
        for (index, outcome) in [(0, placed(0)), (1, placed(1)), (7, placed(7))] {
            let record = RowOutcome::new(index, AccountId(index as u64 + 1), &outcome);
            repository
                .append_outcome(AgentId(1), SessionId(1), &record)
                .expect("appended");
        }
        let record = RowOutcome::new(0, AccountId(1), &placed(0));
        repository
            .append_outcome(AgentId(1), SessionId(9), &record)
            .expect("appended");
        let saves = repository.saves();

        let keeper = SessionKeeper::load(repository.clone()).expect("loaded");
        let session = keeper
            .book()
            .session(AgentId(1), SessionId(1))
            .expect("kept");
        assert_eq!(session.rows[0].order_id, Some(BrokerOrderId(1_000)));
        assert_eq!(
            session.rows[0].state,
            RowState::Order(OrderStatus::Accepted)
        );
        assert_eq!(session.rows[1], stored.rows[1]);
        assert_eq!(session.rows[2], stored.rows[2]);
        assert!(keeper.book().session(AgentId(1), SessionId(9)).is_none());
        // Stored whole once with what the records said, every record removed, one flush.
        assert_eq!(repository.saves(), saves + 1);
        assert_eq!(
            repository.lock().sessions.get(&SessionId(1)),
            Some(&session)
        );
        assert!(repository.lock().outcomes.is_empty());
        assert_eq!(repository.flushed_outcomes(), vec![0]);
        assert_eq!(
            keeper.book().accounts_with_unresolved_rows(),
            vec![AccountId(3)]
        );
    }

    #[test]
    fn a_start_without_records_stores_nothing() {
        let repository = Arc::new(Counting::default());
        repository.save(&pending_session(2)).expect("saved");
        let keeper = SessionKeeper::load(repository.clone()).expect("loaded");
        assert!(keeper.book().session(AgentId(1), SessionId(1)).is_some());
        assert_eq!(repository.saves(), 1);
        assert!(repository.flushed_outcomes().is_empty());
    }
}
