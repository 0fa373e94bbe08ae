//! The read model: every agent's sessions per kind, kept current from account polls, with a version
//! that changes exactly when something the tables show changed.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{PoisonError, RwLock};

use chrono::{DateTime, Utc};

use super::status_color::ColorFacts;
use super::{CopyRow, CopySession, TradeKind};
use crate::account::EventFit;
use crate::broker::OrderEvent;
use crate::ids::{AccountId, AgentId, BrokerOrderId, SessionId};
use crate::order::BrokerOrder;

#[derive(Debug, Default)]
struct Shelf {
    version: u64,
    /// Versions below this one are not answered with a delta (made by another process, or from
    /// before the rows' account names changed).
    floor: u64,
    sessions: BTreeMap<SessionId, CopySession>,
    /// The version at which each session last changed.
    changed: HashMap<SessionId, u64>,
    /// The same, by version, for "changed since".
    by_version: BTreeMap<u64, SessionId>,
    /// Per session, the accounts with more than one row (a session's rows never change in number;
    /// most have one row per account, and a settled row then needs no look at the others).
    shared: HashMap<SessionId, HashSet<AccountId>>,
}

impl Shelf {
    fn new(floor: u64) -> Self {
        Self {
            floor,
            ..Self::default()
        }
    }

    /// Records that `id` changed at `version`, the newest of the shelf.
    fn mark(&mut self, id: SessionId, version: u64) {
        if let Some(old) = self.changed.insert(id, version) {
            self.by_version.remove(&old);
        }
        self.by_version.insert(version, id);
        self.version = self.version.max(version);
    }
}

/// What changed on a shelf since a version a client holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Changes {
    /// The version is unknown or too old: every session, newest first.
    Full(Vec<CopySession>),
    /// The sessions changed since that version, newest first (none when nothing changed).
    Since(Vec<CopySession>),
}

/// Where a session lives in the book.
type SessionKey = (AgentId, TradeKind, SessionId);

/// What the book's indexes need to know of one row.
#[derive(Debug, Clone, Copy)]
struct RowFacts {
    key: SessionKey,
    account: AccountId,
    order_id: Option<BrokerOrderId>,
    replaces: Option<BrokerOrderId>,
    unresolved: bool,
    /// Whether some row of the same account in the same session is pending or unsettled.
    account_waits: bool,
}

impl RowFacts {
    fn of(key: SessionKey, row: &CopyRow, account_waits: bool) -> Self {
        Self {
            key,
            account: row.account,
            order_id: row.order_id,
            replaces: row.replaces,
            unresolved: row.is_unresolved(),
            account_waits,
        }
    }
}

#[derive(Debug, Default)]
struct Inner {
    shelves: HashMap<(AgentId, TradeKind), Shelf>,
    by_order: HashMap<(AccountId, BrokerOrderId), SessionKey>,
    by_account: HashMap<AccountId, Vec<BrokerOrderId>>,
    /// (account, replaced order) → the session whose row replaced it.
    by_replaced: HashMap<(AccountId, BrokerOrderId), SessionKey>,
    /// Sessions with a pending or unsettled row, per account of such a row.
    unresolved: HashMap<AccountId, BTreeSet<SessionKey>>,
}

/// The first version of a table made in this process: the time in microseconds, so a version a client
/// kept from an earlier process is below every version of this one.
#[must_use]
pub fn version_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| u64::try_from(d.as_micros()).unwrap_or(u64::MAX / 2))
}

/// In-memory sessions by agent and kind, indexed by (account, order id) for poll updates.
///
/// Versions are shared by all shelves and only grow; they start at the book's creation time in
/// microseconds, so a version a client kept from an earlier process is below every version of this one.
#[derive(Debug)]
pub struct SessionBook {
    inner: RwLock<Inner>,
    versions: AtomicU64,
    /// The first version of this book; anything below it was made by another process.
    seed: u64,
}

impl Default for SessionBook {
    fn default() -> Self {
        Self::new()
    }
}

impl SessionBook {
    /// An empty book.
    #[must_use]
    pub fn new() -> Self {
        let seed = version_seed();
        Self {
            inner: RwLock::default(),
            versions: AtomicU64::new(seed),
            seed,
        }
    }

    fn next_version(&self) -> u64 {
        self.versions.fetch_add(1, Ordering::Relaxed) + 1
    }

