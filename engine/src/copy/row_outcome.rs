//! The outcome record of a fan-out's journal: what one account's write came to, kept beside the intent.

use serde::{Deserialize, Serialize};

use super::{CopySession, RowState};
use crate::broker::SubmitOutcome;
use crate::ids::{AccountId, BrokerOrderId};

/// What one row's write came to, as the journal appends it when the answer arrives: the row's index in
/// its session, its account and the outcome, nothing more (the session is stored whole at the end).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowOutcome {
    /// The row's index in its session.
    pub index: usize,
    /// The row's account (a record whose row names another account is not applied).
    pub account: AccountId,
    /// What the write came to.
    pub outcome: WriteOutcome,
}

/// [`SubmitOutcome`] as the journal stores it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum WriteOutcome {
    /// The broker answered with the new order's id.
    Placed(BrokerOrderId),
    /// The answer was lost, and reconciliation found the order the send created.
    Adopted(BrokerOrderId),
    /// The broker refused it, or the login cannot be used; nothing was placed.
    Rejected(String),
    /// Every try was throttled until the deadline passed; nothing was placed.
    ThrottledPastDeadline,
    /// Whether an order exists could not be established.
    Unsettled(String),
}

/// What applying an outcome record to its session did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replay {
    /// The row was `PENDING` and now holds the outcome.
    Applied,
    /// The row was no longer `PENDING` (a later whole store wins); nothing changed.
    Stale,
    /// The session has no such row for that account; nothing changed.
    NoRow,
}

impl RowOutcome {
    /// The record of `outcome` for row `index` of `account`.
    #[must_use]
    pub fn new(index: usize, account: AccountId, outcome: &SubmitOutcome) -> Self {
        Self {
            index,
            account,
            outcome: WriteOutcome::from(outcome),
        }
    }

    /// Applies the record to its session: only a row still `PENDING` takes it in (with
    /// [`super::CopyRow::settle`]), so a whole store made after the record always wins.
    pub fn replay(&self, session: &mut CopySession) -> Replay {
        let Some(row) = session
            .rows
            .get_mut(self.index)
            .filter(|row| row.account == self.account)
        else {
            return Replay::NoRow;
        };
        if row.state != RowState::Pending {
            return Replay::Stale;
        }
        row.settle(&SubmitOutcome::from(&self.outcome));
        Replay::Applied
    }
}

impl From<&SubmitOutcome> for WriteOutcome {
    fn from(outcome: &SubmitOutcome) -> Self {
        match outcome {
            SubmitOutcome::Placed(id) => Self::Placed(*id),
            SubmitOutcome::Adopted(id) => Self::Adopted(*id),
            SubmitOutcome::Rejected(reason) => Self::Rejected(reason.clone()),
            SubmitOutcome::ThrottledPastDeadline => Self::ThrottledPastDeadline,
            SubmitOutcome::Unsettled(reason) => Self::Unsettled(reason.clone()),
        }
    }
}

impl From<&WriteOutcome> for SubmitOutcome {
    fn from(outcome: &WriteOutcome) -> Self {
        match outcome {
            WriteOutcome::Placed(id) => Self::Placed(*id),
            WriteOutcome::Adopted(id) => Self::Adopted(*id),
            WriteOutcome::Rejected(reason) => Self::Rejected(reason.clone()),
            WriteOutcome::ThrottledPastDeadline => Self::ThrottledPastDeadline,
            WriteOutcome::Unsettled(reason) => Self::Unsettled(reason.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;
    use crate::copy::{CopyRow, TradeKind};
    use crate::ids::{AgentId, SessionId};
    use crate::order::{Instruction, OrderLeg, OrderRequest, OrderStatus};

    fn session(rows: usize) -> CopySession {
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
            rows: (1..=rows as u64)
                .map(|a| CopyRow::pending(AccountId(a), request.clone(), None, now))
                .collect(),
            replaced_session: None,
        }
    }

    #[test]
    fn every_outcome_survives_its_record() -> Result<(), serde_json::Error> {
        let outcomes = [
            SubmitOutcome::Placed(BrokerOrderId(7)),
            SubmitOutcome::Adopted(BrokerOrderId(-8)),
            SubmitOutcome::Rejected("no".into()),
            SubmitOutcome::ThrottledPastDeadline,
            SubmitOutcome::Unsettled("lost".into()),
        ];
        for outcome in outcomes {
            let record = RowOutcome::new(3, AccountId(4), &outcome);
            let read: RowOutcome = serde_json::from_slice(&serde_json::to_vec(&record)?)?;
            assert_eq!(read, record);
            assert_eq!(SubmitOutcome::from(&read.outcome), outcome);
        }
        Ok(())
    }

    #[test]
    fn a_record_is_small() -> Result<(), serde_json::Error> {
        let record = RowOutcome::new(
            999,
            AccountId(1_000),
            &SubmitOutcome::Placed(BrokerOrderId(1)),
        );
        assert_eq!(
            serde_json::to_string(&record)?,
            r#"{"index":999,"account":1000,"outcome":{"kind":"placed","detail":1}}"#
        );
        Ok(())
    }

    #[test]
    fn only_a_pending_row_takes_its_record_in() {
        let mut session = session(3);
        session.rows[1].settle(&SubmitOutcome::Rejected("refused".into()));
        let placed = SubmitOutcome::Placed(BrokerOrderId(5));
        assert_eq!(
            RowOutcome::new(0, AccountId(1), &placed).replay(&mut session),
            Replay::Applied
        );
        assert_eq!(
            RowOutcome::new(1, AccountId(2), &placed).replay(&mut session),
            Replay::Stale
        );
        assert_eq!(
            RowOutcome::new(2, AccountId(9), &placed).replay(&mut session),
            Replay::NoRow
        );
        assert_eq!(
            RowOutcome::new(3, AccountId(4), &placed).replay(&mut session),
            Replay::NoRow
        );
        assert_eq!(session.rows[0].order_id, Some(BrokerOrderId(5)));
        assert_eq!(
            session.rows[0].state,
            RowState::Order(OrderStatus::Accepted)
        );
        assert_eq!(session.rows[1].state, RowState::FailedToPlace);
        assert_eq!(session.rows[2].state, RowState::Pending);
        // Applied twice, the second finds the row settled.
        assert_eq!(
            RowOutcome::new(0, AccountId(1), &SubmitOutcome::ThrottledPastDeadline)
                .replay(&mut session),
            Replay::Stale
        );
        assert_eq!(session.rows[0].order_id, Some(BrokerOrderId(5)));
    }
}
