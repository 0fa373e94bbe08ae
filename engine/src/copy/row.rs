//! One account's part in a copy-trade session: the order it was sent and where that order stands.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::status_color::{ColorFacts, OwnColor};
use crate::account::EventFit;
use crate::broker::{OrderChange, SubmitOutcome};
use crate::ids::{AccountId, BrokerOrderId};
use crate::order::{BrokerOrder, OrderRequest, OrderStatus};

/// The status word of a row that never reached the broker.
pub const FAILED_TO_PLACE: &str = "FAILED_TO_PLACE";
/// The status word of a row whose write could not be settled either way.
pub const UNSETTLED: &str = "UNSETTLED";
/// The status word of a row written down before its write was sent (the fan-out is in progress, or
/// copydesk stopped before the outcome was known).
pub const PENDING: &str = "PENDING";

/// Where a row's order stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", content = "status", rename_all = "snake_case")]
pub enum RowState {
    /// The broker has the order; its status as last seen.
    Order(OrderStatus),
    /// The order was never placed (token, throttling, rejection at the door); final.
    FailedToPlace,
    /// The write may or may not have been carried out and no order could be matched; shown, never
    /// guessed, never resent. Later polls settle it (see [`super::reconcile`]).
    Unsettled,
    /// Written down before the write was sent; its outcome is not known yet.
    Pending,
}

/// One account's order in a session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CopyRow {
    /// The account.
    pub account: AccountId,
    /// The broker's order id, once known.
    pub order_id: Option<BrokerOrderId>,
    /// The order as sent to this account (quantities after the tier multiplier).
    pub request: Arc<OrderRequest>,
    /// Where it stands.
    pub state: RowState,
    /// Why it failed or was rejected, when it did.
    pub status_description: Option<String>,
    /// How much has filled (spreads count whole spreads).
    pub filled_quantity: u32,
    /// The average fill price, once something filled.
    pub average_price: Option<Decimal>,
    /// When the order was entered.
    pub entered_time: DateTime<Utc>,
    /// Each leg's description as the broker gives it (same order as the request's legs).
    pub leg_descriptions: Vec<Option<String>>,
    /// For a replace: the order this row's order replaces.
    #[serde(default)]
    pub replaces: Option<BrokerOrderId>,
    /// When the broker received the order, as its listing reports it (unknown until a poll sees it).
    #[serde(default)]
    pub accepted_at: Option<DateTime<Utc>>,
    /// When the order's first fill happened, as the broker reports it.
    #[serde(default)]
    pub first_fill_at: Option<DateTime<Utc>>,
    /// When the order's latest fill happened, as the broker reports it.
    #[serde(default)]
    pub last_fill_at: Option<DateTime<Utc>>,
}

impl CopyRow {
    /// A row for what a write came to.
    #[must_use]
    pub fn from_outcome(
        account: AccountId,
        request: impl Into<Arc<OrderRequest>>,
        outcome: &SubmitOutcome,
        at: DateTime<Utc>,
    ) -> Self {
        let (order_id, state, description) = Self::outcome_facts(outcome);
        Self::new(account, request, order_id, state, description, at)
    }

    /// The order id, state and description a write's outcome gives a row.
    fn outcome_facts(outcome: &SubmitOutcome) -> (Option<BrokerOrderId>, RowState, Option<String>) {
        match outcome {
            SubmitOutcome::Placed(id) | SubmitOutcome::Adopted(id) => {
                (Some(*id), RowState::Order(OrderStatus::Accepted), None)
            }
            SubmitOutcome::Rejected(reason) => {
                (None, RowState::FailedToPlace, Some(reason.clone()))
            }
            SubmitOutcome::ThrottledPastDeadline => (
                None,
                RowState::FailedToPlace,
                Some("throttled past the deadline".to_owned()),
            ),
            SubmitOutcome::Unsettled(reason) => (None, RowState::Unsettled, Some(reason.clone())),
        }
    }

