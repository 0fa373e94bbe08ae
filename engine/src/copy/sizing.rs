//! Sizing profiles: how many units (contracts, shares or spreads) each account gets of the agent's quantity.
//!
//! Every account uses one profile; the default is the tier multiplier, so nothing changes until an agent
//! chooses otherwise. Quantities are rounded down; below one unit the profile says whether the account
//! gets 1 or a refused row ("sized to 0"). A spread is sized in spreads, every leg alike.

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::{Deserialize, Serialize};

use crate::wire_enum::wire_enum;

/// The largest quantity a FIXED profile may name.
pub const MAX_FIXED: u32 = 1_000_000;
/// The largest factor a RATIO profile may name.
pub const MAX_RATIO: Decimal = Decimal::from_parts(1000, 0, 0, false, 0);
/// The most dollars of net liquidation value a NET_LIQUIDATION profile may ask per unit.
pub const MAX_DOLLARS_PER_UNIT: Decimal = Decimal::from_parts(1_000_000_000, 0, 0, false, 0);

wire_enum! {
    /// How an account's quantity is worked out from the agent's, named as the API names it.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum SizingMethod("sizing method") {
        /// The agent's quantity times the account tier's multiplier (the default).
        #[default]
        Tier => "TIER",
        /// Always `value` units, whatever the agent's quantity.
        Fixed => "FIXED",
        /// The agent's quantity times `value` (fractions allowed), rounded down.
        Ratio => "RATIO",
        /// The agent's quantity for every `value` dollars of the account's net liquidation value
        /// (from its last balances), rounded down.
        NetLiquidation => "NET_LIQUIDATION",
    }
}

wire_enum! {
    /// What an account sized below one unit gets.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum BelowOne("below one") {
        /// A refused row that says "sized to 0"; nothing is sent (the default).
        #[default]
        Refuse => "REFUSE",
        /// One unit.
        One => "ONE",
    }
}

/// One account's sizing profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SizingProfile {
    /// The method.
    pub method: SizingMethod,
    /// FIXED: the quantity; RATIO: the factor; NET_LIQUIDATION: dollars of net liquidation value per
    /// unit of the agent's quantity; unused (0) for TIER.
    pub value: Decimal,
    /// What an account sized below one unit gets.
    pub below_one: BelowOne,
}

/// What sizing gives one account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sized {
    /// This many units (at least 1).
    Units(u32),
    /// Nothing: the account gets a refused row with this reason ("sized to 0: ...").
    Zero(String),
    /// The quantity does not fit in a whole number of units.
    TooLarge,
}

impl SizingProfile {
    /// The units an account gets of the agent's `asked` quantity, given its tier's `multiplier` and
    /// its last known net liquidation value (needed by NET_LIQUIDATION only).
    #[must_use]
    pub fn size(&self, asked: u32, multiplier: u32, net_liquidation: Option<Decimal>) -> Sized {
        let exact = match self.method {
            SizingMethod::Tier => {
                return match asked.checked_mul(multiplier) {
                    Some(0) => Sized::Zero("sized to 0: the quantity is 0".to_owned()),
                    Some(units) => Sized::Units(units),
                    None => Sized::TooLarge,
                };
            }
            SizingMethod::Fixed => Some(self.value),
            SizingMethod::Ratio => Decimal::from(asked).checked_mul(self.value),
            SizingMethod::NetLiquidation => {
                let Some(value) = net_liquidation else {
                    return Sized::Zero(
                        "sized to 0: the account's net liquidation value is not known yet (its balances have not been read)"
                            .to_owned(),
                    );
                };
                Decimal::from(asked)
                    .checked_mul(value.max(Decimal::ZERO))
                    .and_then(|dollars| dollars.checked_div(self.value))
            }
        };
        let Some(exact) = exact else {
            return Sized::TooLarge;
        };
        let units = exact.floor();
        if units >= Decimal::ONE {
            return units.to_u32().map_or(Sized::TooLarge, Sized::Units);
        }
        match self.below_one {
            BelowOne::One => Sized::Units(1),
            BelowOne::Refuse => Sized::Zero(self.zero_reason(asked, net_liquidation)),
        }
    }

