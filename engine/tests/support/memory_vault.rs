//! Tokens and links kept in memory, standing in for the store in account tests (a brokerage account
//! is held by the account whose link names it).

use std::collections::HashMap;
use std::sync::Mutex;

use engine::account::{LinkClaim, TokenVault, VaultError};
use engine::broker::{AccountLink, TokenSet};
use engine::ids::AccountId;

/// Tokens and links in memory, standing in for the store.
#[derive(Default)]
pub struct MemoryVault {
    tokens: Mutex<HashMap<AccountId, TokenSet>>,
    links: Mutex<HashMap<AccountId, AccountLink>>,
}

impl TokenVault for MemoryVault {
    fn load_tokens(&self, account: AccountId) -> Result<Option<TokenSet>, VaultError> {
        Ok(self
            .tokens
            .lock()
            .map_err(|e| VaultError(e.to_string()))?
            .get(&account)
            .cloned())
    }
    fn save_tokens(&self, account: AccountId, tokens: &TokenSet) -> Result<(), VaultError> {
        self.tokens
            .lock()
            .map_err(|e| VaultError(e.to_string()))?
            .insert(account, tokens.clone());
        Ok(())
    }
    fn clear_tokens(&self, account: AccountId) -> Result<(), VaultError> {
        self.tokens
            .lock()
            .map_err(|e| VaultError(e.to_string()))?
            .remove(&account);
        Ok(())
    }
    fn load_link(&self, account: AccountId) -> Result<Option<AccountLink>, VaultError> {
        Ok(self
            .links
            .lock()
            .map_err(|e| VaultError(e.to_string()))?
            .get(&account)
            .cloned())
    }
    fn claim_link(&self, account: AccountId, link: &AccountLink) -> Result<LinkClaim, VaultError> {
        let mut links = self.links.lock().map_err(|e| VaultError(e.to_string()))?;
        let holder = links
            .iter()
            .find(|(id, held)| **id != account && held.account_number == link.account_number)
            .map(|(id, _)| *id);
        if let Some(holder) = holder {
            return Ok(LinkClaim::HeldBy(holder));
        }
        links.insert(account, link.clone());
        Ok(LinkClaim::Linked)
    }
}
