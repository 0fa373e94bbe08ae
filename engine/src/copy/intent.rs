//! A fan-out's intent in its compact form: the planned rows, with each distinct order written once.
//!
//! A fan-out sends the same order (one per tier) to every account, so a session written down before
//! its first send repeats one order a thousand times. Its intent names each order once and each row
//! by account and order number: at 1,000 accounts, 26 KB instead of 451 KB, written before the first
//! send.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{CopyRow, CopySession, RowState, TradeKind};
use crate::ids::{AccountId, AgentId, BrokerOrderId, SessionId};
use crate::order::OrderRequest;

/// A session whose every row is still as planned (see [`FanOutIntent::of`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FanOutIntent {
    /// The session id.
    pub id: SessionId,
    /// The agent.
    pub agent: AgentId,
    /// The kind of trade.
    pub kind: TradeKind,
    /// When the command was given (and each row entered).
    pub created_at: DateTime<Utc>,
    /// For a replace: the session whose orders it replaces.
    #[serde(default)]
    pub replaced_session: Option<SessionId>,
    /// Each distinct order of the rows, once.
    pub orders: Vec<Arc<OrderRequest>>,
    /// One entry per row, in row order.
    pub rows: Vec<PlannedRow>,
}

/// One planned row: its account, the number of its order in [`FanOutIntent::orders`], and either
/// the order it replaces (a write to send) or why it was refused (nothing to send).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlannedRow {
    /// The account.
    pub account: AccountId,
    /// The row's order, as a position in [`FanOutIntent::orders`].
    pub order: usize,
    /// For a replace: the order this row's order replaces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaces: Option<BrokerOrderId>,
    /// Why the row was refused before any write; `None` for a write still pending.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

/// An intent names an order that it does not hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("row {row} names order {order}, but the intent holds {held}")]
pub struct IntentError {
    /// The row.
    pub row: usize,
    /// The order number it names.
    pub order: usize,
    /// How many orders the intent holds.
    pub held: usize,
}

impl FanOutIntent {
    /// The intent of `session` when every row is still exactly as planned: `PENDING` with no order
    /// id yet, or `FAILED_TO_PLACE` with its reason, entered when the session was made, nothing
    /// filled or seen. `None` for any other session: it is stored whole.
    #[must_use]
    pub fn of(session: &CopySession) -> Option<Self> {
        // Every row is checked before any order is copied: a session stored whole costs no more.
        let refusals = session
            .rows
            .iter()
            .map(|row| planned_refusal(row, session.created_at))
            .collect::<Option<Vec<_>>>()?;
        let mut orders: Vec<Arc<OrderRequest>> = Vec::new();
        let mut numbers: HashMap<&OrderRequest, usize> = HashMap::new();
        let mut rows = Vec::with_capacity(session.rows.len());
        let mut last: Option<(&Arc<OrderRequest>, usize)> = None;
        for (row, refused) in session.rows.iter().zip(refusals) {
            let order = match last {
                // A fan-out's rows share their order one tier after another (most often the very
                // same one).
                Some((request, number))
                    if Arc::ptr_eq(request, &row.request) || **request == *row.request =>
                {
                    number
                }
                _ => *numbers.entry(&*row.request).or_insert_with(|| {
                    orders.push(row.request.clone());
                    orders.len() - 1
                }),
            };
            last = Some((&row.request, order));
            rows.push(PlannedRow {
                account: row.account,
                order,
                replaces: row.replaces,
                refused,
            });
        }
        Some(Self {
            id: session.id,
            agent: session.agent,
            kind: session.kind,
            created_at: session.created_at,
            replaced_session: session.replaced_session,
            orders,
            rows,
        })
    }

    /// The session it plans, row for row (equal to the session it was made of).
    ///
    /// # Errors
    /// [`IntentError`] when a row names an order the intent does not hold.
    pub fn into_session(self) -> Result<CopySession, IntentError> {
        let held = self.orders.len();
        let rows = self
            .rows
            .into_iter()
            .enumerate()
            .map(|(index, planned)| {
                let request = self.orders.get(planned.order).cloned().ok_or(IntentError {
                    row: index,
                    order: planned.order,
                    held,
                })?;
                Ok(match planned.refused {
                    None => CopyRow::pending(
                        planned.account,
                        request,
                        planned.replaces,
                        self.created_at,
                    ),
                    Some(reason) => CopyRow {
                        replaces: planned.replaces,
                        ..CopyRow::failed(planned.account, request, reason, self.created_at)
                    },
                })
            })
            .collect::<Result<Vec<_>, IntentError>>()?;
        Ok(CopySession {
            id: self.id,
            agent: self.agent,
            kind: self.kind,
            created_at: self.created_at,
            rows,
            replaced_session: self.replaced_session,
        })
    }
}

