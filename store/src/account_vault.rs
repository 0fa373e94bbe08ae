//! The engine's token vault on sled: every token sealed with the store's key before it is written, and
//! each brokerage account held by one trading account at most (its claim).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sled::Transactional as _;
use sled::transaction::{ConflictableTransactionError, TransactionError};

use engine::account::{LinkClaim, TokenVault, VaultError};
use engine::broker::{
    AccessToken, AccountLink, AccountNumber, RefreshToken, StreamAddress, TokenSet,
};
use engine::ids::AccountId;

use crate::{SecretBox, StoreError};

const TOKENS_TREE: &str = "account_tokens";
const LINKS_TREE: &str = "account_links";
/// Trading account (id, big-endian) → where its login's order stream is, sealed (it names the
/// login's customer ids).
const STREAM_ADDRESSES_TREE: &str = "account_stream_addresses";
/// Brokerage account number → the trading account (id, big-endian) that holds it.
/// What each account's login reached when last read (plain links, as `account_links` keeps them).
const LOGIN_REACH_TREE: &str = "account_login_reach";
const CLAIMS_TREE: &str = "account_link_claims";
/// Set once the claims of links stored before claims were kept have been filled in.
const CLAIMS_FILLED: &[u8] = b"\0filled";

#[derive(Serialize, Deserialize)]
struct SealedTokens {
    access: String,
    refresh: String,
    access_expires_at: DateTime<Utc>,
    refresh_expires_at: Option<DateTime<Utc>>,
}

/// Tokens, brokerage links and the claims on brokerage accounts of trading accounts. A link is stored
/// only with its claim, in one transaction, so one brokerage account is linked to one trading account.
#[derive(Clone)]
pub struct AccountVault {
    tokens: sled::Tree,
    links: sled::Tree,
    claims: sled::Tree,
    stream_addresses: sled::Tree,
    login_reach: sled::Tree,
    secrets: SecretBox,
}

impl AccountVault {
    pub(crate) fn open(db: &sled::Db, secrets: SecretBox) -> Result<Self, StoreError> {
        let vault = Self {
            tokens: db.open_tree(TOKENS_TREE)?,
            links: db.open_tree(LINKS_TREE)?,
            claims: db.open_tree(CLAIMS_TREE)?,
            stream_addresses: db.open_tree(STREAM_ADDRESSES_TREE)?,
            login_reach: db.open_tree(LOGIN_REACH_TREE)?,
            secrets,
        };
        vault.fill_claims()?;
        Ok(vault)
    }

    /// Gives each link stored before claims were kept its claim, in account order, the first account
    /// linked to a brokerage account holding it. Done once per store.
    fn fill_claims(&self) -> Result<(), StoreError> {
        if self.claims.contains_key(CLAIMS_FILLED)? {
            return Ok(());
        }
        for entry in &self.links {
            let (key, bytes) = entry?;
            if let Ok(link) = serde_json::from_slice::<AccountLink>(&bytes) {
                self.claim_if_free(&key, &link.account_number)?;
            }
        }
        self.claims.insert(CLAIMS_FILLED, &[])?;
        Ok(())
    }

    /// Lets the account with key `account` hold `number` when it is still linked to it and no one
    /// holds it.
    fn claim_if_free(&self, account: &[u8], number: &AccountNumber) -> Result<(), StoreError> {
        let result = (&self.links, &self.claims).transaction(|(links, claims)| {
            let still_linked = links
                .get(account)?
                .and_then(|bytes| serde_json::from_slice::<AccountLink>(&bytes).ok())
                .is_some_and(|link| link.account_number == *number);
            if still_linked && claims.get(number.0.as_bytes())?.is_none() {
                claims.insert(number.0.as_bytes(), account)?;
            }
            Ok::<_, ConflictableTransactionError<StoreError>>(())
        });
        transaction_result(result)
    }

