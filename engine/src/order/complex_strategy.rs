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
        /// A put spread below a call spread of one underlying and expiry, the inner strikes both sold
        /// (or both bought).
        IronCondor => "IRON_CONDOR",
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
            serde_json::from_str::<ComplexOrderStrategy>("\"BUTTERFLY\"")?,
            ComplexOrderStrategy::Other("BUTTERFLY".to_owned())
        );
        assert_eq!(
            serde_json::to_string(&ComplexOrderStrategy::Vertical)?,
            "\"VERTICAL\""
        );
        assert_eq!(
            serde_json::from_str::<ComplexOrderStrategy>("\"IRON_CONDOR\"")?,
            ComplexOrderStrategy::IronCondor
        );
        Ok(())
    }
}