    fn zero_reason(&self, asked: u32, net_liquidation: Option<Decimal>) -> String {
        match self.method {
            SizingMethod::NetLiquidation => format!(
                "sized to 0: a net liquidation value of ${} at {asked} per ${} is less than one unit",
                net_liquidation.unwrap_or_default().round_dp(2).normalize(),
                self.value.normalize()
            ),
            _ => format!(
                "sized to 0: {asked} × {} is less than one unit",
                self.value.normalize()
            ),
        }
    }
}

/// An equal split of a total the agent types over the accounts an order goes to: each gets the total
/// divided by their number, rounded down, and the remainder goes one unit at a time to the accounts
/// from `start` on (wrapping around), so that over successive splits nobody is always first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EqualSplit {
    /// The total to split.
    pub total: u32,
    /// Where the remainder starts (taken modulo the number of accounts); a different value each split.
    pub start: u64,
}

impl EqualSplit {
    /// The share of the `index`-th of `accounts` accounts; the shares of `0..accounts` sum to the total.
    #[must_use]
    pub fn share(&self, index: usize, accounts: usize) -> u32 {
        let Ok(n) = u64::try_from(accounts) else {
            return 0;
        };
        if n == 0 {
            return 0;
        }
        let total = u64::from(self.total);
        let (base, remainder) = (total / n, total % n);
        let position = u64::try_from(index).unwrap_or(u64::MAX) % n;
        let offset = (position + n - self.start % n) % n;
        u32::try_from(base + u64::from(offset < remainder)).unwrap_or(u32::MAX)
    }

