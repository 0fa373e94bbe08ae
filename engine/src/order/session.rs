//! The trading session an order may work in.

use crate::wire_enum::wire_enum;

wire_enum! {
    /// When an order may execute.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum Session("session") {
        /// Regular market hours.
        Normal => "NORMAL",
        /// The pre-market session.
        Am => "AM",
        /// The after-hours session.
        Pm => "PM",
        /// Pre-market, regular and after-hours sessions together.
        Seamless => "SEAMLESS",
    }
}

impl Session {
    /// Whether the session reaches outside regular hours (AM, PM, SEAMLESS), where Schwab takes
    /// only LIMIT orders.
    #[must_use]
    pub fn is_extended(self) -> bool {
        self != Self::Normal
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_sessions_with_schwab_words() -> anyhow::Result<()> {
        assert_eq!(Session::ALL.len(), 4);
        assert_eq!(serde_json::to_string(&Session::Seamless)?, "\"SEAMLESS\"");
        assert_eq!("AM".parse::<Session>(), Ok(Session::Am));
        assert!("EXT".parse::<Session>().is_err());
        assert!(!Session::Normal.is_extended());
        assert!(
            [Session::Am, Session::Pm, Session::Seamless]
                .iter()
                .all(|s| s.is_extended())
        );
        Ok(())
    }
}
