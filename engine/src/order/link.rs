//! How a trailing stop's trigger follows the market.

use crate::wire_enum::wire_enum;

wire_enum! {
    /// The price a trailing stop follows (`stopPriceLinkBasis`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum LinkBasis("stop price link basis") {
        /// Set by hand.
        Manual => "MANUAL",
        /// The base price.
        Base => "BASE",
        /// The trigger price.
        Trigger => "TRIGGER",
        /// The last trade.
        Last => "LAST",
        /// The bid.
        Bid => "BID",
        /// The ask.
        Ask => "ASK",
        /// The ask for buys, the bid for sells.
        AskBid => "ASK_BID",
        /// The mark (mid of bid and ask).
        Mark => "MARK",
        /// The average price.
        Average => "AVERAGE",
    }
}

wire_enum! {
    /// How a trailing stop's offset is measured (`stopPriceLinkType`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum LinkType("stop price link type") {
        /// An amount in dollars.
        Value => "VALUE",
        /// A percentage of the basis price.
        Percent => "PERCENT",
        /// A number of price ticks.
        Tick => "TICK",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schwab_words() -> anyhow::Result<()> {
        assert_eq!(LinkBasis::ALL.len(), 9);
        assert_eq!(serde_json::to_string(&LinkBasis::AskBid)?, "\"ASK_BID\"");
        assert_eq!(
            serde_json::from_str::<LinkType>("\"PERCENT\"")?,
            LinkType::Percent
        );
        assert!(serde_json::from_str::<LinkType>("\"BPS\"").is_err());
        Ok(())
    }
}
