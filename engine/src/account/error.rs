//! The account layer's error type.

use crate::broker::BrokerError;

use super::{LinkRefusal, VaultError};

/// Why an account could not do what was asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AccountError {
    /// The account was never authorized at its brokerage.
    #[error("the account has not been authorized at the brokerage yet")]
    NotAuthorized,
    /// The brokerage login died; a new browser authorization is needed.
    #[error("the brokerage login has expired; authorize the account again")]
    ReauthorizationNeeded,
    /// A local or brokerage budget refused the call until past its deadline.
    #[error("throttled past the deadline")]
    ThrottledPastDeadline,
    /// The brokerage answered with an error.
    #[error(transparent)]
    Broker(#[from] BrokerError),
    /// The authorization answer named no account.
    #[error("the brokerage login gives access to no account")]
    NoBrokerageAccount,
    /// The login may not be linked to this account (see [`LinkRefusal`]); nothing of it was kept.
    #[error("{0}")]
    LinkRefused(LinkRefusal),
    /// The account's tokens or link could not be stored.
    #[error(transparent)]
    Vault(#[from] VaultError),
    /// The login reaches no brokerage account free to link that ends in these digits (the text is
    /// the account as people may see it, `…` and its last four digits).
    #[error("the login reaches no other brokerage account ending in {0}")]
    NotOnLogin(String),
    /// The account's actor has stopped (the account was deleted).
    #[error("the account is no longer linked")]
    Stopped,
}
