//! A restart's view of the journal: the sessions as stored whole, with their durable outcome records.

use std::collections::{BTreeSet, HashMap};

use super::row_outcome::Replay;
use super::{CopySession, RowOutcome};
use crate::ids::{AgentId, SessionId};

/// One stored outcome record and the session it belongs to.
pub type JournaledOutcome = (AgentId, SessionId, RowOutcome);

/// The sessions rebuilt from the journal.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Replayed {
    /// Every stored session, each row still `PENDING` in it settled by its outcome record when one is
    /// stored (rows left `PENDING` are settled from the account's order listing).
    pub sessions: Vec<CopySession>,
    /// The sessions some outcome record changed (not stored whole with those outcomes yet).
    pub changed: BTreeSet<(AgentId, SessionId)>,
    /// Every session with outcome records stored, applied or not (including records of sessions that
    /// do not exist).
    pub journaled: BTreeSet<(AgentId, SessionId)>,
}

/// Applies each outcome record to its session's row, only when that row is still `PENDING` in the
/// stored session (see [`RowOutcome::replay`]): a later whole store always wins, and a record left
/// behind after its session was stored whole changes nothing. A record whose session or row does not
/// exist is ignored with a warning.
#[must_use]
pub fn replay(sessions: Vec<CopySession>, outcomes: Vec<JournaledOutcome>) -> Replayed {
    let mut replayed = Replayed {
        sessions,
        ..Replayed::default()
    };
    let positions: HashMap<(AgentId, SessionId), usize> = replayed
        .sessions
        .iter()
        .enumerate()
        .map(|(position, s)| ((s.agent, s.id), position))
        .collect();
    for (agent, id, record) in outcomes {
        replayed.journaled.insert((agent, id));
        let Some(session) = positions
            .get(&(agent, id))
            .and_then(|position| replayed.sessions.get_mut(*position))
        else {
            tracing::warn!(agent = %agent, session = %id, row = record.index, "an outcome record names no stored session; ignored");
            continue;
        };
        match record.replay(session) {
            Replay::Applied => {
                replayed.changed.insert((agent, id));
            }
            Replay::Stale => {}
            Replay::NoRow => {
                tracing::warn!(agent = %agent, session = %id, row = record.index, account = %record.account, "an outcome record names no row of its session; ignored");
            }
        }
    }
    replayed
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::broker::SubmitOutcome;
    use crate::copy::{CopyRow, RowState, TradeKind};
    use crate::ids::{AccountId, BrokerOrderId};
    use crate::order::{Instruction, OrderLeg, OrderRequest};

    fn session(id: u64, rows: u64) -> CopySession {
        let request = OrderRequest::limit(
            OrderLeg::equity(Instruction::Buy, 1, "AAPL"),
            rust_decimal::Decimal::ONE,
        );
        let now = Utc
            .timestamp_opt(1_730_000_000, 0)
            .single()
            .unwrap_or_default();
        CopySession {
            id: SessionId(id),
            agent: AgentId(1),
            kind: TradeKind::Common,
            created_at: now,
            rows: (1..=rows)
                .map(|a| CopyRow::pending(AccountId(a), request.clone(), None, now))
                .collect(),
            replaced_session: None,
        }
    }

    fn placed(session: u64, index: usize, account: u64, order: i64) -> JournaledOutcome {
        (
            AgentId(1),
            SessionId(session),
            RowOutcome::new(
                index,
                AccountId(account),
                &SubmitOutcome::Placed(BrokerOrderId(order)),
            ),
        )
    }

    #[test]
    fn records_settle_pending_rows_of_their_own_session_only() {
        let mut settled = session(2, 2);
        settled.rows[0].settle(&SubmitOutcome::Placed(BrokerOrderId(20)));
        let replayed = replay(
            vec![session(1, 2), settled.clone()],
            vec![
                placed(1, 1, 2, 11),
                placed(2, 0, 1, 99),
                placed(3, 0, 1, 30),
                placed(1, 5, 6, 15),
            ],
        );
        let [first, second] = replayed.sessions.as_slice() else {
            panic!("two sessions: {replayed:?}");
        };
        assert_eq!(first.rows[0].state, RowState::Pending);
        assert_eq!(first.rows[1].order_id, Some(BrokerOrderId(11)));
        assert_eq!(*second, settled, "the whole store wins");
        assert_eq!(
            replayed.changed,
            BTreeSet::from([(AgentId(1), SessionId(1))])
        );
        assert_eq!(
            replayed.journaled,
            BTreeSet::from([
                (AgentId(1), SessionId(1)),
                (AgentId(1), SessionId(2)),
                (AgentId(1), SessionId(3)),
            ])
        );
    }

    #[test]
    fn no_record_changes_nothing() {
        let replayed = replay(vec![session(1, 3)], Vec::new());
        assert_eq!(replayed.sessions, vec![session(1, 3)]);
        assert!(replayed.changed.is_empty() && replayed.journaled.is_empty());
    }
}