    /// The reason of an account whose share is 0.
    #[must_use]
    pub fn zero_reason(&self) -> String {
        format!(
            "sized to 0: the split total of {} leaves no unit for this account",
            self.total
        )
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rust_decimal_macros::dec;

    use super::*;

    fn profile(method: SizingMethod, value: Decimal, below_one: BelowOne) -> SizingProfile {
        SizingProfile {
            method,
            value,
            below_one,
        }
    }

    #[test]
    fn the_default_is_the_tier_multiplier() {
        let tier = SizingProfile::default();
        assert_eq!(tier.method, SizingMethod::Tier);
        assert_eq!(tier.size(5, 3, None), Sized::Units(15));
        assert_eq!(tier.size(u32::MAX, 2, None), Sized::TooLarge);
    }

    #[test]
    fn fixed_ratio_and_net_liquidation_round_down() {
        let fixed = profile(SizingMethod::Fixed, dec!(4), BelowOne::Refuse);
        assert_eq!(fixed.size(1, 3, None), Sized::Units(4));
        assert_eq!(fixed.size(100, 3, None), Sized::Units(4));
        let ratio = profile(SizingMethod::Ratio, dec!(0.5), BelowOne::Refuse);
        assert_eq!(ratio.size(5, 3, None), Sized::Units(2));
        assert_eq!(
            ratio.size(1, 3, None),
            Sized::Zero("sized to 0: 1 × 0.5 is less than one unit".to_owned())
        );
        let nlv = profile(SizingMethod::NetLiquidation, dec!(10000), BelowOne::Refuse);
        assert_eq!(nlv.size(1, 1, Some(dec!(25000))), Sized::Units(2));
        assert_eq!(nlv.size(3, 1, Some(dec!(25000))), Sized::Units(7));
        assert_eq!(
            nlv.size(1, 1, Some(dec!(9999.999))),
            Sized::Zero(
                "sized to 0: a net liquidation value of $10000 at 1 per $10000 is less than one unit"
                    .to_owned()
            )
        );
        assert_eq!(
            nlv.size(1, 1, None),
            Sized::Zero("sized to 0: the account's net liquidation value is not known yet (its balances have not been read)".to_owned())
        );
        // A negative value is worth nothing.
        assert!(matches!(nlv.size(1, 1, Some(dec!(-5))), Sized::Zero(_)));
        let huge = profile(SizingMethod::Ratio, dec!(1000), BelowOne::Refuse);
        assert_eq!(huge.size(u32::MAX, 1, None), Sized::TooLarge);
    }

    #[test]
    fn below_one_gives_one_when_the_profile_says_so() {
        let ratio = profile(SizingMethod::Ratio, dec!(0.25), BelowOne::One);
        assert_eq!(ratio.size(3, 1, None), Sized::Units(1));
        let nlv = profile(SizingMethod::NetLiquidation, dec!(50000), BelowOne::One);
        assert_eq!(nlv.size(1, 1, Some(dec!(1000))), Sized::Units(1));
        // Without balances there is nothing to size by, whatever the profile says.
        assert!(matches!(nlv.size(1, 1, None), Sized::Zero(_)));
    }

    #[test]
    fn methods_and_below_one_travel_as_their_words() {
        let stored = profile(SizingMethod::NetLiquidation, dec!(2500), BelowOne::One);
        let json = serde_json::to_value(stored).ok();
        assert_eq!(
            json,
            Some(
                serde_json::json!({"method": "NET_LIQUIDATION", "value": "2500", "belowOne": "ONE"})
            )
        );
        assert_eq!(
            "RATIO".parse::<SizingMethod>().ok(),
            Some(SizingMethod::Ratio)
        );
        assert!("SPLIT".parse::<SizingMethod>().is_err());
    }

    #[test]
    fn a_split_rotates_its_remainder() {
        let split = |start| EqualSplit { total: 7, start };
        let shares = |start| (0..3).map(|i| split(start).share(i, 3)).collect::<Vec<_>>();
        assert_eq!(shares(0), vec![3, 2, 2]);
        assert_eq!(shares(1), vec![2, 3, 2]);
        assert_eq!(shares(2), vec![2, 2, 3]);
        assert_eq!(shares(3), vec![3, 2, 2]);
        assert_eq!(
            EqualSplit { total: 2, start: 0 }.share(2, 3),
            0,
            "fewer units than accounts"
        );
        assert_eq!(EqualSplit { total: 2, start: 0 }.share(0, 0), 0);
    }

    proptest! {
        /// The shares of a split always sum to the total, differ by at most one, and the account
        /// that gets the first extra unit moves with `start`.
        #[test]
        fn a_split_sums_to_its_total(total in 0u32..100_000, accounts in 1usize..2000, start in any::<u64>()) {
            let split = EqualSplit { total, start };
            let shares: Vec<u32> = (0..accounts).map(|i| split.share(i, accounts)).collect();
            prop_assert_eq!(shares.iter().map(|s| u64::from(*s)).sum::<u64>(), u64::from(total));
            let (low, high) = (shares.iter().min().copied(), shares.iter().max().copied());
            prop_assert!(high.unwrap_or(0) - low.unwrap_or(0) <= 1);
            if total as usize % accounts != 0 {
                let first = (start % accounts as u64) as usize;
                prop_assert_eq!(shares[first], total / accounts as u32 + 1);
            }
        }

        /// NET_LIQUIDATION sizing is proportional to the account's value within one unit (rounded
        /// down).
        #[test]
        fn net_liquidation_is_proportional_within_one_unit(
            asked in 1u32..1000, cents in 0i64..10_000_000_000, per in 1u32..1_000_000,
        ) {
            let value = Decimal::new(cents, 2);
            let nlv = profile(SizingMethod::NetLiquidation, Decimal::from(per), BelowOne::Refuse);
            let exact = Decimal::from(asked) * value / Decimal::from(per);
            match nlv.size(asked, 1, Some(value)) {
                Sized::Units(units) => {
                    let units = Decimal::from(units);
                    prop_assert!(units <= exact && exact - units < Decimal::ONE);
                }
                Sized::Zero(reason) => {
                    prop_assert!(exact < Decimal::ONE);
                    prop_assert!(reason.starts_with("sized to 0"));
                }
                Sized::TooLarge => prop_assert!(exact > Decimal::from(u32::MAX)),
            }
        }
    }
}
