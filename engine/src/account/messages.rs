//! The messages an account actor answers.

use actix::Message;

use super::{AccountError, AccountHealth, AccountView};
use crate::broker::{AccountSnapshot, AuthorizationCode, OrderPreview, SubmitPolicy};
use crate::order::OrderRequest;

/// Exchange an authorization code and link the brokerage account.
#[derive(Debug, Message)]
#[rtype(result = "Result<(), AccountError>")]
pub struct Authorize {
    /// The code from the brokerage's redirect (already URL-decoded).
    pub code: AuthorizationCode,
    /// The redirect URI the code was issued for.
    pub redirect_uri: String,
}

/// Poll balances, positions and orders now; the scheduler has already paid the reads.
#[derive(Debug, Message)]
#[rtype(result = "Result<(), AccountError>")]
pub struct PollPrepaid;

/// Fetch balances and positions on demand (takes a read from the budget).
#[derive(Debug, Message)]
#[rtype(result = "Result<AccountSnapshot, AccountError>")]
pub struct FetchSnapshot;

/// Preview an order without placing it (takes a write from the account's budget).
#[derive(Message)]
#[rtype(result = "Result<OrderPreview, AccountError>")]
pub struct PreviewOrder {
    /// The order as it would be sent.
    pub request: OrderRequest,
    /// How long to wait for room in the write budget, and how.
    pub policy: SubmitPolicy,
}

impl std::fmt::Debug for PreviewOrder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PreviewOrder")
            .field("request", &self.request)
            .finish_non_exhaustive()
    }
}

/// What the last poll saw.
#[derive(Debug, Message)]
#[rtype(result = "AccountView")]
pub struct GetView;

/// The operator's view of the account.
#[derive(Debug, Message)]
#[rtype(result = "AccountHealth")]
pub struct GetHealth;

/// Change the write limit per minute.
#[derive(Debug, Message)]
#[rtype(result = "()")]
pub struct SetWriteLimit(pub u32);

/// Refresh the access token if it is due.
#[derive(Debug, Message)]
#[rtype(result = "Result<(), AccountError>")]
pub struct KeepTokenFresh;

/// Stop the actor (the account was deleted).
#[derive(Debug, Message)]
#[rtype(result = "()")]
pub struct Stop;
