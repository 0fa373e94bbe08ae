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
    /// The part of a share held long beyond `long_quantity` (a reinvested dividend: 61.5854 shares are
    /// 61 and 0.5854). Orders trade whole shares, so exits and caps count `long_quantity` alone.
    #[serde(default, skip_serializing_if = "Decimal::is_zero")]
    pub long_fraction: Decimal,
    /// The part of a share held short beyond `short_quantity`.
    #[serde(default, skip_serializing_if = "Decimal::is_zero")]
    pub short_fraction: Decimal,
}

impl Position {
    /// Long minus short quantity: positive for long holdings, negative for short ones.
    #[must_use]
    pub fn net_quantity(&self) -> i64 {
        i64::from(self.long_quantity) - i64::from(self.short_quantity)
    }

    /// What is held, fractions of a share included: long minus short (`61.5854`, `-3`).
    #[must_use]
    pub fn net_held(&self) -> Decimal {
        Decimal::from(self.long_quantity) + self.long_fraction
            - Decimal::from(self.short_quantity)
            - self.short_fraction
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
            long_fraction: Decimal::ZERO,
            short_fraction: Decimal::ZERO,
        };
        assert_eq!(short_call.net_quantity(), -3);
        assert_eq!(short_call.net_held(), dec!(-3));
        let long = Position {
            long_quantity: 5,
            short_quantity: 0,
            ..short_call
        };
        assert_eq!(long.net_quantity(), 5);
        let reinvested = Position {
            long_quantity: 61,
            long_fraction: dec!(0.5854),
            ..long
        };
        assert_eq!(reinvested.net_quantity(), 61, "whole shares alone trade");
        assert_eq!(reinvested.net_held(), dec!(61.5854));
    }
}
