//! Which brokerage accounts a login reaches: plain numbers, path hashes and account kinds.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::wire_enum::wire_enum;

/// The plain account number people see (e.g. `74125896`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AccountNumber(pub String);

/// The broker's opaque per-account key used in API paths (64 hex characters at Schwab).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AccountHash(pub String);

impl fmt::Display for AccountNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Display for AccountHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One account a login can trade: its number and the hash that addresses it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountLink {
    /// The plain account number.
    pub account_number: AccountNumber,
    /// The key for account-scoped API calls.
    pub hash: AccountHash,
}

wire_enum! {
    /// Whether an account may borrow.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum AccountKind("account type") {
        /// Trades only with settled cash.
        Cash => "CASH",
        /// May borrow against its holdings.
        Margin => "MARGIN",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_serialize_plainly() -> anyhow::Result<()> {
        let link = AccountLink {
            account_number: AccountNumber("74125896".into()),
            hash: AccountHash("3F9A".into()),
        };
        assert_eq!(
            serde_json::to_value(&link)?,
            serde_json::json!({"accountNumber": "74125896", "hash": "3F9A"})
        );
        assert_eq!(link.account_number.to_string(), "74125896");
        assert_eq!("MARGIN".parse::<AccountKind>(), Ok(AccountKind::Margin));
        Ok(())
    }
}
