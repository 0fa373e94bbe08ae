//! One account's sizing profile and guards, as its agent set them (the store keeps them per account).

use serde::{Deserialize, Serialize};

use super::guards::Guards;
use super::sizing::SizingProfile;

/// One account's sizing profile and guards. The default (tier sizing, no guard) is what an account
/// the agent never set up uses, so nothing changes until the agent chooses otherwise.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct AccountLimits {
    /// How the account's quantity is worked out.
    pub sizing: SizingProfile,
    /// What the account's orders may be.
    pub guards: Guards,
}

impl AccountLimits {
    /// Whether this is the default: tier sizing and no guard.
    #[must_use]
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::{OpenClose, SizingMethod};

    #[test]
    fn limits_stored_by_an_earlier_version_read_with_defaults_for_what_it_lacked() {
        let read: AccountLimits = serde_json::from_str(
            r#"{"sizing": {"method": "RATIO", "value": "0.5"}, "guards": {"openClose": "CLOSE_ONLY"}}"#,
        )
        .unwrap_or_default();
        assert_eq!(read.sizing.method, SizingMethod::Ratio);
        assert_eq!(read.guards.open_close, OpenClose::CloseOnly);
        assert_eq!(read.guards.max_quantity_per_order, None);
        assert!(!read.is_default());
        let empty: AccountLimits = serde_json::from_str("{}").unwrap_or_else(|_| AccountLimits {
            guards: Guards {
                max_orders_per_day: Some(1),
                ..Guards::default()
            },
            ..AccountLimits::default()
        });
        assert!(empty.is_default());
    }
}
