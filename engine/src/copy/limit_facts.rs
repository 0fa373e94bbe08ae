//! What the planner knows of the accounts' sizing and guards when one command is planned: each
//! account's limits with the facts they need (net liquidation value, today's orders), the agent's
//! open orders, and the equal split the command asks for.

use std::collections::HashMap;

use rust_decimal::Decimal;

use super::account_limits::AccountLimits;
use super::open_orders::OpenOrders;
use super::sizing::{EqualSplit, Sized, SizingProfile};
use crate::ids::AccountId;

/// One account's limits and what they need to know.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccountLimitFacts {
    /// The account's sizing profile and guards.
    pub limits: AccountLimits,
    /// Its net liquidation value from its last balances (`None` when never read).
    pub net_liquidation: Option<Decimal>,
    /// How many orders copydesk sent it today.
    pub orders_today: u32,
}

/// The limits of one command's accounts. The default knows none: every account is sized by its tier
/// and unguarded, as before sizing profiles existed.
#[derive(Debug, Clone, Default)]
pub struct LimitFacts {
    accounts: HashMap<AccountId, AccountLimitFacts>,
    split: Option<EqualSplit>,
    open: OpenOrders,
    /// Whether any account has limits other than the default, or the command is split.
    any: bool,
}

impl LimitFacts {
    /// Facts with no limit: tier sizing and no guard for every account.
    #[must_use]
    pub fn none() -> Self {
        Self::default()
    }

    /// Facts with no limit yet, with room for `accounts` accounts' limits.
    #[must_use]
    pub fn with_capacity(accounts: usize) -> Self {
        Self {
            accounts: HashMap::with_capacity(accounts),
            ..Self::default()
        }
    }

    /// Records one account's limits and facts (an account not recorded has the defaults).
    pub fn insert(&mut self, account: AccountId, facts: AccountLimitFacts) {
        self.any |= !facts.limits.is_default();
        self.accounts.insert(account, facts);
    }

    /// Splits the command's total equally over the accounts a place goes to, instead of sizing each.
    pub fn set_split(&mut self, split: Option<EqualSplit>) {
        self.any |= split.is_some();
        self.split = split;
    }

    /// Records the agent's open orders (needed by the position guard).
    pub fn set_open_orders(&mut self, open: OpenOrders) {
        self.open = open;
    }

    /// Whether nothing here changes a plan: no account has limits and the command is not split.
    #[must_use]
    pub fn is_none(&self) -> bool {
        !self.any
    }

    /// The account's limits and facts, when recorded.
    #[must_use]
    pub fn of(&self, account: AccountId) -> Option<&AccountLimitFacts> {
        self.accounts.get(&account)
    }

    /// The equal split the command asks for.
    #[must_use]
    pub fn split(&self) -> Option<EqualSplit> {
        self.split
    }

    /// The agent's open orders.
    #[must_use]
    pub fn open_orders(&self) -> &OpenOrders {
        &self.open
    }

    /// What the account's profile gives of the agent's `asked` quantity, given its tier's
    /// `multiplier`.
    #[must_use]
    pub fn size(&self, account: AccountId, asked: u32, multiplier: u32) -> Sized {
        match self.accounts.get(&account) {
            Some(facts) => facts
                .limits
                .sizing
                .size(asked, multiplier, facts.net_liquidation),
            None => SizingProfile::default().size(asked, multiplier, None),
        }
    }
}