    /// Forgets everything kept for an account (it was deleted), and lets go of the brokerage account it
    /// held.
    ///
    /// # Errors
    /// Storage errors.
    pub fn forget(&self, account: AccountId) -> Result<(), StoreError> {
        let key = account.get().to_be_bytes();
        self.tokens.remove(key)?;
        self.stream_addresses.remove(key)?;
        self.login_reach.remove(key)?;
        let result = (&self.links, &self.claims).transaction(|(links, claims)| {
            let Some(bytes) = links.remove(&key)? else {
                return Ok(None);
            };
            let Ok(link) = serde_json::from_slice::<AccountLink>(&bytes) else {
                return Ok(None);
            };
            let number = link.account_number;
            if claims.get(number.0.as_bytes())?.as_deref() == Some(key.as_slice()) {
                claims.remove(number.0.as_bytes())?;
                return Ok(Some(number));
            }
            Ok::<_, ConflictableTransactionError<StoreError>>(None)
        });
        let Some(released) = transaction_result(result)? else {
            return Ok(());
        };
        // A link stored before claims were kept may name the same brokerage account: it holds it now.
        for entry in &self.links {
            let (other, bytes) = entry?;
            if serde_json::from_slice::<AccountLink>(&bytes)
                .is_ok_and(|link| link.account_number == released)
            {
                return self.claim_if_free(&other, &released);
            }
        }
        Ok(())
    }

    /// The trading account that holds brokerage account `number`, if one does.
    ///
    /// # Errors
    /// Storage errors.
    pub fn holder(&self, number: &AccountNumber) -> Result<Option<AccountId>, StoreError> {
        Ok(self
            .claims
            .get(number.0.as_bytes())?
            .and_then(|bytes| account_of(&bytes)))
    }
}

fn account_of(bytes: &[u8]) -> Option<AccountId> {
    <[u8; 8]>::try_from(bytes)
        .ok()
        .map(|id| AccountId(u64::from_be_bytes(id)))
}

fn transaction_result<T>(result: Result<T, TransactionError<StoreError>>) -> Result<T, StoreError> {
    match result {
        Ok(value) => Ok(value),
        Err(TransactionError::Abort(err)) => Err(err),
        Err(TransactionError::Storage(err)) => Err(StoreError::Database(err)),
    }
}

fn vault_error(err: impl std::fmt::Display) -> VaultError {
    VaultError(err.to_string())
}

impl TokenVault for AccountVault {
    fn load_stream_address(&self, account: AccountId) -> Result<Option<StreamAddress>, VaultError> {
        let Some(sealed) = self
            .stream_addresses
            .get(account.get().to_be_bytes())
            .map_err(vault_error)?
        else {
            return Ok(None);
        };
        let plain = self.secrets.open(&sealed).map_err(vault_error)?;
        String::from_utf8(plain)
            .map(|text| Some(StreamAddress::new(text)))
            .map_err(vault_error)
    }

    fn save_stream_address(
        &self,
        account: AccountId,
        address: Option<&StreamAddress>,
    ) -> Result<(), VaultError> {
        let key = account.get().to_be_bytes();
        match address {
            Some(address) => self
                .stream_addresses
                .insert(key, self.secrets.seal(address.expose().as_bytes()))
                .map(|_| ()),
            None => self.stream_addresses.remove(key).map(|_| ()),
        }
        .map_err(vault_error)
    }

    fn load_login_reach(&self, account: AccountId) -> Result<Vec<AccountLink>, VaultError> {
        self.login_reach
            .get(account.get().to_be_bytes())
            .map_err(vault_error)?
            .map(|bytes| serde_json::from_slice(&bytes).map_err(vault_error))
            .transpose()
            .map(Option::unwrap_or_default)
    }

    fn save_login_reach(
        &self,
        account: AccountId,
        reached: &[AccountLink],
    ) -> Result<(), VaultError> {
        let bytes = serde_json::to_vec(reached).map_err(vault_error)?;
        self.login_reach
            .insert(account.get().to_be_bytes(), bytes)
            .map_err(vault_error)?;
        Ok(())
    }

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

