//! Account size tiers and the quantity multiplier each one applies to copied orders.

use serde::{Deserialize, Serialize};

use crate::wire_enum::wire_enum;

wire_enum! {
    /// The size tier of a linked account, as the specs name it.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum AccountType("account type") {
        /// A small account (multiplier ×1 by default).
        Small => "small_account",
        /// A medium account (×2 by default).
        Medium => "medium_account",
        /// A big account (×3 by default).
        Big => "big_account",
    }
}

/// The largest multiplier an agent may set for a tier.
pub const MAX_MULTIPLIER: u32 = 100;

/// The quantity multiplier of each tier: place and replace send `quantity × multiplier` to an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TierMultipliers {
    /// Multiplier of small accounts.
    #[serde(rename = "small_account")]
    pub small: u32,
    /// Multiplier of medium accounts.
    #[serde(rename = "medium_account")]
    pub medium: u32,
    /// Multiplier of big accounts.
    #[serde(rename = "big_account")]
    pub big: u32,
}

impl Default for TierMultipliers {
    fn default() -> Self {
        Self {
            small: 1,
            medium: 2,
            big: 3,
        }
    }
}

impl TierMultipliers {
    /// The multiplier of `tier`.
    #[must_use]
    pub fn for_type(&self, tier: AccountType) -> u32 {
        match tier {
            AccountType::Small => self.small,
            AccountType::Medium => self.medium,
            AccountType::Big => self.big,
        }
    }

    /// The quantity sent to an account of `tier` for an order of `quantity`, or `None` on overflow.
    #[must_use]
    pub fn scale(&self, tier: AccountType, quantity: u32) -> Option<u32> {
        quantity.checked_mul(self.for_type(tier))
    }

    /// Checks every multiplier is between 1 and [`MAX_MULTIPLIER`].
    ///
    /// # Errors
    /// The name of the first tier out of range, e.g. `tierMultipliers.medium_account`.
    pub fn validate(&self) -> Result<(), &'static str> {
        for (value, name) in [
            (self.small, "tierMultipliers.small_account"),
            (self.medium, "tierMultipliers.medium_account"),
            (self.big, "tierMultipliers.big_account"),
        ] {
            if !(1..=MAX_MULTIPLIER).contains(&value) {
                return Err(name);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_travel_as_the_spec_words() {
        assert_eq!(
            serde_json::to_string(&AccountType::Medium).ok(),
            Some("\"medium_account\"".into())
        );
        assert_eq!(
            "big_account".parse::<AccountType>().ok(),
            Some(AccountType::Big)
        );
        assert!("huge_account".parse::<AccountType>().is_err());
    }

    #[test]
    fn default_multipliers_scale_one_two_three() {
        let tiers = TierMultipliers::default();
        assert_eq!(tiers.scale(AccountType::Small, 5), Some(5));
        assert_eq!(tiers.scale(AccountType::Medium, 5), Some(10));
        assert_eq!(tiers.scale(AccountType::Big, 5), Some(15));
        assert_eq!(tiers.scale(AccountType::Big, u32::MAX), None);
        assert_eq!(
            serde_json::to_value(tiers).ok(),
            Some(serde_json::json!({"small_account": 1, "medium_account": 2, "big_account": 3}))
        );
    }

    #[test]
    fn multipliers_must_be_between_one_and_the_maximum() {
        assert_eq!(TierMultipliers::default().validate(), Ok(()));
        let zero = TierMultipliers {
            medium: 0,
            ..TierMultipliers::default()
        };
        assert_eq!(zero.validate(), Err("tierMultipliers.medium_account"));
        let huge = TierMultipliers {
            big: MAX_MULTIPLIER + 1,
            ..TierMultipliers::default()
        };
        assert_eq!(huge.validate(), Err("tierMultipliers.big_account"));
    }
}
