//! Each account's sizing profile and guards, kept per agent in their own tree (`account_limits`).
//!
//! Keys are the agent id then the account id, both big-endian, so one agent's accounts are one prefix;
//! values are the engine's `AccountLimits` as JSON. An account without an entry uses the defaults
//! (tier sizing, no guard), which is what every account of a database written before this tree
//! existed gets.

use std::collections::HashMap;

use engine::copy::AccountLimits;
use engine::ids::{AccountId, AgentId};

use crate::StoreError;

const LIMITS_TREE: &str = "account_limits";

/// Typed access to the account limits tree.
#[derive(Clone)]
pub struct AccountLimitsStore {
    tree: sled::Tree,
}

fn key(agent: AgentId, account: AccountId) -> [u8; 16] {
    let mut key = [0; 16];
    key[..8].copy_from_slice(&agent.get().to_be_bytes());
    key[8..].copy_from_slice(&account.get().to_be_bytes());
    key
}

impl AccountLimitsStore {
    pub(crate) fn open(db: &sled::Db) -> Result<Self, StoreError> {
        Ok(Self {
            tree: db.open_tree(LIMITS_TREE)?,
        })
    }

    /// The limits of every account of the agent that has some (the others use the defaults).
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn for_agent(
        &self,
        agent: AgentId,
    ) -> Result<HashMap<AccountId, AccountLimits>, StoreError> {
        self.tree
            .scan_prefix(agent.get().to_be_bytes())
            .map(|entry| {
                let (key, value) = entry?;
                let account = key
                    .get(8..16)
                    .and_then(|bytes| <[u8; 8]>::try_from(bytes).ok())
                    .map_or(0, u64::from_be_bytes);
                Ok((AccountId(account), serde_json::from_slice(&value)?))
            })
            .collect()
    }

    /// One account's limits (the defaults until set).
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn get(&self, agent: AgentId, account: AccountId) -> Result<AccountLimits, StoreError> {
        match self.tree.get(key(agent, account))? {
            Some(bytes) => Ok(serde_json::from_slice(&bytes)?),
            None => Ok(AccountLimits::default()),
        }
    }

    /// Stores one account's limits; the defaults are stored as no entry at all.
    ///
    /// # Errors
    /// Storage or encoding errors.
    pub fn set(
        &self,
        agent: AgentId,
        account: AccountId,
        limits: &AccountLimits,
    ) -> Result<(), StoreError> {
        if limits.is_default() {
            self.tree.remove(key(agent, account))?;
        } else {
            self.tree
                .insert(key(agent, account), serde_json::to_vec(limits)?)?;
        }
        Ok(())
    }

    /// Forgets one account's limits (when it is deleted).
    ///
    /// # Errors
    /// Storage errors.
    pub fn remove(&self, agent: AgentId, account: AccountId) -> Result<(), StoreError> {
        self.tree.remove(key(agent, account))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use engine::copy::{Guards, OpenClose, SizingMethod, SizingProfile};

    use super::*;
    use crate::Store;

    fn custom() -> AccountLimits {
        AccountLimits {
            sizing: SizingProfile {
                method: SizingMethod::Ratio,
                value: serde_json::from_str("\"1.5\"").unwrap_or_default(),
                ..SizingProfile::default()
            },
            guards: Guards {
                max_quantity_per_order: Some(10),
                deny_symbols: vec!["TSLA".into()],
                open_close: OpenClose::CloseOnly,
                ..Guards::default()
            },
        }
    }

    #[test]
    fn limits_are_per_agent_and_account_and_default_until_set() -> Result<(), StoreError> {
        let limits = Store::temporary()?.account_limits()?;
        let (alice, bob) = (AgentId(1), AgentId(2));
        assert_eq!(limits.get(alice, AccountId(3))?, AccountLimits::default());
        limits.set(alice, AccountId(3), &custom())?;
        limits.set(alice, AccountId(4), &AccountLimits::default())?;
        limits.set(bob, AccountId(5), &custom())?;
        assert_eq!(limits.get(alice, AccountId(3))?, custom());
        assert_eq!(limits.get(bob, AccountId(3))?, AccountLimits::default());
        let of_alice = limits.for_agent(alice)?;
        assert_eq!(of_alice.len(), 1, "the defaults are no entry");
        assert_eq!(of_alice.get(&AccountId(3)), Some(&custom()));
        limits.set(alice, AccountId(3), &AccountLimits::default())?;
        assert!(limits.for_agent(alice)?.is_empty());
        limits.remove(bob, AccountId(5))?;
        assert!(limits.for_agent(bob)?.is_empty());
        Ok(())
    }

    #[test]
    fn a_database_written_before_the_tree_opens_and_keeps_what_is_set() -> Result<(), StoreError> {
        let dir = std::env::temp_dir().join(format!("copydesk-limits-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        {
            // A database of the current layout in which no limit was ever set.
            let store = Store::open(&dir, None)?;
            store.settings()?.set_read_limit(90)?;
            store.flush()?;
        }
        {
            let store = Store::open(&dir, None)?;
            let limits = store.account_limits()?;
            assert!(limits.for_agent(AgentId(1))?.is_empty());
            limits.set(AgentId(1), AccountId(2), &custom())?;
            store.flush()?;
        }
        let store = Store::open(&dir, None)?;
        assert_eq!(
            store.account_limits()?.get(AgentId(1), AccountId(2))?,
            custom()
        );
        assert_eq!(store.settings()?.read_limit()?, Some(90));
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
        Ok(())
    }
}
