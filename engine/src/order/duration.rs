//! How long an order stays working.

use crate::wire_enum::wire_enum;

wire_enum! {
    /// An order's time in force.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    pub enum Duration("duration") {
        /// Expires at the end of the trading day.
        Day => "DAY",
        /// Works until filled or cancelled (the broker caps this at months).
        GoodTillCancel => "GOOD_TILL_CANCEL",
    }
    other Other "Another duration the broker reported; copydesk never sends one."
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_and_unknown_durations() -> anyhow::Result<()> {
        assert_eq!(
            serde_json::from_str::<Duration>("\"GOOD_TILL_CANCEL\"")?,
            Duration::GoodTillCancel
        );
        assert_eq!(
            serde_json::from_str::<Duration>("\"FILL_OR_KILL\"")?,
            Duration::Other("FILL_OR_KILL".to_owned())
        );
        assert_eq!(Duration::Day.to_string(), "DAY");
        Ok(())
    }
}
