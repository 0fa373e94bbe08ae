//! Whether an order is a single instrument or a named multi-leg strategy.

use crate::wire_enum::wire_enum;

wire_enum! {
    /// Schwab's `complexOrderStrategyType`.
    #[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
    pub enum ComplexOrderStrategy("complex order strategy") {
        /// A plain order on one instrument.
        #[default]
        None => "NONE",
        /// Two options of one underlying, expiry and side at different strikes, one bought and one sold.
        Vertical => "VERTICAL",
    }
    other Other "Another strategy the broker reported; copydesk never sends one."
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_to_none_and_keeps_unknown_words() -> anyhow::Result<()> {
        assert_eq!(ComplexOrderStrategy::default(), ComplexOrderStrategy::None);
        assert_eq!(
            serde_json::from_str::<ComplexOrderStrategy>("\"IRON_CONDOR\"")?,
            ComplexOrderStrategy::Other("IRON_CONDOR".to_owned())
        );
        assert_eq!(
            serde_json::to_string(&ComplexOrderStrategy::Vertical)?,
            "\"VERTICAL\""
        );
        Ok(())
    }
}
