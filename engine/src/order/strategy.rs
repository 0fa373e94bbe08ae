//! Whether an order stands alone or is part of a bracket (one-cancels-other, first-triggers).

use crate::wire_enum::wire_enum;

wire_enum! {
    /// Schwab's `orderStrategyType`.
    #[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
    pub enum OrderStrategy("order strategy") {
        /// An order on its own; the only kind copydesk places.
        #[default]
        Single => "SINGLE",
        /// One-cancels-other: a container without legs whose child orders cancel each other.
        Oco => "OCO",
        /// First-triggers: an order whose child orders start once it has filled.
        Trigger => "TRIGGER",
    }
    other Other "Another strategy the broker reported (a pair, a flatten, ...); copydesk never sends one."
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_to_single_and_keeps_unknown_words() -> anyhow::Result<()> {
        assert_eq!(OrderStrategy::default(), OrderStrategy::Single);
        assert_eq!(
            serde_json::from_str::<OrderStrategy>("\"TRIGGER\"")?,
            OrderStrategy::Trigger
        );
        assert_eq!(
            serde_json::from_str::<OrderStrategy>("\"PAIR\"")?,
            OrderStrategy::Other("PAIR".to_owned())
        );
        assert_eq!(serde_json::to_string(&OrderStrategy::Oco)?, "\"OCO\"");
        Ok(())
    }
}
