//! A bracket as the paper market takes it: a first order whose fill starts the others (first-triggers),
//! and children that cancel each other once one of them fills (one-cancels-other).

use crate::ids::BrokerOrderId;
use crate::order::OrderRequest;

/// A bracket to place: TRIGGER (`first` set) and/or OCO (`one_cancels_other`). copydesk never places one;
/// account owners do, and Schwab lists their orders under one another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bracket {
    /// The order placed at once whose complete fill starts the children (a TRIGGER); `None` for a bare OCO.
    pub first: Option<OrderRequest>,
    /// Whether the children cancel each other once one fills (an OCO container holds them).
    pub one_cancels_other: bool,
    /// The children: the stop and the take-profit of a bracket.
    pub children: Vec<OrderRequest>,
}

/// The ids a placed bracket got.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedBracket {
    /// The first order of a TRIGGER.
    pub first: Option<BrokerOrderId>,
    /// The OCO container (an id without an order of its own, as Schwab gives one).
    pub container: Option<BrokerOrderId>,
    /// The children, in the order given.
    pub children: Vec<BrokerOrderId>,
}

/// Why a bracket cannot be placed as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BracketError {
    /// A bracket needs at least one child.
    #[error("a bracket needs child orders")]
    NoChildren,
    /// An OCO container needs two children or more.
    #[error("an OCO needs at least two child orders")]
    LonelyOco,
    /// Children without a first order must cancel each other (a bare OCO).
    #[error("child orders without a first order must be an OCO")]
    NoTrigger,
}

impl Bracket {
    /// Checks the bracket's shape.
    ///
    /// # Errors
    /// [`BracketError`] naming what is missing.
    pub fn check(&self) -> Result<(), BracketError> {
        if self.children.is_empty() {
            return Err(BracketError::NoChildren);
        }
        if self.one_cancels_other && self.children.len() < 2 {
            return Err(BracketError::LonelyOco);
        }
        if self.first.is_none() && !self.one_cancels_other {
            return Err(BracketError::NoTrigger);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::{Instruction, OrderLeg};
    use rust_decimal_macros::dec;

    fn sell() -> OrderRequest {
        OrderRequest::limit(OrderLeg::equity(Instruction::Sell, 10, "SPY"), dec!(600))
    }

    #[test]
    fn shapes_a_bracket_may_take() {
        let buy = OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 10, "SPY"), dec!(570));
        let bracket = Bracket {
            first: Some(buy.clone()),
            one_cancels_other: true,
            children: vec![sell(), sell()],
        };
        assert_eq!(bracket.check(), Ok(()));
        let single_child = Bracket {
            first: Some(buy),
            one_cancels_other: false,
            children: vec![sell()],
        };
        assert_eq!(single_child.check(), Ok(()));
        let lonely = Bracket {
            children: vec![sell()],
            ..bracket.clone()
        };
        assert_eq!(lonely.check(), Err(BracketError::LonelyOco));
        let bare = Bracket {
            first: None,
            one_cancels_other: false,
            children: vec![sell(), sell()],
        };
        assert_eq!(bare.check(), Err(BracketError::NoTrigger));
        let empty = Bracket {
            children: vec![],
            ..bracket
        };
        assert_eq!(empty.check(), Err(BracketError::NoChildren));
    }
}
