//! How an order is priced: market, limit, stops, and net prices for spreads.

use crate::wire_enum::wire_enum;

wire_enum! {
    /// The order type, as Schwab names it.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    pub enum OrderType("order type") {
        /// Fill at once at the best available price.
        Market => "MARKET",
        /// Fill at `price` or better.
        Limit => "LIMIT",
        /// Becomes a market order once the market reaches `stopPrice`.
        Stop => "STOP",
        /// Becomes a limit order at `price` once the market reaches `stopPrice`.
        StopLimit => "STOP_LIMIT",
        /// A stop whose trigger follows the market by an offset.
        TrailingStop => "TRAILING_STOP",
        /// A spread bought for at most a net `price`.
        NetDebit => "NET_DEBIT",
        /// A spread sold for at least a net `price`.
        NetCredit => "NET_CREDIT",
        /// A spread traded for no money either way (its legs' prices cancel out).
        NetZero => "NET_ZERO",
    }
    other Other "Another order type the broker reported; copydesk never sends one."
}

impl OrderType {
    /// Whether `price` is required (LIMIT, STOP_LIMIT, NET_DEBIT, NET_CREDIT).
    #[must_use]
    pub fn needs_price(&self) -> bool {
        matches!(
            self,
            Self::Limit | Self::StopLimit | Self::NetDebit | Self::NetCredit
        )
    }

    /// Whether `stopPrice` is required (STOP, STOP_LIMIT).
    #[must_use]
    pub fn needs_stop_price(&self) -> bool {
        matches!(self, Self::Stop | Self::StopLimit)
    }

    /// Whether this is a net-priced spread type (NET_DEBIT, NET_CREDIT or NET_ZERO).
    #[must_use]
    pub fn is_net(&self) -> bool {
        matches!(self, Self::NetDebit | Self::NetCredit | Self::NetZero)
    }

    /// The net type on the other side: NET_DEBIT ↔ NET_CREDIT; other types (NET_ZERO included) are
    /// unchanged.
    #[must_use]
    pub fn reverse_net(&self) -> Self {
        match self {
            Self::NetDebit => Self::NetCredit,
            Self::NetCredit => Self::NetDebit,
            other => other.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_broker_types_are_kept_not_refused() -> anyhow::Result<()> {
        let kept: OrderType = serde_json::from_str("\"MARKET_ON_CLOSE\"")?;
        assert_eq!(kept, OrderType::Other("MARKET_ON_CLOSE".to_owned()));
        assert!(!kept.is_known());
        assert_eq!(serde_json::to_string(&kept)?, "\"MARKET_ON_CLOSE\"");
        assert_eq!(
            serde_json::from_str::<OrderType>("\"STOP_LIMIT\"")?,
            OrderType::StopLimit
        );
        assert_eq!(OrderType::KNOWN.len(), 8);
        Ok(())
    }

    #[test]
    fn required_fields_per_type() {
        assert!(OrderType::Limit.needs_price());
        assert!(!OrderType::Market.needs_price());
        assert!(!OrderType::Stop.needs_price());
        assert!(OrderType::Stop.needs_stop_price());
        assert!(OrderType::StopLimit.needs_price() && OrderType::StopLimit.needs_stop_price());
        assert!(OrderType::NetCredit.needs_price() && OrderType::NetCredit.is_net());
        assert_eq!(OrderType::NetDebit.reverse_net(), OrderType::NetCredit);
        assert_eq!(OrderType::Limit.reverse_net(), OrderType::Limit);
        assert!(OrderType::NetZero.is_net() && !OrderType::NetZero.needs_price());
        assert_eq!(OrderType::NetZero.reverse_net(), OrderType::NetZero);
    }
}
