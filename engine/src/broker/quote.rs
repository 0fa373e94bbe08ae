//! A quote: the current bid, ask, last trade and mark of one symbol.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// Current prices of one symbol.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    /// Ticker or padded OSI symbol.
    pub symbol: String,
    /// The company or contract name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Best bid.
    pub bid: Decimal,
    /// Best ask.
    pub ask: Decimal,
    /// Last trade.
    pub last: Decimal,
    /// Mid of bid and ask.
    pub mark: Decimal,
}