    fn claim_link(&self, account: AccountId, link: &AccountLink) -> Result<LinkClaim, VaultError> {
        let key = account.get().to_be_bytes();
        let number = link.account_number.0.as_bytes();
        let bytes = serde_json::to_vec(link).map_err(vault_error)?;
        let result = (&self.links, &self.claims).transaction(|(links, claims)| {
            if let Some(holder) = claims.get(number)? {
                if holder.as_ref() != key.as_slice() {
                    let holder = account_of(&holder).ok_or_else(|| {
                        ConflictableTransactionError::Abort(StoreError::Transaction(
                            "a brokerage account's claim names no account".into(),
                        ))
                    })?;
                    return Ok(LinkClaim::HeldBy(holder));
                }
            }
            // The brokerage account this account held before, if another, is let go.
            let before = links
                .get(key)?
                .and_then(|old| serde_json::from_slice::<AccountLink>(&old).ok())
                .map(|old| old.account_number)
                .filter(|old| old != &link.account_number);
            if let Some(old) = before {
                if claims.get(old.0.as_bytes())?.as_deref() == Some(key.as_slice()) {
                    claims.remove(old.0.as_bytes())?;
                }
            }
            claims.insert(number, &key)?;
            links.insert(&key, bytes.as_slice())?;
            Ok(LinkClaim::Linked)
        });
        transaction_result(result).map_err(vault_error)
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
        assert_eq!(
            vault.claim_link(AccountId(4), &link).unwrap(),
            LinkClaim::Linked
        );
        assert_eq!(vault.load_link(AccountId(4)).unwrap(), Some(link));
        vault.forget(AccountId(4)).unwrap();
        assert_eq!(vault.load_link(AccountId(4)).unwrap(), None);
    }