    fn index(inner: &mut Inner, session: &CopySession) {
        let key = (session.agent, session.kind, session.id);
        // Which accounts wait matters only to a resolved row; a fan-out's rows are all still pending
        // when it is written down, so the set is left empty then.
        let waiting: HashSet<AccountId> = if session.rows.iter().all(CopyRow::is_unresolved) {
            HashSet::new()
        } else {
            session
                .rows
                .iter()
                .filter(|r| r.is_unresolved())
                .map(|r| r.account)
                .collect()
        };
        for row in &session.rows {
            Self::index_row(
                inner,
                &RowFacts::of(key, row, waiting.contains(&row.account)),
            );
        }
    }

    /// Brings the indexes up to date with one row; costs the same however many rows its session has.
    fn index_row(inner: &mut Inner, facts: &RowFacts) {
        let RowFacts {
            key,
            account,
            order_id,
            replaces,
            unresolved,
            account_waits,
        } = *facts;
        if let Some(id) = order_id {
            let known = inner.by_order.insert((account, id), key).is_some();
            if !known {
                inner.by_account.entry(account).or_default().push(id);
            }
        }
        if let Some(old) = replaces {
            inner.by_replaced.insert((account, old), key);
        }
        if unresolved {
            inner.unresolved.entry(account).or_default().insert(key);
        } else if !account_waits && let Some(sessions) = inner.unresolved.get_mut(&account) {
            sessions.remove(&key);
            if sessions.is_empty() {
                inner.unresolved.remove(&account);
            }
        }
    }

    /// Adds or replaces a session.
    pub fn put(&self, session: CopySession) {
        let mut inner = self.inner.write().unwrap_or_else(PoisonError::into_inner);
        // Taken under the lock, so that versions are applied in the order they are made.
        let version = self.next_version();
        Self::index(&mut inner, &session);
        let seed = self.seed;
        let shelf = inner
            .shelves
            .entry((session.agent, session.kind))
            .or_insert_with(|| Shelf::new(seed));
        shelf.mark(session.id, version);
        let mut seen = HashSet::with_capacity(session.rows.len());
        let shared: HashSet<AccountId> = session
            .rows
            .iter()
            .filter(|row| !seen.insert(row.account))
            .map(|row| row.account)
            .collect();
        if shared.is_empty() {
            shelf.shared.remove(&session.id);
        } else {
            shelf.shared.insert(session.id, shared);
        }
        shelf.sessions.insert(session.id, session);
    }

    /// Changes row `index` of a session in place (it must be `account`'s); `false` when the session
    /// or row is not in the book. Costs the same however many rows the session has but for one scan
    /// of its rows' accounts, so settling every row of a large fan-out stays linear.
    pub fn update_row(
        &self,
        key: (AgentId, TradeKind, SessionId),
        index: usize,
        account: AccountId,
        change: impl FnOnce(&mut CopyRow),
    ) -> bool {
        let mut guard = self.inner.write().unwrap_or_else(PoisonError::into_inner);
        let inner = &mut *guard;
        let (agent, kind, id) = key;
        let Some(shelf) = inner.shelves.get_mut(&(agent, kind)) else {
            return false;
        };
        let Some(session) = shelf.sessions.get_mut(&id) else {
            return false;
        };
        let Some(row) = session.rows.get_mut(index).filter(|r| r.account == account) else {
            return false;
        };
        change(row);
        // Only a settled row needs to know whether its account still waits on another row here,
        // and only when its account has other rows here.
        let waits = !row.is_unresolved()
            && shelf
                .shared
                .get(&id)
                .is_some_and(|shared| shared.contains(&account))
            && session
                .rows
                .iter()
                .any(|r| r.account == account && r.is_unresolved());
        let facts = session
            .rows
            .get(index)
            .map(|row| RowFacts::of(key, row, waits));
        let version = self.next_version();
        shelf.mark(id, version);
        if let Some(facts) = facts {
            Self::index_row(inner, &facts);
        }
        true
    }

    /// The version of an agent's sessions of one kind (0 before any).
    #[must_use]
    pub fn version(&self, agent: AgentId, kind: TradeKind) -> u64 {
        let inner = self.inner.read().unwrap_or_else(PoisonError::into_inner);
        inner.shelves.get(&(agent, kind)).map_or(0, |s| s.version)
    }

