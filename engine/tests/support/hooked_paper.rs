//! The paper brokerage behind hooks: a test sees or changes the calls it cares about (counts them, fails
//! them, hands out its own order streams) and every other call goes to the paper market unchanged.

use std::collections::BTreeMap;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use engine::broker::paper::PaperBrokerage;
use engine::broker::{
    AccessToken, AccountHash, AccountLink, AccountSnapshot, AuthorizationCode, BrokerError,
    Brokerage, OptionChain, OrderPreview, OrderStream, Quote, RefreshToken, StreamError, TokenSet,
};
use engine::ids::BrokerOrderId;
use engine::order::{BrokerOrder, OrderRequest, PutCall};

/// What a test hooks into; each hook does nothing by default.
#[async_trait]
pub trait PaperHooks: Send + Sync + 'static {
    /// Before a token refresh goes to the market.
    async fn before_refresh(&self) {}

    /// A failure to answer for the accounts a login reaches instead of the market's answer.
    fn account_numbers_failure(&self) -> Option<BrokerError> {
        None
    }

    /// Before an account read (balances and positions).
    fn on_account_read(&self) {}

    /// Before an order write (place, replace or cancel).
    fn on_write(&self) {}

    /// Before a read of every account a login reaches (balances and positions).
    fn on_login_accounts_read(&self) {}

    /// Before an order stream is opened.
    fn on_stream_open(&self) {}

    /// An order stream of the test's own instead of the market's.
    fn order_stream(&self) -> Option<Box<dyn OrderStream>> {
        None
    }
}

/// The paper market behind `hooks`.
pub struct HookedPaper<H> {
    /// The market every call not hooked goes to.
    pub paper: Arc<PaperBrokerage>,
    /// The test's hooks.
    pub hooks: H,
}

#[async_trait]
impl<H: PaperHooks> Brokerage for HookedPaper<H> {
    fn name(&self) -> &'static str {
        "hooked-paper"
    }
    fn authorize_url(&self, redirect_uri: &str) -> String {
        self.paper.authorize_url(redirect_uri)
    }
    async fn exchange_code(
        &self,
        code: &AuthorizationCode,
        uri: &str,
    ) -> Result<TokenSet, BrokerError> {
        self.paper.exchange_code(code, uri).await
    }
    async fn refresh_token(&self, refresh: &RefreshToken) -> Result<TokenSet, BrokerError> {
        self.hooks.before_refresh().await;
        self.paper.refresh_token(refresh).await
    }
    async fn account_numbers(&self, t: &AccessToken) -> Result<Vec<AccountLink>, BrokerError> {
        if let Some(failure) = self.hooks.account_numbers_failure() {
            return Err(failure);
        }
        self.paper.account_numbers(t).await
    }
    async fn account(
        &self,
        t: &AccessToken,
        a: &AccountHash,
    ) -> Result<AccountSnapshot, BrokerError> {
        self.hooks.on_account_read();
        self.paper.account(t, a).await
    }
    async fn login_accounts(
        &self,
        t: &AccessToken,
    ) -> Result<Option<Vec<AccountSnapshot>>, BrokerError> {
        self.hooks.on_login_accounts_read();
        self.paper.login_accounts(t).await
    }
    async fn place_order(
        &self,
        t: &AccessToken,
        a: &AccountHash,
        r: &OrderRequest,
    ) -> Result<Option<BrokerOrderId>, BrokerError> {
        self.hooks.on_write();
        self.paper.place_order(t, a, r).await
    }
    async fn open_order_stream(
        &self,
        t: &AccessToken,
        accounts: &[AccountLink],
    ) -> Result<Box<dyn OrderStream>, StreamError> {
        self.hooks.on_stream_open();
        match self.hooks.order_stream() {
            Some(stream) => Ok(stream),
            None => self.paper.open_order_stream(t, accounts).await,
        }
    }
    async fn preview_order(
        &self,
        t: &AccessToken,
        a: &AccountHash,
        r: &OrderRequest,
    ) -> Result<OrderPreview, BrokerError> {
        self.paper.preview_order(t, a, r).await
    }
    async fn replace_order(
        &self,
        t: &AccessToken,
        a: &AccountHash,
        o: BrokerOrderId,
        r: &OrderRequest,
    ) -> Result<Option<BrokerOrderId>, BrokerError> {
        self.hooks.on_write();
        self.paper.replace_order(t, a, o, r).await
    }
    async fn cancel_order(
        &self,
        t: &AccessToken,
        a: &AccountHash,
        o: BrokerOrderId,
    ) -> Result<(), BrokerError> {
        self.hooks.on_write();
        self.paper.cancel_order(t, a, o).await
    }
    async fn get_order(
        &self,
        t: &AccessToken,
        a: &AccountHash,
        o: BrokerOrderId,
    ) -> Result<BrokerOrder, BrokerError> {
        self.paper.get_order(t, a, o).await
    }
    async fn list_orders(
        &self,
        t: &AccessToken,
        a: &AccountHash,
        f: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<BrokerOrder>, BrokerError> {
        self.paper.list_orders(t, a, f, to).await
    }
    async fn quotes(
        &self,
        t: &AccessToken,
        s: &[String],
    ) -> Result<BTreeMap<String, Quote>, BrokerError> {
        self.paper.quotes(t, s).await
    }
    async fn option_chain(
        &self,
        t: &AccessToken,
        u: &str,
        side: PutCall,
    ) -> Result<OptionChain, BrokerError> {
        self.paper.option_chain(t, u, side).await
    }
}