    #[test]
    fn a_stream_address_is_kept_sealed_until_forgotten_or_the_account_is_deleted() {
        let store = Store::temporary().unwrap();
        let vault = store.account_vault().unwrap();
        assert_eq!(vault.load_stream_address(AccountId(7)).unwrap(), None);
        let address = StreamAddress::new(r#"{"schwabClientCustomerId":"customer-secret"}"#.into());
        vault
            .save_stream_address(AccountId(7), Some(&address))
            .unwrap();
        let raw = vault
            .stream_addresses
            .get(7u64.to_be_bytes())
            .unwrap()
            .unwrap();
        assert!(!raw.windows(6).any(|w| w == b"secret"));
        assert_eq!(
            vault.load_stream_address(AccountId(7)).unwrap(),
            Some(address.clone())
        );
        vault.save_stream_address(AccountId(7), None).unwrap();
        assert_eq!(vault.load_stream_address(AccountId(7)).unwrap(), None);
        vault
            .save_stream_address(AccountId(7), Some(&address))
            .unwrap();
        vault.forget(AccountId(7)).unwrap();
        assert_eq!(vault.load_stream_address(AccountId(7)).unwrap(), None);
    }

    fn link(number: &str, hash: &str) -> AccountLink {
        AccountLink {
            account_number: AccountNumber(number.into()),
            hash: AccountHash(hash.into()),
        }
    }

    #[test]
    fn a_brokerage_account_is_held_by_one_account_until_it_is_deleted() {
        let store = Store::temporary().unwrap();
        let vault = store.account_vault().unwrap();
        let (atlas, birch) = (AccountId(1), AccountId(2));
        assert_eq!(
            vault.claim_link(atlas, &link("10001234", "A")).unwrap(),
            LinkClaim::Linked
        );
        // Another account is refused and nothing of it is stored.
        assert_eq!(
            vault.claim_link(birch, &link("10001234", "A")).unwrap(),
            LinkClaim::HeldBy(atlas)
        );
        assert_eq!(vault.load_link(birch).unwrap(), None);
        // The holder links it again, with the hash read now.
        assert_eq!(
            vault.claim_link(atlas, &link("10001234", "A2")).unwrap(),
            LinkClaim::Linked
        );
        assert_eq!(
            vault.load_link(atlas).unwrap(),
            Some(link("10001234", "A2"))
        );
        // A holder linked elsewhere lets the first one go.
        assert_eq!(
            vault.claim_link(atlas, &link("10005678", "B")).unwrap(),
            LinkClaim::Linked
        );
        assert_eq!(
            vault.holder(&AccountNumber("10001234".into())).unwrap(),
            None
        );
        assert_eq!(
            vault.claim_link(birch, &link("10001234", "A")).unwrap(),
            LinkClaim::Linked
        );
        // Deleting the holder frees its brokerage account, for a vault opened anew too.
        store.account_vault().unwrap().forget(birch).unwrap();
        assert_eq!(
            vault.holder(&AccountNumber("10001234".into())).unwrap(),
            None
        );
        assert_eq!(
            vault
                .claim_link(AccountId(3), &link("10001234", "A"))
                .unwrap(),
            LinkClaim::Linked
        );
    }

    #[test]
    fn of_accounts_claiming_one_brokerage_account_at_once_exactly_one_holds_it() {
        let store = Store::temporary().unwrap();
        let outcomes: Vec<LinkClaim> = std::thread::scope(|scope| {
            let claims: Vec<_> = (1..=8)
                .map(|id| {
                    let vault = store.account_vault().unwrap();
                    scope.spawn(move || {
                        vault
                            .claim_link(AccountId(id), &link("10001234", "A"))
                            .unwrap()
                    })
                })
                .collect();
            claims.into_iter().map(|c| c.join().unwrap()).collect()
        });
        let linked: Vec<u64> = (1..=8)
            .zip(&outcomes)
            .filter(|(_, o)| **o == LinkClaim::Linked)
            .map(|(id, _)| id)
            .collect();
        assert_eq!(linked.len(), 1, "{outcomes:?}");
        let holder = AccountId(linked[0]);
        for outcome in outcomes.iter().filter(|o| **o != LinkClaim::Linked) {
            assert_eq!(*outcome, LinkClaim::HeldBy(holder));
        }
        let vault = store.account_vault().unwrap();
        for id in 1..=8 {
            let stored = vault.load_link(AccountId(id)).unwrap();
            assert_eq!(stored.is_some(), AccountId(id) == holder, "account {id}");
        }
    }

    #[test]
    fn links_stored_before_claims_were_kept_get_their_claims_first_come_first() {
        let store = Store::temporary().unwrap();
        {
            // Links as an earlier build stored them: two accounts on one brokerage account.
            let vault = store.account_vault().unwrap();
            for (id, number) in [(1_u64, "10001234"), (2, "10001234"), (3, "10005678")] {
                let bytes = serde_json::to_vec(&link(number, "H")).unwrap();
                vault.links.insert(id.to_be_bytes(), bytes).unwrap();
            }
            vault.claims.clear().unwrap();
        }
        let vault = store.account_vault().unwrap();
        assert_eq!(
            vault.holder(&AccountNumber("10001234".into())).unwrap(),
            Some(AccountId(1))
        );
        assert_eq!(
            vault.holder(&AccountNumber("10005678".into())).unwrap(),
            Some(AccountId(3))
        );
        assert_eq!(
            vault
                .claim_link(AccountId(4), &link("10005678", "H"))
                .unwrap(),
            LinkClaim::HeldBy(AccountId(3))
        );
        // When the holder goes, the other account still linked to it holds it.
        vault.forget(AccountId(1)).unwrap();
        assert_eq!(
            vault.holder(&AccountNumber("10001234".into())).unwrap(),
            Some(AccountId(2))
        );
    }
}
