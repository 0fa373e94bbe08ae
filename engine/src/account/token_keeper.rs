//! A login's OAuth tokens: refreshed ahead of expiry, one refresh at a time, persisted through the vault
//! for every trading account the login serves.

use std::sync::{Arc, Mutex, PoisonError};

use chrono::{DateTime, Utc};

use super::{AccountError, TokenVault};
use crate::broker::{AccessToken, BrokerError, Brokerage, TokenSet};
use crate::clock::Clock;
use crate::ids::AccountId;

/// How long before the access token expires it is refreshed.
pub const REFRESH_AHEAD: chrono::Duration = chrono::Duration::minutes(5);

/// When the tokens end, readable without waiting for a refresh in flight.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TokenExpiries {
    /// When the access token expires.
    pub access: Option<DateTime<Utc>>,
    /// When the refresh token expires (the login must be renewed then).
    pub refresh: Option<DateTime<Utc>>,
}

/// Owns one login's tokens, shared by every trading account linked through that login (one refresh
/// serves them all). Callers that need a token while a refresh is in flight wait for that refresh
/// instead of starting another (the brokerage may revoke a token refreshed twice). Every change is
/// stored for each holder, so each account finds the login's tokens after a restart.
pub struct TokenKeeper {
    /// The trading accounts whose stored tokens these are; the first names the keeper in logs.
    holders: Mutex<Vec<AccountId>>,
    tokens: tokio::sync::Mutex<Option<TokenSet>>,
    expiries: Mutex<TokenExpiries>,
    vault: Arc<dyn TokenVault>,
    clock: Arc<dyn Clock>,
    /// Bumped whenever the tokens change (a login, a refresh, a dead login cleared).
    logins: tokio::sync::watch::Sender<u64>,
}

impl std::fmt::Debug for TokenKeeper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenKeeper")
            .field("holders", &self.holders())
            .field("expiries", &self.expiries())
            .finish_non_exhaustive()
    }
}

impl TokenKeeper {
    /// A keeper for `account`, starting from the tokens stored in `vault`.
    ///
    /// # Errors
    /// [`AccountError::Vault`] when stored tokens cannot be read.
    pub fn load(
        account: AccountId,
        vault: Arc<dyn TokenVault>,
        clock: Arc<dyn Clock>,
    ) -> Result<Self, AccountError> {
        let stored = vault.load_tokens(account)?;
        let expiries = expiries_of(stored.as_ref());
        Ok(Self {
            holders: Mutex::new(vec![account]),
            tokens: tokio::sync::Mutex::new(stored),
            expiries: Mutex::new(expiries),
            vault,
            clock,
            logins: tokio::sync::watch::Sender::new(0),
        })
    }

