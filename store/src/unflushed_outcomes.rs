//! Outcome records appended since the last flush, kept in memory and written as one value per session
//! when the journal is committed: a fan-out's answers cost a push each, not a tree insert each.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use engine::copy::RowOutcome;

/// Bytes of a session's key: agent and session id, both big-endian.
pub(crate) const SESSION_KEY_LEN: usize = 16;

/// A session's key in the trees: agent and session id, both big-endian.
pub(crate) type SessionKey = [u8; SESSION_KEY_LEN];

/// The records not yet written, per session, and the number of the next group written; shared by
/// every handle on one store.
#[derive(Debug, Default)]
pub(crate) struct UnflushedOutcomes {
    records: Mutex<BTreeMap<SessionKey, Vec<RowOutcome>>>,
    next_group: AtomicU64,
}

impl UnflushedOutcomes {
    fn lock(&self) -> MutexGuard<'_, BTreeMap<SessionKey, Vec<RowOutcome>>> {
        // Every change is one push, take or removal, so a poisoned lock still guards whole lists.
        self.records.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts group numbers after `last` (the highest one a store already holds).
    pub(crate) fn continue_after(&self, last: Option<u64>) {
        if let Some(last) = last {
            self.next_group
                .fetch_max(last.saturating_add(1), Ordering::AcqRel);
        }
    }

    /// Keeps one record of the session.
    pub(crate) fn push(&self, session: SessionKey, record: RowOutcome) {
        self.lock().entry(session).or_default().push(record);
    }

    /// Takes every record kept, each session's with the number its group is written under.
    pub(crate) fn take(&self) -> Vec<(SessionKey, u64, Vec<RowOutcome>)> {
        let taken = std::mem::take(&mut *self.lock());
        taken
            .into_iter()
            .map(|(session, records)| {
                let group = self.next_group.fetch_add(1, Ordering::AcqRel);
                (session, group, records)
            })
            .collect()
    }

    /// Puts records back that could not be written (ahead of any kept since).
    pub(crate) fn put_back(&self, groups: Vec<(SessionKey, u64, Vec<RowOutcome>)>) {
        let mut records = self.lock();
        for (session, _, mut group) in groups {
            let kept = records.entry(session).or_default();
            group.append(kept);
            *kept = group;
        }
    }

    /// The records kept for one session.
    pub(crate) fn of(&self, session: SessionKey) -> Vec<RowOutcome> {
        self.lock().get(&session).cloned().unwrap_or_default()
    }

    /// Every record kept, per session.
    pub(crate) fn all(&self) -> Vec<(SessionKey, Vec<RowOutcome>)> {
        self.lock()
            .iter()
            .map(|(session, records)| (*session, records.clone()))
            .collect()
    }

    /// Drops the records kept for one session.
    pub(crate) fn forget(&self, session: SessionKey) {
        self.lock().remove(&session);
    }
}

#[cfg(test)]
mod tests {
    use engine::broker::SubmitOutcome;
    use engine::ids::{AccountId, BrokerOrderId};

    use super::*;

    fn record(index: usize) -> RowOutcome {
        RowOutcome::new(
            index,
            AccountId(1),
            &SubmitOutcome::Placed(BrokerOrderId(7)),
        )
    }

    #[test]
    fn records_are_taken_per_session_with_numbers_never_given_twice() {
        let unflushed = UnflushedOutcomes::default();
        unflushed.continue_after(Some(4));
        unflushed.push([1; SESSION_KEY_LEN], record(0));
        unflushed.push([2; SESSION_KEY_LEN], record(0));
        unflushed.push([1; SESSION_KEY_LEN], record(1));
        assert_eq!(
            unflushed.of([1; SESSION_KEY_LEN]),
            vec![record(0), record(1)]
        );
        let taken = unflushed.take();
        assert_eq!(
            taken,
            vec![
                ([1; SESSION_KEY_LEN], 5, vec![record(0), record(1)]),
                ([2; SESSION_KEY_LEN], 6, vec![record(0)])
            ]
        );
        assert!(unflushed.all().is_empty());
        unflushed.push([1; SESSION_KEY_LEN], record(2));
        unflushed.put_back(taken);
        assert_eq!(
            unflushed.of([1; SESSION_KEY_LEN]),
            vec![record(0), record(1), record(2)]
        );
        unflushed.forget([1; SESSION_KEY_LEN]);
        assert_eq!(
            unflushed.all(),
            vec![([2; SESSION_KEY_LEN], vec![record(0)])]
        );
        assert_eq!(unflushed.take()[0].1, 7);
    }
}