/// `Some(None)` for a pending row as planned, `Some(Some(reason))` for a refused one, `None` for a
/// row that is no longer as planned.
fn planned_refusal(row: &CopyRow, created_at: DateTime<Utc>) -> Option<Option<String>> {
    let untouched = row.order_id.is_none()
        && row.filled_quantity == 0
        && row.average_price.is_none()
        && row.entered_time == created_at
        && row.leg_descriptions.len() == row.request.legs.len()
        && row.leg_descriptions.iter().all(Option::is_none)
        && row.accepted_at.is_none()
        && row.first_fill_at.is_none()
        && row.last_fill_at.is_none();
    if !untouched {
        return None;
    }
    match (&row.state, &row.status_description) {
        (RowState::Pending, None) => Some(None),
        (RowState::FailedToPlace, Some(reason)) => Some(Some(reason.clone())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use proptest::arbitrary::Arbitrary as _;
    use rust_decimal_macros::dec;

    use super::*;
    use crate::broker::SubmitOutcome;
    use crate::order::{Instruction, OrderLeg};

    fn at() -> DateTime<Utc> {
        Utc.timestamp_opt(1_764_000_000, 0)
            .single()
            .unwrap_or_default()
    }

    fn order(quantity: u32) -> OrderRequest {
        OrderRequest::limit(
            OrderLeg::option(Instruction::BuyToOpen, quantity, "AAPL  261218C00200000"),
            dec!(4.15),
        )
    }

    /// A fan-out to 6 accounts in two tiers, one account refused, and a replace's rows.
    fn planned() -> CopySession {
        let mut rows: Vec<CopyRow> = (1..=4)
            .map(|n| CopyRow::pending(AccountId(n), order(1), None, at()))
            .collect();
        rows.push(CopyRow::pending(
            AccountId(5),
            order(2),
            Some(BrokerOrderId(77)),
            at(),
        ));
        rows.push(CopyRow::failed(
            AccountId(6),
            order(2),
            "the account is not linked".into(),
            at(),
        ));
        rows.push(CopyRow::pending(AccountId(7), order(1), None, at()));
        CopySession {
            id: SessionId(9),
            agent: AgentId(3),
            kind: TradeKind::Common,
            created_at: at(),
            rows,
            replaced_session: Some(SessionId(8)),
        }
    }

    #[test]
    fn a_planned_session_is_written_with_each_order_once_and_read_back_equal() {
        let session = planned();
        let intent = FanOutIntent::of(&session).expect("every row as planned");
        assert_eq!(intent.orders, vec![Arc::new(order(1)), Arc::new(order(2))]);
        let numbers: Vec<usize> = intent.rows.iter().map(|r| r.order).collect();
        assert_eq!(numbers, vec![0, 0, 0, 0, 1, 1, 0]);
        assert_eq!(intent.rows[4].replaces, Some(BrokerOrderId(77)));
        assert_eq!(
            intent.rows[5].refused.as_deref(),
            Some("the account is not linked")
        );
        let whole = serde_json::to_vec(&session).expect("encodes").len();
        let compact = serde_json::to_vec(&intent).expect("encodes").len();
        assert!(compact * 2 < whole, "{compact} bytes against {whole}");
        assert_eq!(intent.into_session(), Ok(session));
    }

    #[test]
    fn a_session_with_any_row_settled_is_not_an_intent() {
        let mut settled = planned();
        settled.rows[2].settle(&SubmitOutcome::Placed(BrokerOrderId(1001)));
        assert_eq!(FanOutIntent::of(&settled), None);

        let mut seen = planned();
        seen.rows[0].leg_descriptions = vec![Some("AAPL 12/18/2026 200.00 C".into())];
        assert_eq!(FanOutIntent::of(&seen), None);

        let mut later = planned();
        later.rows[1].entered_time = at() + chrono::Duration::seconds(1);
        assert_eq!(FanOutIntent::of(&later), None);

        let mut unsettled = planned();
        unsettled.rows[3].settle(&SubmitOutcome::Unsettled("no answer".into()));
        assert_eq!(FanOutIntent::of(&unsettled), None);
    }

    proptest::proptest! {
        /// Any planned fan-out (accounts in any order, orders in any of 3 tiers, any mix of pending,
        /// replacing and refused rows) is read back from its intent as it was; settling any one row
        /// makes it a session stored whole.
        #[test]
        fn every_planned_session_reads_back_equal(
            rows in proptest::collection::vec(
                (1u64..10_000, 1u32..=3, proptest::option::of(1i64..1_000), proptest::bool::ANY),
                1..60,
            ),
            settled in proptest::sample::Index::arbitrary(),
        ) {
            let rows: Vec<CopyRow> = rows
                .into_iter()
                .map(|(account, tier, replaces, refused)| {
                    let replaces = replaces.map(BrokerOrderId);
                    if refused {
                        CopyRow {
                            replaces,
                            ..CopyRow::failed(AccountId(account), order(tier), "refused".into(), at())
                        }
                    } else {
                        CopyRow::pending(AccountId(account), order(tier), replaces, at())
                    }
                })
                .collect();
            let session = CopySession { rows, ..planned() };
            let intent = FanOutIntent::of(&session);
            proptest::prop_assert!(intent.is_some());
            let distinct = intent.as_ref().map_or(0, |i| i.orders.len());
            proptest::prop_assert!(distinct <= 3);
            proptest::prop_assert_eq!(intent.map(FanOutIntent::into_session), Some(Ok(session.clone())));

            let mut one_settled = session;
            let row = settled.index(one_settled.rows.len());
            one_settled.rows[row].settle(&SubmitOutcome::Placed(BrokerOrderId(5)));
            proptest::prop_assert_eq!(FanOutIntent::of(&one_settled), None);
        }
    }

    #[test]
    fn an_intent_naming_a_missing_order_is_refused() {
        let mut intent = FanOutIntent::of(&planned()).expect("planned");
        intent.rows[2].order = 5;
        assert_eq!(
            intent.into_session(),
            Err(IntentError {
                row: 2,
                order: 5,
                held: 2
            })
        );
    }
}