    /// The version and the sessions, newest first.
    #[must_use]
    pub fn view(&self, agent: AgentId, kind: TradeKind) -> (u64, Vec<CopySession>) {
        let inner = self.inner.read().unwrap_or_else(PoisonError::into_inner);
        inner
            .shelves
            .get(&(agent, kind))
            .map_or((0, Vec::new()), |shelf| {
                (
                    shelf.version,
                    shelf.sessions.values().rev().cloned().collect(),
                )
            })
    }

    /// The version and what changed since `since` (a version this shelf answered before), under one
    /// look so the two agree. A `since` the shelf cannot vouch for (newer than its version, older than
    /// its floor, or 0) gets every session.
    #[must_use]
    pub fn changes_since(&self, agent: AgentId, kind: TradeKind, since: u64) -> (u64, Changes) {
        let inner = self.inner.read().unwrap_or_else(PoisonError::into_inner);
        let Some(shelf) = inner.shelves.get(&(agent, kind)) else {
            return (0, Changes::Full(Vec::new()));
        };
        if since < shelf.floor || since > shelf.version {
            return (
                shelf.version,
                Changes::Full(shelf.sessions.values().rev().cloned().collect()),
            );
        }
        let mut ids: Vec<SessionId> = shelf
            .by_version
            .range(since + 1..)
            .map(|(_, id)| *id)
            .collect();
        ids.sort_unstable_by(|a, b| b.cmp(a));
        let changed = ids
            .iter()
            .filter_map(|id| shelf.sessions.get(id).cloned())
            .collect();
        (shelf.version, Changes::Since(changed))
    }

    /// Marks every table of the agent as changed as a whole (its rows name accounts, and an account's
    /// name changed): the version moves on and no earlier version gets a delta.
    pub fn renew_agent(&self, agent: AgentId) {
        let mut inner = self.inner.write().unwrap_or_else(PoisonError::into_inner);
        let version = self.next_version();
        for shelf in inner
            .shelves
            .iter_mut()
            .filter_map(|((owner, _), shelf)| (*owner == agent).then_some(shelf))
        {
            shelf.version = version;
            shelf.floor = version;
        }
    }

    /// One session of the agent (ids are unique per agent across kinds).
    #[must_use]
    pub fn session(&self, agent: AgentId, id: SessionId) -> Option<CopySession> {
        let inner = self.inner.read().unwrap_or_else(PoisonError::into_inner);
        inner
            .shelves
            .iter()
            .filter(|((owner, _), _)| *owner == agent)
            .find_map(|(_, shelf)| shelf.sessions.get(&id).cloned())
    }

    /// Shows `visit` every row of the agent's sessions (every kind) without copying any, under the
    /// book's read lock (so `visit` must not call the book).
    pub fn visit_rows(&self, agent: AgentId, mut visit: impl FnMut(&CopyRow)) {
        let inner = self.inner.read().unwrap_or_else(PoisonError::into_inner);
        inner
            .shelves
            .iter()
            .filter(|((owner, _), _)| *owner == agent)
            .flat_map(|(_, shelf)| shelf.sessions.values())
            .flat_map(|session| session.rows.iter())
            .for_each(&mut visit);
    }

    /// The session and row (of the agent) whose order replaced `order` of `account`, if copydesk made
    /// that replace.
    #[must_use]
    pub fn successor(
        &self,
        agent: AgentId,
        account: AccountId,
        order: BrokerOrderId,
    ) -> Option<(SessionId, CopyRow)> {
        let inner = self.inner.read().unwrap_or_else(PoisonError::into_inner);
        let &(owner, kind, id) = inner.by_replaced.get(&(account, order))?;
        if owner != agent {
            return None;
        }
        let session = inner.shelves.get(&(owner, kind))?.sessions.get(&id)?;
        let row = session
            .rows
            .iter()
            .find(|r| r.account == account && r.replaces == Some(order))?;
        Some((id, row.clone()))
    }

    /// The order ids of an account already claimed by some row (never adopted twice).
    #[must_use]
    pub fn claimed_ids(&self, account: AccountId) -> Vec<BrokerOrderId> {
        let inner = self.inner.read().unwrap_or_else(PoisonError::into_inner);
        inner.by_account.get(&account).cloned().unwrap_or_default()
    }

