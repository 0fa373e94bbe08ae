//! Which accounts a new copy trade goes to, and how many each gets (DESIGN §6 "Target accounts", "Size tiers").

use crate::account::{AccountType, TierMultipliers};
use crate::ids::AccountId;

/// What the fan-out needs to know of one of the agent's accounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TargetAccount {
    /// The account.
    pub id: AccountId,
    /// Its size tier.
    pub tier: AccountType,
    /// Whether the agent has trading switched on for it.
    pub trading_active: bool,
    /// Whether its brokerage login can be used now.
    pub usable: bool,
}

/// The quantity is too large once multiplied by a tier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the quantity is too large for the account tiers")]
pub struct QuantityOverflow;

/// Every account with trading on and a usable login, with `quantity × its tier's multiplier`, in id
/// order; inactive or unusable accounts get nothing.
///
/// # Errors
/// [`QuantityOverflow`] when a multiplied quantity does not fit.
pub fn active_quantities(
    accounts: &[TargetAccount],
    tiers: &TierMultipliers,
    quantity: u32,
) -> Result<Vec<(AccountId, u32)>, QuantityOverflow> {
    let mut chosen: Vec<(AccountId, u32)> = accounts
        .iter()
        .filter(|a| a.trading_active && a.usable)
        .map(|a| {
            tiers
                .scale(a.tier, quantity)
                .map(|q| (a.id, q))
                .ok_or(QuantityOverflow)
        })
        .collect::<Result<_, _>>()?;
    chosen.sort_by_key(|(id, _)| *id);
    chosen.dedup_by_key(|(id, _)| *id);
    Ok(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn tier(n: u8) -> AccountType {
        match n % 3 {
            0 => AccountType::Small,
            1 => AccountType::Medium,
            _ => AccountType::Big,
        }
    }

    #[test]
    fn only_active_usable_accounts_get_the_scaled_quantity() {
        let accounts = [
            TargetAccount {
                id: AccountId(3),
                tier: AccountType::Big,
                trading_active: true,
                usable: true,
            },
            TargetAccount {
                id: AccountId(1),
                tier: AccountType::Small,
                trading_active: true,
                usable: true,
            },
            TargetAccount {
                id: AccountId(2),
                tier: AccountType::Medium,
                trading_active: false,
                usable: true,
            },
            TargetAccount {
                id: AccountId(4),
                tier: AccountType::Medium,
                trading_active: true,
                usable: false,
            },
        ];
        assert_eq!(
            active_quantities(&accounts, &TierMultipliers::default(), 2),
            Ok(vec![(AccountId(1), 2), (AccountId(3), 6)])
        );
        assert_eq!(
            active_quantities(&accounts, &TierMultipliers::default(), u32::MAX),
            Err(QuantityOverflow)
        );
    }

    proptest! {
        /// For any set of accounts (active or not, any tier, usable or not), each active usable account
        /// appears exactly once with quantity × its multiplier and no other account appears.
        #[test]
        fn each_active_account_exactly_once_with_its_multiplier(
            flags in proptest::collection::vec((any::<u8>(), any::<bool>(), any::<bool>()), 0..40),
            quantity in 1u32..1000,
            small in 1u32..10, medium in 1u32..10, big in 1u32..10,
        ) {
            let tiers = TierMultipliers { small, medium, big };
            let accounts: Vec<TargetAccount> = flags
                .iter()
                .enumerate()
                .map(|(i, (t, active, usable))| TargetAccount {
                    id: AccountId(i as u64 + 1),
                    tier: tier(*t),
                    trading_active: *active,
                    usable: *usable,
                })
                .collect();
            let chosen = active_quantities(&accounts, &tiers, quantity).map_err(|e| TestCaseError::fail(e.to_string()))?;
            for account in &accounts {
                let sent: Vec<u32> = chosen.iter().filter(|(id, _)| *id == account.id).map(|(_, q)| *q).collect();
                if account.trading_active && account.usable {
                    prop_assert_eq!(sent, vec![quantity * tiers.for_type(account.tier)]);
                } else {
                    prop_assert!(sent.is_empty());
                }
            }
        }
    }
}
