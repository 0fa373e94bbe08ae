//! The engine's token vault on sled: every token sealed with the store's key before it is written.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use engine::account::{TokenVault, VaultError};
use engine::broker::{AccessToken, AccountLink, RefreshToken, TokenSet};
use engine::ids::AccountId;

use crate::{SecretBox, StoreError};

const TOKENS_TREE: &str = "account_tokens";
const LINKS_TREE: &str = "account_links";

#[derive(Serialize, Deserialize)]
struct SealedTokens {
    access: String,
    refresh: String,
    access_expires_at: DateTime<Utc>,
    refresh_expires_at: Option<DateTime<Utc>>,
}

/// Tokens and brokerage links of trading accounts.
#[derive(Clone)]
pub struct AccountVault {
    tokens: sled::Tree,
    links: sled::Tree,
    secrets: SecretBox,
}

impl AccountVault {
    pub(crate) fn open(db: &sled::Db, secrets: SecretBox) -> Result<Self, StoreError> {
        Ok(Self {
            tokens: db.open_tree(TOKENS_TREE)?,
            links: db.open_tree(LINKS_TREE)?,
            secrets,
        })
    }

    /// Forgets everything kept for an account (it was deleted).
    ///
    /// # Errors
    /// Storage errors.
    pub fn forget(&self, account: AccountId) -> Result<(), StoreError> {
        self.tokens.remove(account.get().to_be_bytes())?;
        self.links.remove(account.get().to_be_bytes())?;
        Ok(())
    }
}

fn vault_error(err: impl std::fmt::Display) -> VaultError {
    VaultError(err.to_string())
}

impl TokenVault for AccountVault {
    fn load_tokens(&self, account: AccountId) -> Result<Option<TokenSet>, VaultError> {
        let Some(sealed) = self
            .tokens
            .get(account.get().to_be_bytes())
            .map_err(vault_error)?
        else {
            return Ok(None);
        };
        let plain = self.secrets.open(&sealed).map_err(vault_error)?;
        let stored: SealedTokens = serde_json::from_slice(&plain).map_err(vault_error)?;
        Ok(Some(TokenSet {
            access: AccessToken::new(stored.access),
            refresh: RefreshToken::new(stored.refresh),
            access_expires_at: stored.access_expires_at,
            refresh_expires_at: stored.refresh_expires_at,
        }))
    }

    fn save_tokens(&self, account: AccountId, tokens: &TokenSet) -> Result<(), VaultError> {
        let stored = SealedTokens {
            access: tokens.access.expose_secret().to_owned(),
            refresh: tokens.refresh.expose_secret().to_owned(),
            access_expires_at: tokens.access_expires_at,
            refresh_expires_at: tokens.refresh_expires_at,
        };
        let plain = serde_json::to_vec(&stored).map_err(vault_error)?;
        self.tokens
            .insert(account.get().to_be_bytes(), self.secrets.seal(&plain))
            .map_err(vault_error)?;
        Ok(())
    }

    fn clear_tokens(&self, account: AccountId) -> Result<(), VaultError> {
        self.tokens
            .remove(account.get().to_be_bytes())
            .map_err(vault_error)?;
        Ok(())
    }

    fn load_link(&self, account: AccountId) -> Result<Option<AccountLink>, VaultError> {
        self.links
            .get(account.get().to_be_bytes())
            .map_err(vault_error)?
            .map(|bytes| serde_json::from_slice(&bytes).map_err(vault_error))
            .transpose()
    }

    fn save_link(&self, account: AccountId, link: &AccountLink) -> Result<(), VaultError> {
        let bytes = serde_json::to_vec(link).map_err(vault_error)?;
        self.links
            .insert(account.get().to_be_bytes(), bytes)
            .map_err(vault_error)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;
    use engine::broker::{AccountHash, AccountNumber};

    #[test]
    fn tokens_round_trip_sealed_and_links_round_trip() {
        let store = Store::temporary().unwrap();
        let vault = store.account_vault().unwrap();
        let tokens = TokenSet {
            access: AccessToken::new("I0.access-secret@"),
            refresh: RefreshToken::new("refresh-secret@"),
            access_expires_at: DateTime::<Utc>::UNIX_EPOCH,
            refresh_expires_at: Some(DateTime::<Utc>::UNIX_EPOCH),
        };
        vault.save_tokens(AccountId(4), &tokens).unwrap();
        let raw = vault.tokens.get(4u64.to_be_bytes()).unwrap().unwrap();
        assert!(!raw.windows(6).any(|w| w == b"secret"));
        assert_eq!(vault.load_tokens(AccountId(4)).unwrap(), Some(tokens));
        vault.clear_tokens(AccountId(4)).unwrap();
        assert_eq!(vault.load_tokens(AccountId(4)).unwrap(), None);

        let link = AccountLink {
            account_number: AccountNumber("123".into()),
            hash: AccountHash("AB".into()),
        };
        vault.save_link(AccountId(4), &link).unwrap();
        assert_eq!(vault.load_link(AccountId(4)).unwrap(), Some(link));
        vault.forget(AccountId(4)).unwrap();
        assert_eq!(vault.load_link(AccountId(4)).unwrap(), None);
    }
}