    /// The pending or unsettled rows of an account: the session, the row's index in it and the row,
    /// oldest session first.
    #[must_use]
    pub fn unresolved(&self, account: AccountId) -> Vec<(SessionKey, usize, CopyRow)> {
        let inner = self.inner.read().unwrap_or_else(PoisonError::into_inner);
        let Some(keys) = inner.unresolved.get(&account) else {
            return Vec::new();
        };
        let mut found = Vec::new();
        for key in keys {
            let Some(session) = inner
                .shelves
                .get(&(key.0, key.1))
                .and_then(|shelf| shelf.sessions.get(&key.2))
            else {
                continue;
            };
            found.extend(
                session
                    .rows
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| r.account == account && r.is_unresolved())
                    .map(|(index, r)| (*key, index, r.clone())),
            );
        }
        found
    }

    /// Every account with a pending or unsettled row.
    #[must_use]
    pub fn accounts_with_unresolved_rows(&self) -> Vec<AccountId> {
        let inner = self.inner.read().unwrap_or_else(PoisonError::into_inner);
        inner.unresolved.keys().copied().collect()
    }

    /// Every account with a pending or unsettled row, with the entry time of its newest such row.
    #[must_use]
    pub fn unresolved_accounts(&self) -> Vec<(AccountId, DateTime<Utc>)> {
        let inner = self.inner.read().unwrap_or_else(PoisonError::into_inner);
        inner
            .unresolved
            .iter()
            .filter_map(|(account, keys)| {
                keys.iter()
                    .filter_map(|key| {
                        inner
                            .shelves
                            .get(&(key.0, key.1))
                            .and_then(|shelf| shelf.sessions.get(&key.2))
                    })
                    .flat_map(|session| session.rows.iter())
                    .filter(|r| r.account == *account && r.is_unresolved())
                    .map(|r| r.entered_time)
                    .max()
                    .map(|newest| (*account, newest))
            })
            .collect()
    }

    /// Whether the account holds a row that is not final (an open order, a pending or unsettled
    /// write). Looks at the account's own orders, newest first, not at the whole book.
    #[must_use]
    pub fn has_unfinished_rows(&self, account: AccountId) -> bool {
        let inner = self.inner.read().unwrap_or_else(PoisonError::into_inner);
        if inner.unresolved.contains_key(&account) {
            return true;
        }
        let Some(orders) = inner.by_account.get(&account) else {
            return false;
        };
        orders.iter().rev().any(|order| {
            inner
                .by_order
                .get(&(account, *order))
                .and_then(|(agent, kind, session)| {
                    inner
                        .shelves
                        .get(&(*agent, *kind))
                        .and_then(|shelf| shelf.sessions.get(session))
                })
                .is_some_and(|session| {
                    session.rows.iter().any(|r| {
                        r.account == account && r.order_id == Some(*order) && !r.is_final()
                    })
                })
        })
    }

    /// For every account holding a row that is not final (an open order, a pending or unsettled
    /// write), the entry time of its oldest such row: how far back the account's order listings
    /// must reach to keep those rows current and settle them. Reads every row of the book.
    #[must_use]
    pub fn oldest_unfinished_rows(&self) -> HashMap<AccountId, DateTime<Utc>> {
        let inner = self.inner.read().unwrap_or_else(PoisonError::into_inner);
        let mut oldest: HashMap<AccountId, DateTime<Utc>> = HashMap::new();
        let rows = inner
            .shelves
            .values()
            .flat_map(|shelf| shelf.sessions.values())
            .flat_map(|session| session.rows.iter())
            .filter(|r| !r.is_final());
        for row in rows {
            oldest
                .entry(row.account)
                .and_modify(|at| *at = (*at).min(row.entered_time))
                .or_insert(row.entered_time);
        }
        oldest
    }

    /// Applies what a poll or an order read saw to the rows of those orders; returns the keys
    /// (agent, kind, id) of the sessions that changed.
    pub fn absorb(
        &self,
        account: AccountId,
        orders: &[BrokerOrder],
    ) -> Vec<(AgentId, TradeKind, SessionId)> {
        let mut inner = self.inner.write().unwrap_or_else(PoisonError::into_inner);
        let mut touched: BTreeMap<(AgentId, TradeKind, SessionId), ()> = BTreeMap::new();
        for order in orders {
            let Some(&(agent, kind, session)) = inner.by_order.get(&(account, order.id)) else {
                continue;
            };
            let Some(shelf) = inner.shelves.get_mut(&(agent, kind)) else {
                continue;
            };
            let Some(found) = shelf.sessions.get_mut(&session) else {
                continue;
            };
            let mut changed = false;
            for row in found
                .rows
                .iter_mut()
                .filter(|r| r.account == account && r.order_id == Some(order.id))
            {
                changed |= row.absorb(order);
            }
            if changed {
                touched.insert((agent, kind, session), ());
            }
        }
        let changed: Vec<_> = touched.into_keys().collect();
        for &(agent, kind, session) in &changed {
            let version = self.next_version();
            if let Some(shelf) = inner.shelves.get_mut(&(agent, kind)) {
                shelf.mark(session, version);
            }
        }
        changed
    }

    /// Whether every row of `order` is final and holds all its figures: a fill price where anything
    /// filled, and no spread (whose net price only a read tells). False for an order no row holds.
    #[must_use]
    pub fn order_complete(&self, account: AccountId, order: BrokerOrderId) -> bool {
        let inner = self.inner.read().unwrap_or_else(PoisonError::into_inner);
        let Some(&(agent, kind, session)) = inner.by_order.get(&(account, order)) else {
            return false;
        };
        let Some(found) = inner
            .shelves
            .get(&(agent, kind))
            .and_then(|shelf| shelf.sessions.get(&session))
        else {
            return false;
        };
        let mut rows = found
            .rows
            .iter()
            .filter(|r| r.account == account && r.order_id == Some(order))
            .peekable();
        rows.peek().is_some()
            && rows.all(|r| {
                r.is_final()
                    && r.request.legs.len() <= 1
                    && (r.filled_quantity == 0 || r.average_price.is_some())
            })
    }

    /// Applies one pushed order event to the rows of that order; answers how it fitted and the key
    /// (agent, kind, id) of the session when it changed.
    pub fn apply_event(
        &self,
        account: AccountId,
        event: &OrderEvent,
    ) -> (EventFit, Option<(AgentId, TradeKind, SessionId)>) {
        let mut inner = self.inner.write().unwrap_or_else(PoisonError::into_inner);
        let Some(&(agent, kind, session)) = inner.by_order.get(&(account, event.order)) else {
            return (EventFit::Unknown, None);
        };
        let Some(found) = inner
            .shelves
            .get_mut(&(agent, kind))
            .and_then(|shelf| shelf.sessions.get_mut(&session))
        else {
            return (EventFit::Unknown, None);
        };
        let mut changed = false;
        let mut fit = EventFit::Applied;
        for row in found
            .rows
            .iter_mut()
            .filter(|r| r.account == account && r.order_id == Some(event.order))
        {
            let (row_changed, row_fit) = row.apply_event(&event.change, event.at);
            changed |= row_changed;
            if row_fit == EventFit::NeedsRead {
                fit = EventFit::NeedsRead;
            }
        }
        if !changed {
            return (fit, None);
        }
        let version = self.next_version();
        if let Some(shelf) = inner.shelves.get_mut(&(agent, kind)) {
            shelf.mark(session, version);
        }
        (fit, Some((agent, kind, session)))
    }
}

