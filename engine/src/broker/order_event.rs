//! Order events: what a brokerage pushes when one of its orders changes (paper market or Schwab's Streamer).

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

use crate::broker::{AccountHash, FilledLeg};
use crate::ids::BrokerOrderId;
use crate::order::OrderStatus;

/// One change of one order at a brokerage, as pushed to subscribers.
///
/// An event names the order and what happened to it; it never replaces reading the order: a
/// subscriber that missed events (a lagged channel, a dropped stream) catches up by reading.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderEvent {
    /// The account that holds the order.
    pub account: AccountHash,
    /// The brokerage's id of the order.
    pub order: BrokerOrderId,
    /// What happened.
    pub change: OrderChange,
    /// When the brokerage made the change.
    pub at: DateTime<Utc>,
}

/// What happened to an order. Broker-neutral: the paper market and Schwab's ACCT_ACTIVITY events
/// both map to it.
#[derive(Debug, Clone, PartialEq)]
pub enum OrderChange {
    /// The brokerage received the order (it exists under its id from now on).
    Created,
    /// The brokerage accepted the order and it works in the market.
    Accepted,
    /// One execution: sent for every fill, partial or complete.
    Filled {
        /// Units filled so far in total, this execution included (as `BrokerOrder::filled_quantity`).
        filled: u32,
        /// Units still to fill after this execution; 0 means the order is completely filled.
        remaining: u32,
        /// Price per unit of this execution (net per spread for a spread).
        price: Decimal,
        /// The legs this execution moved, each with its side, units per unit of the order and own
        /// price when the brokerage told them; empty when the event did not say (the account's
        /// holdings are then read instead of kept from the event).
        legs: Vec<FilledLeg>,
    },
    /// The order was cancelled (final).
    Canceled,
    /// The order was replaced (final); its successor has the id `by`.
    Replaced {
        /// The id of the order that replaces it.
        by: BrokerOrderId,
    },
    /// The brokerage refused the order (final).
    Rejected {
        /// The brokerage's reason, as it states it.
        reason: String,
    },
    /// The order's duration ran out unfilled or partly filled (final).
    Expired,
}

impl OrderChange {
    /// The order's status after this change; `None` for a creation or acceptance, whose working
    /// status (WORKING, QUEUED, PENDING_ACTIVATION…) only reading the order tells.
    #[must_use]
    pub fn status(&self) -> Option<OrderStatus> {
        match self {
            Self::Created | Self::Accepted => None,
            Self::Filled { remaining: 0, .. } => Some(OrderStatus::Filled),
            Self::Filled { .. } => Some(OrderStatus::Working),
            Self::Canceled => Some(OrderStatus::Canceled),
            Self::Replaced { .. } => Some(OrderStatus::Replaced),
            Self::Rejected { .. } => Some(OrderStatus::Rejected),
            Self::Expired => Some(OrderStatus::Expired),
        }
    }

    /// Whether the order can no longer change after this.
    #[must_use]
    pub fn is_final(&self) -> bool {
        match self {
            Self::Filled { remaining, .. } => *remaining == 0,
            Self::Created | Self::Accepted => false,
            Self::Canceled | Self::Replaced { .. } | Self::Rejected { .. } | Self::Expired => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_change_names_the_status_it_leaves_the_order_in() {
        let fill = |remaining| OrderChange::Filled {
            filled: 1,
            remaining,
            price: Decimal::ONE,
            legs: Vec::new(),
        };
        assert_eq!(fill(0).status(), Some(OrderStatus::Filled));
        assert_eq!(fill(3).status(), Some(OrderStatus::Working));
        assert_eq!(OrderChange::Accepted.status(), None);
        assert_eq!(OrderChange::Created.status(), None);
        assert_eq!(
            OrderChange::Replaced {
                by: BrokerOrderId(2)
            }
            .status(),
            Some(OrderStatus::Replaced)
        );
        assert_eq!(OrderChange::Expired.status(), Some(OrderStatus::Expired));
    }
}