    /// A row written down before its write is sent (`replaces` names the order a replace acts on).
    #[must_use]
    pub fn pending(
        account: AccountId,
        request: impl Into<Arc<OrderRequest>>,
        replaces: Option<BrokerOrderId>,
        at: DateTime<Utc>,
    ) -> Self {
        Self {
            replaces,
            ..Self::new(account, request, None, RowState::Pending, None, at)
        }
    }

    /// Takes in what the write came to; the time of entry stays the time the write was sent.
    pub fn settle(&mut self, outcome: &SubmitOutcome) {
        (self.order_id, self.state, self.status_description) = Self::outcome_facts(outcome);
    }

    /// Whether the row still waits for its write to be known (pending or unsettled).
    #[must_use]
    pub fn is_unresolved(&self) -> bool {
        matches!(self.state, RowState::Pending | RowState::Unsettled)
    }

    /// A row that failed before any write (the account could not be used).
    #[must_use]
    pub fn failed(
        account: AccountId,
        request: impl Into<Arc<OrderRequest>>,
        reason: String,
        at: DateTime<Utc>,
    ) -> Self {
        Self::new(
            account,
            request,
            None,
            RowState::FailedToPlace,
            Some(reason),
            at,
        )
    }

    fn new(
        account: AccountId,
        request: impl Into<Arc<OrderRequest>>,
        order_id: Option<BrokerOrderId>,
        state: RowState,
        status_description: Option<String>,
        entered_time: DateTime<Utc>,
    ) -> Self {
        let request = request.into();
        let leg_descriptions = vec![None; request.legs.len()];
        Self {
            account,
            order_id,
            request,
            state,
            status_description,
            filled_quantity: 0,
            average_price: None,
            entered_time,
            leg_descriptions,
            replaces: None,
            accepted_at: None,
            first_fill_at: None,
            last_fill_at: None,
        }
    }

    /// The status word shown to the agent.
    #[must_use]
    pub fn status_word(&self) -> String {
        match &self.state {
            RowState::Order(status) => status.to_string(),
            RowState::FailedToPlace => FAILED_TO_PLACE.to_owned(),
            RowState::Unsettled => UNSETTLED.to_owned(),
            RowState::Pending => PENDING.to_owned(),
        }
    }

    /// Whether the broker accepted the order (any state but rejected or failed to place). An unsettled
    /// write is not counted: the rate never claims more than is known.
    #[must_use]
    pub fn accepted(&self) -> bool {
        match &self.state {
            RowState::Order(status) => *status != OrderStatus::Rejected,
            RowState::FailedToPlace | RowState::Unsettled | RowState::Pending => false,
        }
    }

    /// Whether the brokerage took the write: the row holds an order, whatever became of it since (an
    /// order the brokerage rejected after accepting the write still counts). This, not
    /// [`CopyRow::accepted`], decides a command's answer, so the answer does not depend on how fast the
    /// order's later events arrive.
    #[must_use]
    pub fn write_accepted(&self) -> bool {
        matches!(self.state, RowState::Order(_))
    }

    /// Whether the order is still open (changes may come).
    #[must_use]
    pub fn is_open(&self) -> bool {
        match &self.state {
            RowState::Order(status) => !status.is_final(),
            RowState::Pending | RowState::Unsettled => true,
            RowState::FailedToPlace => false,
        }
    }

    /// The row's own colour.
    #[must_use]
    pub fn own_color(&self) -> OwnColor {
        if self.is_open() {
            OwnColor::Yellow
        } else {
            OwnColor::None
        }
    }

