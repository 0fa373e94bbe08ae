//! The kind of instrument a leg or position holds.

use crate::wire_enum::wire_enum;

wire_enum! {
    /// The instrument class of a leg or position.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    pub enum AssetType("asset type") {
        /// Shares of a company.
        Equity => "EQUITY",
        /// Shares of a fund traded like a stock: exchange-traded funds (SPY, QQQ, GDX), closed-end funds,
        /// unit investment trusts. Schwab reports ETF positions and order legs this way.
        CollectiveInvestment => "COLLECTIVE_INVESTMENT",
        /// Option contracts (100 shares each).
        Option => "OPTION",
    }
    other Other "Another asset class the broker reported (mutual funds, cash sweeps, indices, ...)."
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

    /// Whether a stock order trades it: shares of a company or of an exchange-traded fund. The Stock
    /// screen shows these positions, and a stock order's leg may carry either word.
    #[must_use]
    pub fn is_stock(&self) -> bool {
        matches!(self, Self::Equity | Self::CollectiveInvestment)
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
        assert_eq!(
            serde_json::from_str::<AssetType>("\"COLLECTIVE_INVESTMENT\"")?,
            AssetType::CollectiveInvestment
        );
        assert_eq!(AssetType::Option.multiplier(), 100);
        assert_eq!(AssetType::Equity.multiplier(), 1);
        assert_eq!(AssetType::CollectiveInvestment.multiplier(), 1);
        Ok(())
    }

    #[test]
    fn stocks_are_company_and_fund_shares() {
        assert!(AssetType::Equity.is_stock());
        assert!(AssetType::CollectiveInvestment.is_stock());
        assert!(!AssetType::Option.is_stock());
        for other in ["MUTUAL_FUND", "INDEX", "CASH_EQUIVALENT"] {
            assert!(!AssetType::parse_lenient(other).is_stock(), "{other}");
        }
    }
}
