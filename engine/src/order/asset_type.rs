//! The kind of instrument a leg or position holds.

use crate::wire_enum::wire_enum;

wire_enum! {
    /// The instrument class of a leg or position.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    pub enum AssetType("asset type") {
        /// Shares of a stock or ETF.
        Equity => "EQUITY",
        /// Option contracts (100 shares each).
        Option => "OPTION",
    }
    other Other "Another asset class the broker reported (mutual funds, cash sweeps, ...)."
}

impl AssetType {
    /// Shares represented by one unit of quantity: 100 for options, 1 otherwise.
    #[must_use]
    pub fn multiplier(&self) -> u32 {
        match self {
            Self::Option => 100,
            _ => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_multipliers() -> anyhow::Result<()> {
        assert_eq!(serde_json::to_string(&AssetType::Option)?, "\"OPTION\"");
        assert_eq!(
            serde_json::from_str::<AssetType>("\"CASH_EQUIVALENT\"")?,
            AssetType::Other("CASH_EQUIVALENT".to_owned())
        );
        assert_eq!(AssetType::Option.multiplier(), 100);
        assert_eq!(AssetType::Equity.multiplier(), 1);
        Ok(())
    }
}
