//! The three kinds of copy trade: single-leg options, verticals and stocks.

use crate::wire_enum::wire_enum;

wire_enum! {
    /// Which tables and forms a copy trade belongs to; the path segment of the spec's routes.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum TradeKind("trade kind") {
        /// Single-leg options ("common").
        Common => "COMMON",
        /// Vertical (two-leg) options.
        Vertical => "VERTICAL",
        /// Stocks.
        Stock => "STOCK",
    }
}
