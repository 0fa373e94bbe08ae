//! What a brokerage says of an order for one account without placing it (Schwab's `previewOrder`).

use rust_decimal::Decimal;

/// A brokerage's verdict on an order it was asked to check, not to place.
///
/// An order passes when nothing rejects it; warnings do not stop it. The texts are the brokerage's own,
/// in its order, fit to show to people.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OrderPreview {
    /// Why the brokerage would refuse the order; empty when it would take it.
    pub rejects: Vec<String>,
    /// What the brokerage warns of (warnings, alerts, reviews); the order would still be taken.
    pub warnings: Vec<String>,
    /// Commission the order would cost, in dollars.
    pub commission: Decimal,
    /// Regulatory and venue fees the order would cost, in dollars.
    pub fees: Decimal,
    /// The order's value in dollars, when the brokerage says it.
    pub order_value: Option<Decimal>,
    /// Buying power left once the order is counted (cash available for trading in a cash account);
    /// negative when the order does not fit; `None` when the brokerage does not say.
    pub projected_buying_power: Option<Decimal>,
}

impl OrderPreview {
    /// A preview that refuses the order for `reason` and says nothing else.
    #[must_use]
    pub fn refused(reason: impl Into<String>) -> Self {
        Self {
            rejects: vec![reason.into()],
            ..Self::default()
        }
    }

    /// Whether the brokerage would take the order (with or without warnings).
    #[must_use]
    pub fn passes(&self) -> bool {
        self.rejects.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_rejects_stop_an_order() {
        let warned = OrderPreview {
            warnings: vec!["Order warning: the limit price is away from the market".into()],
            ..OrderPreview::default()
        };
        assert!(warned.passes());
        let refused = OrderPreview::refused("Order rejected: insufficient buying power");
        assert!(!refused.passes());
        assert_eq!(
            refused.rejects,
            vec!["Order rejected: insufficient buying power".to_owned()]
        );
        assert_eq!(refused.projected_buying_power, None);
    }
}
