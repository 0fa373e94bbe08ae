//! One holding of an account: long and short quantities of a stock or option.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::order::{AssetType, PutCall};

/// A position as the broker reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Position {
    /// Ticker or padded OSI symbol.
    pub symbol: String,
    /// The broker's description (free text; option positions are keyed by it in the UI).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Equity, option or another class.
    pub asset_type: AssetType,
    /// Call or put, for options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub put_call: Option<PutCall>,
    /// The underlying symbol, for options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub underlying: Option<String>,
    /// Shares or contracts held long.
    pub long_quantity: u32,
    /// Shares or contracts held short.
    pub short_quantity: u32,
    /// Average cost per share (per-share premium for options).
    pub average_price: Decimal,
    /// Settled part of the long quantity.
    #[serde(default)]
    pub settled_long_quantity: u32,
    /// Settled part of the short quantity.
    #[serde(default)]
    pub settled_short_quantity: u32,
    /// Current market value (negative for short positions).
    pub market_value: Decimal,
}

impl Position {
    /// Long minus short quantity: positive for long holdings, negative for short ones.
    #[must_use]
    pub fn net_quantity(&self) -> i64 {
        i64::from(self.long_quantity) - i64::from(self.short_quantity)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn net_quantity_is_long_minus_short() {
        let short_call = Position {
            symbol: "AAPL  241018C00210000".into(),
            description: Some("AAPL 10/18/2024 210.00 C".into()),
            asset_type: AssetType::Option,
            put_call: Some(PutCall::Call),
            underlying: Some("AAPL".into()),
            long_quantity: 0,
            short_quantity: 3,
            average_price: dec!(1.2),
            settled_long_quantity: 0,
            settled_short_quantity: 3,
            market_value: dec!(-285),
        };
        assert_eq!(short_call.net_quantity(), -3);
        let long = Position {
            long_quantity: 5,
            short_quantity: 0,
            ..short_call
        };
        assert_eq!(long.net_quantity(), 5);
    }
}
