//! The read model: every agent's sessions per kind, kept current from account polls, with a version
//! that changes exactly when something the tables show changed.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{PoisonError, RwLock};

use super::{CopyRow, CopySession, TradeKind};
use crate::ids::{AccountId, AgentId, BrokerOrderId, SessionId};
use crate::order::BrokerOrder;

#[derive(Debug, Default)]
struct Shelf {
    version: u64,
    sessions: BTreeMap<SessionId, CopySession>,
}

/// Where a session lives in the book.
type SessionKey = (AgentId, TradeKind, SessionId);

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

/// In-memory sessions by agent and kind, indexed by (account, order id) for poll updates.
#[derive(Debug, Default)]
pub struct SessionBook {
    inner: RwLock<Inner>,
    versions: AtomicU64,
}

impl SessionBook {
    /// An empty book.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    fn next_version(&self) -> u64 {
        self.versions.fetch_add(1, Ordering::Relaxed) + 1
    }

    fn index(inner: &mut Inner, session: &CopySession) {
        let key = (session.agent, session.kind, session.id);
        for row in &session.rows {
            if let Some(id) = row.order_id {
                let known = inner.by_order.insert((row.account, id), key).is_some();
                if !known {
                    inner.by_account.entry(row.account).or_default().push(id);
                }
            }
            if let Some(old) = row.replaces {
                inner.by_replaced.insert((row.account, old), key);
            }
            if row.is_unresolved() {
                inner.unresolved.entry(row.account).or_default().insert(key);
            } else if let Some(sessions) = inner.unresolved.get_mut(&row.account) {
                let still = session
                    .rows
                    .iter()
                    .any(|r| r.account == row.account && r.is_unresolved());
                if !still {
                    sessions.remove(&key);
                    if sessions.is_empty() {
                        inner.unresolved.remove(&row.account);
                    }
                }
            }
        }
    }

    /// Adds or replaces a session.
    pub fn put(&self, session: CopySession) {
        let version = self.next_version();
        let mut inner = self.inner.write().unwrap_or_else(PoisonError::into_inner);
        Self::index(&mut inner, &session);
        let shelf = inner
            .shelves
            .entry((session.agent, session.kind))
            .or_default();
        shelf.version = version;
        shelf.sessions.insert(session.id, session);
    }

    /// Changes row `index` of a session in place (it must be `account`'s); returns the session as
    /// changed, or `None` when the session or row is not in the book.
    pub fn update_row(
        &self,
        key: (AgentId, TradeKind, SessionId),
        index: usize,
        account: AccountId,
        change: impl FnOnce(&mut CopyRow),
    ) -> Option<CopySession> {
        let version = self.next_version();
        let mut inner = self.inner.write().unwrap_or_else(PoisonError::into_inner);
        let (agent, kind, id) = key;
        let shelf = inner.shelves.get_mut(&(agent, kind))?;
        let session = shelf.sessions.get_mut(&id)?;
        let row = session
            .rows
            .get_mut(index)
            .filter(|r| r.account == account)?;
        change(row);
        shelf.version = version;
        let changed = session.clone();
        Self::index(&mut inner, &changed);
        Some(changed)
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

    /// Applies what a poll saw to the rows of those orders; returns the sessions that changed.
    pub fn absorb(&self, account: AccountId, orders: &[BrokerOrder]) -> Vec<CopySession> {
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
        let mut changed = Vec::new();
        for (agent, kind, session) in touched.into_keys() {
            let version = self.next_version();
            if let Some(shelf) = inner.shelves.get_mut(&(agent, kind)) {
                shelf.version = version;
                if let Some(found) = shelf.sessions.get(&session) {
                    changed.push(found.clone());
                }
            }
        }
        changed
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
}
