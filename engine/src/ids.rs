//! Typed identifiers for agents, accounts, copy-trade sessions and broker orders.

use std::fmt;
use std::num::ParseIntError;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($(#[$meta:meta])* $name:ident($inner:ty)) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl $name {
            /// The raw number.
            #[must_use]
            pub const fn get(self) -> $inner {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        impl FromStr for $name {
            type Err = ParseIntError;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                text.parse().map(Self)
            }
        }

        impl From<$inner> for $name {
            fn from(raw: $inner) -> Self {
                Self(raw)
            }
        }
    };
}

id_type!(
    /// An agent: the person who signs in to copydesk and controls many accounts.
    AgentId(u64)
);
id_type!(
    /// A trading account linked by an agent (copydesk's own number, not the broker's).
    AccountId(u64)
);
id_type!(
    /// A copy-trade session (`agentTradingSessionID`): one place, replace or exit across accounts.
    SessionId(u64)
);
id_type!(
    /// An order id assigned by the brokerage (Schwab uses signed 64-bit numbers).
    BrokerOrderId(i64)
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_serialize_as_bare_numbers() -> anyhow::Result<()> {
        assert_eq!(serde_json::to_string(&AgentId(7))?, "7");
        assert_eq!(
            serde_json::to_string(&BrokerOrderId(1_002_260_663_765))?,
            "1002260663765"
        );
        let id: SessionId = serde_json::from_str("42")?;
        assert_eq!(id, SessionId(42));
        Ok(())
    }

    #[test]
    fn ids_display_and_parse_as_decimal() {
        assert_eq!(AccountId(12).to_string(), "12");
        assert_eq!(BrokerOrderId(-3).to_string(), "-3");
        assert_eq!("99".parse::<SessionId>(), Ok(SessionId(99)));
        assert!("x9".parse::<AgentId>().is_err());
        assert!("-1".parse::<AgentId>().is_err());
    }
}