/// An order for the tests of the book and the keeper: MARKET, 5 ordered and `filled` of them filled,
/// WORKING.
#[cfg(test)]
pub(crate) fn working_order(order: i64, filled: u32) -> BrokerOrder {
    use crate::order::{ComplexOrderStrategy, Duration, OrderStatus, OrderType, Session};
    BrokerOrder {
        id: BrokerOrderId(order),
        session: Session::Normal,
        duration: Duration::Day,
        order_type: OrderType::Market,
        complex_order_strategy_type: ComplexOrderStrategy::None,
        quantity: 5,
        filled_quantity: filled,
        remaining_quantity: 5 - filled,
        price: None,
        stop_price: None,
        stop_price_link_basis: None,
        stop_price_link_type: None,
        stop_price_offset: None,
        status: OrderStatus::Working,
        status_description: None,
        entered_time: chrono::DateTime::UNIX_EPOCH,
        close_time: None,
        legs: Vec::new(),
        average_fill_price: None,
        first_fill_time: None,
        last_fill_time: None,
        strategy: crate::order::OrderStrategy::Single,
        parent: None,
    }
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;
    use crate::order::{Instruction, OrderLeg, OrderRequest};

    fn session(id: u64, rows: &[(u64, i64)]) -> CopySession {
        let request = OrderRequest::market(OrderLeg::equity(Instruction::Buy, 1, "AAPL"));
        CopySession {
            id: SessionId(id),
            agent: AgentId(1),
            kind: TradeKind::Common,
            created_at: Utc::now(),
            rows: rows
                .iter()
                .map(|(account, order)| {
                    let mut row = CopyRow::failed(
                        AccountId(*account),
                        request.clone(),
                        String::new(),
                        Utc::now(),
                    );
                    row.order_id = Some(BrokerOrderId(*order));
                    row
                })
                .collect(),
            replaced_session: None,
        }
    }

    #[test]
    fn an_account_has_unfinished_rows_while_any_of_its_orders_is_open() {
        let book = SessionBook::new();
        let mut opened = session(1, &[(1, 10), (2, 20)]);
        opened.rows[0].state = super::super::RowState::Order(crate::order::OrderStatus::Working);
        book.put(opened);
        book.put(session(2, &[(1, 11), (3, 30)]));
        assert!(book.has_unfinished_rows(AccountId(1)), "order 10 works");
        assert!(
            !book.has_unfinished_rows(AccountId(2)),
            "failed rows are final"
        );
        assert!(!book.has_unfinished_rows(AccountId(3)));
        assert!(!book.has_unfinished_rows(AccountId(4)), "no rows at all");
        let request = OrderRequest::market(OrderLeg::equity(Instruction::Buy, 1, "AAPL"));
        book.put(CopySession {
            rows: vec![CopyRow::pending(AccountId(4), request, None, Utc::now())],
            ..session(3, &[])
        });
        assert!(book.has_unfinished_rows(AccountId(4)), "a pending write");
    }

    #[test]
    fn an_account_waits_until_every_one_of_its_rows_in_a_session_is_settled() {
        let book = SessionBook::new();
        let request = OrderRequest::market(OrderLeg::equity(Instruction::Buy, 1, "AAPL"));
        let pending =
            |account| CopyRow::pending(AccountId(account), request.clone(), None, Utc::now());
        book.put(CopySession {
            id: SessionId(1),
            agent: AgentId(1),
            kind: TradeKind::Common,
            created_at: Utc::now(),
            rows: vec![pending(1), pending(2), pending(1)],
            replaced_session: None,
        });
        let key = (AgentId(1), TradeKind::Common, SessionId(1));
        let placed = |order| crate::broker::SubmitOutcome::Placed(BrokerOrderId(order));
        assert!(book.update_row(key, 0, AccountId(1), |r| r.settle(&placed(10))));
        assert!(book.update_row(key, 1, AccountId(2), |r| r.settle(&placed(20))));
        // Account 1's second row still waits; account 2 has no other row.
        assert_eq!(book.accounts_with_unresolved_rows(), vec![AccountId(1)]);
        assert!(book.update_row(key, 2, AccountId(1), |r| r.settle(&placed(11))));
        assert!(book.accounts_with_unresolved_rows().is_empty());
    }

    #[test]
    fn claimed_ids_are_per_account_and_listed_once() {
        let book = SessionBook::new();
        book.put(session(1, &[(1, 10), (2, 20)]));
        book.put(session(2, &[(1, 11)]));
        book.put(session(2, &[(1, 11)]));
        assert_eq!(
            book.claimed_ids(AccountId(1)),
            vec![BrokerOrderId(10), BrokerOrderId(11)]
        );
        assert_eq!(book.claimed_ids(AccountId(2)), vec![BrokerOrderId(20)]);
        assert!(book.claimed_ids(AccountId(3)).is_empty());
        let (version, sessions) = book.view(AgentId(1), TradeKind::Common);
        assert_eq!(
            sessions.iter().map(|s| s.id.get()).collect::<Vec<_>>(),
            vec![2, 1],
            "newest first"
        );
        assert!(version > 0);
    }

    /// What a test does to the book between two polls of a client.
    #[derive(Debug, Clone)]
    enum Step {
        /// Adds (or replaces) session `id` on the COMMON shelf, or the STOCK shelf when `other`.
        Put { id: u64, other: bool },
        /// Changes the filled quantity of row 0 of session `id` (if it is in the book).
        Fill { id: u64, filled: u32 },
        /// An order poll of account 1 reports order `order` with `filled` filled.
        Absorb { order: i64, filled: u32 },
        /// The agent's account names changed.
        Renew,
        /// The client polls with the version it holds.
        Poll,
    }

    fn step() -> impl proptest::strategy::Strategy<Value = Step> {
        use proptest::prelude::*;
        prop_oneof![
            (1..12_u64, any::<bool>()).prop_map(|(id, other)| Step::Put { id, other }),
            (1..12_u64, 0..5_u32).prop_map(|(id, filled)| Step::Fill { id, filled }),
            (10..22_i64, 0..5_u32).prop_map(|(order, filled)| Step::Absorb { order, filled }),
            Just(Step::Renew),
            Just(Step::Poll),
            Just(Step::Poll),
        ]
    }

    fn apply(book: &SessionBook, step: &Step) {
        match *step {
            Step::Put { id, other } => {
                let order = i64::try_from(id).unwrap_or(0);
                let mut made = session(id, &[(1, order + 10), (2, order + 100)]);
                if other {
                    made.kind = TradeKind::Stock;
                }
                book.put(made);
            }
            Step::Fill { id, filled } => {
                let _ = book.update_row(
                    (AgentId(1), TradeKind::Common, SessionId(id)),
                    0,
                    AccountId(1),
                    |row| row.filled_quantity = filled,
                );
            }
            Step::Absorb { order, filled } => {
                let _ = book.absorb(AccountId(1), &[super::working_order(order, filled)]);
            }
            Step::Renew => book.renew_agent(AgentId(1)),
            Step::Poll => {}
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(128))]

        /// A client that starts empty and applies every answer of `changes_since` holds exactly
        /// the full table of the version it was told.
        #[test]
        fn deltas_applied_in_order_equal_the_full_table(
            steps in proptest::collection::vec(step(), 1..40)
        ) {
            let book = SessionBook::new();
            let mut held: BTreeMap<SessionId, CopySession> = BTreeMap::new();
            let mut since = 0;
            for step in steps.iter().chain(std::iter::once(&Step::Poll)) {
                apply(&book, step);
                if !matches!(step, Step::Poll) {
                    continue;
                }
                let (version, changes) = book.changes_since(AgentId(1), TradeKind::Common, since);
                match changes {
                    Changes::Full(all) => {
                        held = all.into_iter().map(|s| (s.id, s)).collect();
                    }
                    Changes::Since(changed) => {
                        for s in changed {
                            held.insert(s.id, s);
                        }
                    }
                }
                since = version;
                let (full_version, full) = book.view(AgentId(1), TradeKind::Common);
                proptest::prop_assert_eq!(version, full_version);
                proptest::prop_assert_eq!(held.values().rev().cloned().collect::<Vec<_>>(), full);
            }
        }
    }

    #[test]
    fn a_delta_holds_only_what_changed_and_an_unknown_version_gets_everything() {
        let book = SessionBook::new();
        book.put(session(1, &[(1, 10)]));
        book.put(session(2, &[(1, 11)]));
        let (version, _) = book.view(AgentId(1), TradeKind::Common);
        assert_eq!(
            book.changes_since(AgentId(1), TradeKind::Common, version),
            (version, Changes::Since(Vec::new()))
        );
        assert!(
            book.update_row(
                (AgentId(1), TradeKind::Common, SessionId(1)),
                0,
                AccountId(1),
                |row| row.filled_quantity = 1,
            ),
            "session 1 row 0 is account 1's"
        );
        let changed = book.session(AgentId(1), SessionId(1)).expect("in the book");
        let (newer, changes) = book.changes_since(AgentId(1), TradeKind::Common, version);
        assert!(newer > version);
        assert_eq!(changes, Changes::Since(vec![changed]));
        let (_, everything) = book.view(AgentId(1), TradeKind::Common);
        for unknown in [0, 1, newer + 1] {
            assert_eq!(
                book.changes_since(AgentId(1), TradeKind::Common, unknown),
                (newer, Changes::Full(everything.clone())),
                "since {unknown}"
            );
        }
        book.renew_agent(AgentId(1));
        let (renewed, changes) = book.changes_since(AgentId(1), TradeKind::Common, newer);
        assert!(renewed > newer);
        assert_eq!(changes, Changes::Full(everything));
    }
}