    /// Takes in what the broker reports of this row's order; returns whether anything changed. A
    /// final status is never left (the lifecycle's rule), whatever a late report says.
    pub fn absorb(&mut self, order: &BrokerOrder) -> bool {
        if let RowState::Order(current) = &self.state {
            if current.is_final() && order.status != *current {
                return false;
            }
        }
        let descriptions: Vec<Option<String>> =
            order.legs.iter().map(|l| l.description.clone()).collect();
        let filled = order.filled_quantity;
        let changed = self.state != RowState::Order(order.status.clone())
            || self.filled_quantity != filled
            || self.average_price != order.average_fill_price
            || self.status_description != order.status_description
            || (!descriptions.is_empty() && self.leg_descriptions != descriptions)
            || self.accepted_at != Some(order.entered_time)
            || self.first_fill_at != order.first_fill_time
            || self.last_fill_at != order.last_fill_time;
        if changed {
            self.state = RowState::Order(order.status.clone());
            self.filled_quantity = filled;
            self.average_price = order.average_fill_price;
            if order.status_description.is_some() {
                self.status_description = order.status_description.clone();
            }
            if !descriptions.is_empty() {
                self.leg_descriptions = descriptions;
            }
            self.entered_time = order.entered_time;
            self.accepted_at = Some(order.entered_time);
            self.first_fill_at = order.first_fill_time;
            self.last_fill_at = order.last_fill_time;
        }
        changed
    }

    /// Takes in one change the brokerage pushed for this row's order, and says whether reading the
    /// order would tell more. A final status is never left (a late creation event still sets the
    /// accepted time), a filled quantity never shrinks (events may arrive late or twice), and a fill's
    /// price counts only on a single-leg order (a spread's net price comes from reading the order).
    pub fn apply_event(&mut self, change: &OrderChange, at: DateTime<Utc>) -> (bool, EventFit) {
        if let RowState::Order(current) = &self.state {
            if current.is_final() {
                // A creation event handled after its order was already final (a MARKET order's
                // submit answer said FILLED first) still tells when the brokerage received it.
                let learns = *change == OrderChange::Created && self.accepted_at.is_none();
                if learns {
                    self.accepted_at = Some(at);
                }
                return (learns, EventFit::Applied);
            }
        }
        let before = self.clone();
        let mut fit = EventFit::Applied;
        match change {
            // A new order's working status (WORKING, QUEUED, PENDING_ACTIVATION…) is read once; the
            // brokerage received it when it was created, which is its entered time until a listing
            // says so itself.
            OrderChange::Created => {
                self.accepted_at = self.accepted_at.or(Some(at));
                fit = EventFit::NeedsRead;
            }
            OrderChange::Accepted => fit = EventFit::NeedsRead,
            OrderChange::Filled { filled, price, .. } => {
                if *filled < self.filled_quantity {
                    return (false, EventFit::Applied);
                }
                let added = filled - self.filled_quantity;
                let single_leg = self.request.legs.len() <= 1;
                self.average_price = match (self.average_price, single_leg) {
                    _ if added == 0 => self.average_price,
                    (_, false) => {
                        fit = EventFit::NeedsRead;
                        self.average_price
                    }
                    (None, true) if self.filled_quantity == 0 => Some(*price),
                    (Some(average), true) => Some(
                        ((average * Decimal::from(self.filled_quantity)
                            + *price * Decimal::from(added))
                            / Decimal::from(*filled))
                        .round_dp(6)
                        .normalize(),
                    ),
                    (None, true) => {
                        fit = EventFit::NeedsRead;
                        None
                    }
                };
                self.filled_quantity = *filled;
                if added > 0 {
                    self.first_fill_at = self.first_fill_at.or(Some(at));
                    self.last_fill_at = Some(at);
                }
            }
            OrderChange::Rejected { reason } => self.status_description = Some(reason.clone()),
            OrderChange::Canceled | OrderChange::Replaced { .. } | OrderChange::Expired => {}
        }
        if let Some(status) = change.status() {
            self.state = RowState::Order(status);
        }
        (*self != before, fit)
    }
}

impl ColorFacts for CopyRow {
    fn status_word(&self) -> &str {
        match &self.state {
            RowState::Order(status) => status.as_str(),
            RowState::FailedToPlace => FAILED_TO_PLACE,
            RowState::Unsettled => UNSETTLED,
            RowState::Pending => PENDING,
        }
    }

    fn filled(&self) -> u32 {
        self.filled_quantity
    }

    fn ordered(&self) -> u32 {
        self.request.total_quantity()
    }

    fn is_final(&self) -> bool {
        match &self.state {
            RowState::Order(status) => status.is_final(),
            RowState::FailedToPlace => true,
            RowState::Unsettled | RowState::Pending => false,
        }
    }
}
