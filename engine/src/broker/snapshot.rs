//! An account at one moment: its kind, balances and positions.

use serde::{Deserialize, Serialize};

use super::account::{AccountKind, AccountNumber};
use super::balances::Balances;
use super::position::Position;

/// What `Brokerage::account` answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountSnapshot {
    /// The plain account number.
    pub account_number: AccountNumber,
    /// Cash or margin.
    pub kind: AccountKind,
    /// Current balances.
    pub balances: Balances,
    /// Holdings (cash sweep vehicles left out).
    pub positions: Vec<Position>,
}

impl AccountSnapshot {
    /// The position in `symbol`, if any.
    #[must_use]
    pub fn position(&self, symbol: &str) -> Option<&Position> {
        self.positions.iter().find(|p| p.symbol == symbol)
    }
}
