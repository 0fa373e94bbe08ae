//! A quote: the current bid, ask, last trade and mark of one symbol, each only when there is one.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// Current prices of one symbol. A side the market does not quote is `None`, never zero: an index
/// (`$SPX`) has a last value but no bid, ask or mark, and a halted or illiquid symbol may lack a side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    /// Ticker or padded OSI symbol.
    pub symbol: String,
    /// The company or contract name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Best bid, when there is one.
    #[serde(default)]
    pub bid: Option<Decimal>,
    /// Best ask, when there is one.
    #[serde(default)]
    pub ask: Option<Decimal>,
    /// Last trade (an index's last value), when there is one.
    #[serde(default)]
    pub last: Option<Decimal>,
    /// Mid of bid and ask, when both are quoted (or the broker's own mark).
    #[serde(default)]
    pub mark: Option<Decimal>,
}

/// A quoted price: a positive one, else no price at all (Schwab writes 0 for a side it does not quote).
#[must_use]
pub fn quoted(price: Option<Decimal>) -> Option<Decimal> {
    price.filter(|p| *p > Decimal::ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn zero_and_missing_are_no_price() {
        assert_eq!(quoted(Some(dec!(0))), None);
        assert_eq!(quoted(Some(dec!(-1))), None);
        assert_eq!(quoted(None), None);
        assert_eq!(quoted(Some(dec!(0.01))), Some(dec!(0.01)));
    }
}
