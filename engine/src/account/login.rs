//! One brokerage login and the trading accounts linked through it: they share its tokens (one
//! refresh for all), its one order stream, and what the login reaches.

use std::sync::{Arc, Mutex, PoisonError, Weak};

use crate::broker::{AccountHash, AccountLink, AccountNumber};
use crate::ids::{AccountId, AgentId};

use super::{LinkedAccount, TokenKeeper, TokenVault};

/// Which login a trading account signs in with: the agent and the brokerage username. Accounts
/// with the same key share one [`Login`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LoginKey {
    /// The agent the accounts belong to.
    pub agent: AgentId,
    /// The brokerage username of the login.
    pub username: String,
}

/// A login's shared state. Its members are the running trading accounts linked through it.
pub struct Login {
    tokens: TokenKeeper,
    members: Mutex<Vec<Weak<LinkedAccount>>>,
    /// The brokerage accounts the login reached when last read (an authorization, a link).
    reached: Mutex<Vec<AccountLink>>,
    /// The brokerage accounts the open stream follows (set when it opens).
    streamed: Mutex<Vec<AccountHash>>,
    /// The member whose stream keeper holds the login's one order stream.
    stream_holder: Mutex<Option<AccountId>>,
    /// Bumped when the stream holder lets go, so another member takes the stream over.
    holder_released: tokio::sync::watch::Sender<u64>,
    /// Held while an account of the login is being linked or authorized, so two never decide at once.
    linking: tokio::sync::Mutex<()>,
    vault: Arc<dyn TokenVault>,
}

impl std::fmt::Debug for Login {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Login")
            .field("tokens", &self.tokens)
            .finish_non_exhaustive()
    }
}

impl Login {
    /// A login whose tokens are `tokens` (loaded for its first account), with what it reached as
    /// that account last stored it.
    #[must_use]
    pub fn new(tokens: TokenKeeper, first: AccountId, vault: Arc<dyn TokenVault>) -> Self {
        let reached = vault.load_login_reach(first).unwrap_or_else(|err| {
            tracing::warn!(account = %first, error = %err, "what the login reaches cannot be read; it is read again on the next link");
            Vec::new()
        });
        Self {
            tokens,
            members: Mutex::default(),
            reached: Mutex::new(reached),
            streamed: Mutex::default(),
            stream_holder: Mutex::default(),
            holder_released: tokio::sync::watch::Sender::new(0),
            linking: tokio::sync::Mutex::new(()),
            vault,
        }
    }

    /// The login's tokens.
    #[must_use]
    pub fn tokens(&self) -> &TokenKeeper {
        &self.tokens
    }

    /// Held while one of the login's accounts links or authorizes.
    pub(super) async fn linking(&self) -> tokio::sync::MutexGuard<'_, ()> {
        self.linking.lock().await
    }

    /// Adds a running account to the login.
    /// Adds a running account to the login; it shows the state of the login's stream at once.
    pub(super) fn join(&self, member: &Arc<LinkedAccount>) {
        let mut members = self.members.lock().unwrap_or_else(PoisonError::into_inner);
        members.retain(|m| m.strong_count() > 0);
        if let Some(other) = members.iter().find_map(Weak::upgrade) {
            let status = other.stream_status();
            member.update_stream(|s| {
                s.phase = status.phase;
                s.reason = status.reason;
                s.since = status.since;
            });
        }
        members.push(Arc::downgrade(member));
    }

    /// Takes an account off the login (it was deleted); answers whether any account is left. Its
    /// stored tokens are no longer written.
    pub fn leave(&self, account: AccountId) -> bool {
        self.members
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|m| m.upgrade().is_some_and(|m| m.id() != account));
        self.tokens.drop_holder(account)
    }

    /// The running accounts of the login.
    #[must_use]
    pub fn members(&self) -> Vec<Arc<LinkedAccount>> {
        self.members
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .filter_map(Weak::upgrade)
            .collect()
    }

    /// The login's other running accounts that are linked to a brokerage account.
    #[must_use]
    pub fn linked_siblings(&self, of: AccountId) -> Vec<Arc<LinkedAccount>> {
        self.members()
            .into_iter()
            .filter(|m| m.id() != of && m.link().is_some())
            .collect()
    }

    /// The member linked to the brokerage account `hash`.
    #[must_use]
    pub fn member_by_hash(&self, hash: &AccountHash) -> Option<Arc<LinkedAccount>> {
        self.members()
            .into_iter()
            .find(|m| m.link().is_some_and(|l| l.hash == *hash))
    }

    /// What the login reached when last read.
    #[must_use]
    pub fn reached(&self) -> Vec<AccountLink> {
        self.reached
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Keeps what the login reaches (memory, and the vault for every member).
    pub(super) fn keep_reached(&self, reached: &[AccountLink]) {
        for holder in self.tokens.holders() {
            if let Err(err) = self.vault.save_login_reach(holder, reached) {
                tracing::warn!(account = %holder, error = %err, "what the login reaches could not be kept");
            }
        }
        *self.reached.lock().unwrap_or_else(PoisonError::into_inner) = reached.to_vec();
    }

    /// The brokerage accounts the login's one order stream follows: every account it reaches and
    /// every member's, so that linking another account of the login needs no second stream login.
    #[must_use]
    pub fn stream_links(&self) -> Vec<AccountLink> {
        let mut links = self.reached();
        for member in self.members() {
            if let Some(link) = member.link() {
                if !links.iter().any(|l| l.hash == link.hash) {
                    links.push(link);
                }
            }
        }
        links
    }

    /// Notes the brokerage accounts the stream opened now follows.
    pub(super) fn note_streamed(&self, links: &[AccountLink]) {
        *self.streamed.lock().unwrap_or_else(PoisonError::into_inner) =
            links.iter().map(|l| l.hash.clone()).collect();
    }

    /// Whether the open stream follows the brokerage account `hash`.
    #[must_use]
    pub fn is_streamed(&self, hash: &AccountHash) -> bool {
        self.streamed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains(hash)
    }

    /// Whether the login's reach, as last read, includes `number`.
    #[must_use]
    pub fn reaches(&self, number: &AccountNumber) -> bool {
        self.reached
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .any(|l| l.account_number == *number)
    }

    /// Makes `account` the holder of the login's stream unless another member holds it; answers
    /// whether `account` holds it now.
    pub(super) fn claim_stream(&self, account: AccountId) -> bool {
        let mut holder = self
            .stream_holder
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match *holder {
            Some(current) if current != account => false,
            _ => {
                *holder = Some(account);
                true
            }
        }
    }

    /// Lets the login's stream go when `account` held it, so another member takes it over.
    pub(super) fn release_stream(&self, account: AccountId) {
        let mut holder = self
            .stream_holder
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if *holder == Some(account) {
            *holder = None;
            drop(holder);
            self.holder_released.send_modify(|n| *n += 1);
        }
    }

    /// Changes when the stream's holder lets it go.
    #[must_use]
    pub(super) fn watch_stream_release(&self) -> tokio::sync::watch::Receiver<u64> {
        self.holder_released.subscribe()
    }
}