    /// The trading accounts these tokens are stored for.
    #[must_use]
    pub fn holders(&self) -> Vec<AccountId> {
        self.holders
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The account named in logs.
    fn account(&self) -> AccountId {
        self.holders().first().copied().unwrap_or(AccountId(0))
    }

    /// Stores the current tokens for `account` too and keeps them stored for it from now on (another
    /// trading account of the login was linked).
    ///
    /// # Errors
    /// [`AccountError::Vault`] when the tokens cannot be stored.
    pub async fn add_holder(&self, account: AccountId) -> Result<(), AccountError> {
        let guard = self.tokens.lock().await;
        if let Some(tokens) = guard.as_ref() {
            self.vault.save_tokens(account, tokens)?;
        }
        let mut holders = self.holders.lock().unwrap_or_else(PoisonError::into_inner);
        if !holders.contains(&account) {
            holders.push(account);
        }
        Ok(())
    }

    /// Keeps the tokens stored for `account` as well, without writing now (an account loaded with
    /// its own stored copy at start).
    pub fn hold_for(&self, account: AccountId) {
        let mut holders = self.holders.lock().unwrap_or_else(PoisonError::into_inner);
        if !holders.contains(&account) {
            holders.push(account);
        }
    }

    /// Stops storing the tokens for `account` (it was deleted); answers whether any holder is left.
    pub fn drop_holder(&self, account: AccountId) -> bool {
        let mut holders = self.holders.lock().unwrap_or_else(PoisonError::into_inner);
        holders.retain(|h| *h != account);
        !holders.is_empty()
    }

    fn save_all(&self, tokens: &TokenSet) -> Result<(), AccountError> {
        for holder in self.holders() {
            self.vault.save_tokens(holder, tokens)?;
        }
        Ok(())
    }

    fn clear_all(&self) -> Result<(), AccountError> {
        for holder in self.holders() {
            self.vault.clear_tokens(holder)?;
        }
        Ok(())
    }

    fn set_expiries(&self, tokens: Option<&TokenSet>) {
        *self.expiries.lock().unwrap_or_else(PoisonError::into_inner) = expiries_of(tokens);
        self.logins.send_modify(|generation| *generation += 1);
    }

    /// Changes whenever the tokens do (a login, a refresh, a dead login cleared): an order stream
    /// logs in again with the new token.
    #[must_use]
    pub fn watch_logins(&self) -> tokio::sync::watch::Receiver<u64> {
        self.logins.subscribe()
    }

    /// Tells the login's watchers that what the login reaches changed (its brokerage account was linked),
    /// as a new token does.
    pub fn announce_login(&self) {
        self.logins.send_modify(|generation| *generation += 1);
    }

    /// When the current tokens expire (both `None` when there are none).
    #[must_use]
    pub fn expiries(&self) -> TokenExpiries {
        *self.expiries.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether there are tokens whose login has not ended.
    #[must_use]
    pub fn has_live_login(&self) -> bool {
        self.expiries()
            .refresh
            .is_none_or(|at| at > self.clock.now())
            && self.expiries().access.is_some()
    }

    /// Stores a fresh token set from a new authorization.
    ///
    /// # Errors
    /// [`AccountError::Vault`] when the tokens cannot be stored.
    pub async fn install(&self, tokens: TokenSet) -> Result<(), AccountError> {
        let mut guard = self.tokens.lock().await;
        self.save_all(&tokens)?;
        self.set_expiries(Some(&tokens));
        *guard = Some(tokens);
        Ok(())
    }

    /// Lets the tokens go (a login that may not be linked to this account).
    ///
    /// # Errors
    /// [`AccountError::Vault`] when the stored tokens cannot be removed.
    pub async fn forget(&self) -> Result<(), AccountError> {
        let mut guard = self.tokens.lock().await;
        self.clear_all()?;
        self.set_expiries(None);
        *guard = None;
        Ok(())
    }

    /// A usable access token, refreshing first when it expires within [`REFRESH_AHEAD`].
    ///
    /// # Errors
    /// [`AccountError::NotAuthorized`] without tokens, [`AccountError::ReauthorizationNeeded`] when the
    /// login died, [`AccountError::Broker`] when a needed refresh failed and the old token has expired.
    pub async fn access(&self, broker: &dyn Brokerage) -> Result<AccessToken, AccountError> {
        self.access_inner(broker).await
    }

    /// Refreshes now whatever the expiry says (after the brokerage refused the access token), and
    /// returns the new access token.
    ///
    /// # Errors
    /// As [`TokenKeeper::access`].
    pub async fn refresh_now(
        &self,
        broker: &dyn Brokerage,
        refused: &AccessToken,
    ) -> Result<AccessToken, AccountError> {
        let mut guard = self.tokens.lock().await;
        // Another caller may have refreshed while this one waited: use that token.
        if let Some(current) = guard.as_ref() {
            if current.access != *refused {
                return Ok(current.access.clone());
            }
        }
        self.refresh_locked(broker, &mut guard).await
    }

    async fn access_inner(&self, broker: &dyn Brokerage) -> Result<AccessToken, AccountError> {
        // Every write asks: with nobody refreshing, a token far from expiry is read without waiting.
        if let Ok(guard) = self.tokens.try_lock() {
            if let Some(ready) = Self::ready(guard.as_ref(), self.clock.now()) {
                return ready;
            }
        }
        let mut guard = self.tokens.lock().await;
        let now = self.clock.now();
        if let Some(ready) = Self::ready(guard.as_ref(), now) {
            return ready;
        }
        let Some(current) = guard.as_ref() else {
            return Err(AccountError::NotAuthorized);
        };
        let still_valid = current.access_expires_at > now;
        let old_access = current.access.clone();
        match self.refresh_locked(broker, &mut guard).await {
            Err(AccountError::Broker(err)) if still_valid && err.is_retryable() => {
                tracing::warn!(account = %self.account(), error = %err, "token refresh failed; the current token is still valid");
                Ok(old_access)
            }
            other => other,
        }
    }

    /// What `tokens` answer at `now` without a refresh: the access token while it is more than
    /// [`REFRESH_AHEAD`] from expiry, an error without tokens or with a dead login, and `None` when
    /// a refresh is due.
    fn ready(
        tokens: Option<&TokenSet>,
        now: DateTime<Utc>,
    ) -> Option<Result<AccessToken, AccountError>> {
        let Some(current) = tokens else {
            return Some(Err(AccountError::NotAuthorized));
        };
        if current.refresh_expires_at.is_some_and(|at| at <= now) {
            return Some(Err(AccountError::ReauthorizationNeeded));
        }
        (current.access_expires_at - REFRESH_AHEAD > now).then(|| Ok(current.access.clone()))
    }

    async fn refresh_locked(
        &self,
        broker: &dyn Brokerage,
        guard: &mut tokio::sync::MutexGuard<'_, Option<TokenSet>>,
    ) -> Result<AccessToken, AccountError> {
        let Some(current) = guard.as_ref() else {
            return Err(AccountError::NotAuthorized);
        };
        match broker.refresh_token(&current.refresh).await {
            Ok(mut fresh) => {
                // Refreshing never extends the login: keep the original end when none is given.
                if fresh.refresh_expires_at.is_none() {
                    fresh.refresh_expires_at = current.refresh_expires_at;
                }
                self.save_all(&fresh)?;
                self.set_expiries(Some(&fresh));
                let access = fresh.access.clone();
                **guard = Some(fresh);
                tracing::debug!(account = %self.account(), "access token refreshed");
                Ok(access)
            }
            Err(BrokerError::ReauthorizationNeeded) => {
                self.clear_all()?;
                self.set_expiries(None);
                **guard = None;
                tracing::warn!(account = %self.account(), "brokerage login expired; re-authorization needed");
                Err(AccountError::ReauthorizationNeeded)
            }
            Err(err) => Err(AccountError::Broker(err)),
        }
    }
}

fn expiries_of(tokens: Option<&TokenSet>) -> TokenExpiries {
    tokens
        .map(|t| TokenExpiries {
            access: Some(t.access_expires_at),
            refresh: t.refresh_expires_at,
        })
        .unwrap_or_default()
}
