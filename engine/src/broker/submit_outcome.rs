//! What became of one order write.

use std::fmt;

use crate::ids::BrokerOrderId;

/// The settled result of sending one order (or replacement) to one account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubmitOutcome {
    /// The broker answered with the new order's id.
    Placed(BrokerOrderId),
    /// The answer was lost, and reconciliation found the order the send created.
    Adopted(BrokerOrderId),
    /// The broker refused it, or the login cannot be used; nothing was placed.
    Rejected(String),
    /// Every try was throttled until the deadline passed; nothing was placed.
    ThrottledPastDeadline,
    /// Whether an order exists could not be established; it must not be resent blind.
    Unsettled(String),
}

impl SubmitOutcome {
    /// The order the send produced, when known.
    #[must_use]
    pub fn order_id(&self) -> Option<BrokerOrderId> {
        match self {
            Self::Placed(id) | Self::Adopted(id) => Some(*id),
            _ => None,
        }
    }

    /// Whether nothing was placed for certain.
    #[must_use]
    pub fn is_not_placed(&self) -> bool {
        matches!(self, Self::Rejected(_) | Self::ThrottledPastDeadline)
    }
}

impl fmt::Display for SubmitOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Placed(id) => write!(f, "placed as order {id}"),
            Self::Adopted(id) => write!(f, "found as order {id} after the answer was lost"),
            Self::Rejected(message) => write!(f, "rejected: {message}"),
            Self::ThrottledPastDeadline => f.write_str("throttled past the deadline"),
            Self::Unsettled(reason) => write!(f, "unsettled: {reason}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_and_helpers() {
        assert_eq!(
            SubmitOutcome::ThrottledPastDeadline.to_string(),
            "throttled past the deadline"
        );
        assert_eq!(
            SubmitOutcome::Adopted(BrokerOrderId(7)).order_id(),
            Some(BrokerOrderId(7))
        );
        assert!(SubmitOutcome::Rejected("no".into()).is_not_placed());
        assert!(!SubmitOutcome::Unsettled("lost".into()).is_not_placed());
        assert_eq!(SubmitOutcome::Unsettled("lost".into()).order_id(), None);
    }
}
