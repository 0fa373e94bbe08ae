//! The one interface every brokerage (paper, Schwab) implements.

use std::collections::BTreeMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::account::{AccountHash, AccountLink};
use super::error::BrokerError;
use super::option_chain::OptionChain;
use super::order_preview::OrderPreview;
use super::order_stream::{OrderStream, StreamError};
use super::quote::Quote;
use super::snapshot::AccountSnapshot;
use super::stream_address::StreamAddress;
use super::token::{AccessToken, AuthorizationCode, RefreshToken, TokenSet};
use crate::ids::BrokerOrderId;
use crate::order::{BrokerOrder, OrderRequest, PutCall};

/// A brokerage: OAuth, accounts, orders and market data. Used as `Arc<dyn Brokerage>`.
///
/// Every call may fail with [`BrokerError::Connectivity`] (retry may help),
/// [`BrokerError::Rejected`] (the broker said no), [`BrokerError::TokenExpired`]
/// (refresh the access token) or [`BrokerError::ReauthorizationNeeded`].
#[async_trait]
pub trait Brokerage: Send + Sync + 'static {
    /// A short name for logs and settings, e.g. `paper` or `schwab`.
    fn name(&self) -> &'static str;

    /// Where to send the agent to log in; the broker redirects to `redirect_uri` with a code.
    fn authorize_url(&self, redirect_uri: &str) -> String;

    /// Exchanges a login code for tokens.
    ///
    /// # Errors
    /// `Rejected` for an unknown or expired code; `Connectivity` failures.
    async fn exchange_code(
        &self,
        code: &AuthorizationCode,
        redirect_uri: &str,
    ) -> Result<TokenSet, BrokerError>;

    /// Buys a new access token with a refresh token.
    ///
    /// # Errors
    /// `ReauthorizationNeeded` when the refresh token is dead; `Connectivity` failures.
    async fn refresh_token(&self, refresh: &RefreshToken) -> Result<TokenSet, BrokerError>;

    /// The accounts the token reaches, with the hashes that address them.
    ///
    /// # Errors
    /// `TokenExpired`; `Connectivity` failures.
    async fn account_numbers(&self, token: &AccessToken) -> Result<Vec<AccountLink>, BrokerError>;

    /// Balances and positions of one account.
    ///
    /// # Errors
    /// `Rejected` for an unknown account; `TokenExpired`; `Connectivity` failures.
    async fn account(
        &self,
        token: &AccessToken,
        account: &AccountHash,
    ) -> Result<AccountSnapshot, BrokerError>;

    /// Balances and positions of every account the token reaches, in one read (Schwab's
    /// `GET /trader/v1/accounts?fields=positions`), so that one read serves every account of a
    /// login. `None` (the default) where the brokerage has no such read: each account is read alone.
    ///
    /// # Errors
    /// `TokenExpired`; `Connectivity` failures.
    async fn login_accounts(
        &self,
        _token: &AccessToken,
    ) -> Result<Option<Vec<AccountSnapshot>>, BrokerError> {
        Ok(None)
    }

    /// Places an order. `Ok(None)` means the broker accepted it without saying its id.
    ///
    /// # Errors
    /// `Rejected` for an order the broker refuses; `Connectivity` failures, after which
    /// the order may or may not exist (see `BrokerError::write_may_have_happened`).
    async fn place_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        request: &OrderRequest,
    ) -> Result<Option<BrokerOrderId>, BrokerError>;

    /// Checks `request` for the account without placing it: whether the brokerage would take it,
    /// its warnings, costs and the buying power it would leave. A refusal is an answer
    /// ([`OrderPreview::rejects`]), not an error. Counted as an order call (see `CallBudget`).
    ///
    /// # Errors
    /// `Rejected` for a request the brokerage cannot read or an unknown symbol; `TokenExpired`;
    /// `Connectivity` failures. Nothing is placed either way.
    async fn preview_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        request: &OrderRequest,
    ) -> Result<OrderPreview, BrokerError>;

    /// Replaces an open order with `request`; answers the new order's id when known.
    ///
    /// # Errors
    /// `Rejected` when the order is unknown or final; `Connectivity` failures, after which
    /// the replace may or may not have happened.
    async fn replace_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        order: BrokerOrderId,
        request: &OrderRequest,
    ) -> Result<Option<BrokerOrderId>, BrokerError>;

    /// Cancels an open order.
    ///
    /// # Errors
    /// `Rejected` when the order is unknown or final; `Connectivity` failures.
    async fn cancel_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        order: BrokerOrderId,
    ) -> Result<(), BrokerError>;

    /// One order.
    ///
    /// # Errors
    /// `Rejected` when the order is unknown; `TokenExpired`; `Connectivity` failures.
    async fn get_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        order: BrokerOrderId,
    ) -> Result<BrokerOrder, BrokerError>;

    /// The account's orders entered between `from` and `to` (both inclusive).
    ///
    /// # Errors
    /// `Rejected` for an unknown account; `TokenExpired`; `Connectivity` failures.
    async fn list_orders(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<BrokerOrder>, BrokerError>;

    /// Quotes by symbol; symbols the broker does not know are left out of the answer.
    ///
    /// # Errors
    /// `TokenExpired`; `Connectivity` failures.
    async fn quotes(
        &self,
        token: &AccessToken,
        symbols: &[String],
    ) -> Result<BTreeMap<String, Quote>, BrokerError>;

    /// The calls or puts of `underlying`.
    ///
    /// # Errors
    /// `Rejected` for an unknown underlying; `TokenExpired`; `Connectivity` failures.
    async fn option_chain(
        &self,
        token: &AccessToken,
        underlying: &str,
        side: PutCall,
    ) -> Result<OptionChain, BrokerError>;

    /// Opens the login's stream of order events for `accounts` (accounts the token reaches; events
    /// of others are left out): Schwab's Streamer with its `ACCT_ACTIVITY` service, or the paper
    /// market's own events. On Schwab it costs one read (`userPreference`), which the caller takes
    /// from the budget first.
    ///
    /// # Errors
    /// [`StreamError::Unsupported`] (the default) for a brokerage that pushes nothing; the token's,
    /// the connection's or the streamer's refusal otherwise.
    async fn open_order_stream(
        &self,
        _token: &AccessToken,
        _accounts: &[AccountLink],
    ) -> Result<Box<dyn OrderStream>, StreamError> {
        Err(StreamError::Unsupported)
    }

    /// Whether opening an order stream needs to know first where the login's stream is, which one
    /// read tells ([`Brokerage::stream_address`]) and the account keeps: true on Schwab; false (the
    /// default) where opening reads nothing.
    fn stream_needs_address(&self) -> bool {
        false
    }

    /// Reads where the login's order stream is (Schwab's `GET /trader/v1/userPreference`): one
    /// read, which the caller takes from the budget first and whose answer it keeps.
    ///
    /// # Errors
    /// [`StreamError::Unsupported`] (the default) for a brokerage whose streams need no address; the
    /// read's failure otherwise.
    async fn stream_address(&self, _token: &AccessToken) -> Result<StreamAddress, StreamError> {
        Err(StreamError::Unsupported)
    }

    /// Opens the order stream at a known `address` (no read); without one, as
    /// [`Brokerage::open_order_stream`] (the default for every brokerage).
    ///
    /// # Errors
    /// As [`Brokerage::open_order_stream`]; [`StreamError::LoginDenied`] when the streamer refuses
    /// the login, after which the address is read again.
    async fn open_order_stream_at(
        &self,
        token: &AccessToken,
        accounts: &[AccountLink],
        address: Option<&StreamAddress>,
    ) -> Result<Box<dyn OrderStream>, StreamError> {
        let _ = address;
        self.open_order_stream(token, accounts).await
    }
}
