//! A brokerage wrapper that fails chosen calls in chosen ways, and a pause that moves the clock.

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use engine::broker::paper::PaperBrokerage;
use engine::broker::{
    AccessToken, AccountHash, AccountLink, AccountSnapshot, AuthorizationCode, BrokerError,
    Brokerage, ConnectivityError, OptionChain, Quote, RefreshToken, TokenSet,
};
use engine::clock::ManualClock;
use engine::ids::BrokerOrderId;
use engine::order::{BrokerOrder, OrderRequest, PutCall};
use engine::pause::{Pause, PauseFuture};

/// How one order write goes wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Glitch {
    /// Answered normally.
    None,
    /// 503 before anything happens.
    ServerBefore,
    /// Carried out, then answered 500.
    ServerAfter,
    /// Carried out, then answered with a timeout.
    TimeoutAfter,
    /// Carried out, answered without the order id.
    NoId,
    /// Answered 429; nothing happens.
    Throttled,
    /// Answered 401 (the access token expired); nothing happens.
    Expired,
}

/// The paper brokerage with scripted failures of writes and order listings.
pub struct Scripted {
    /// The brokerage underneath.
    pub inner: Arc<PaperBrokerage>,
    writes: Mutex<VecDeque<Glitch>>,
    list_failures: Mutex<u32>,
    writes_seen: Mutex<u32>,
}

impl Scripted {
    /// Wraps `inner` with no failures scripted.
    pub fn new(inner: Arc<PaperBrokerage>) -> Self {
        Self {
            inner,
            writes: Mutex::new(VecDeque::new()),
            list_failures: Mutex::new(0),
            writes_seen: Mutex::new(0),
        }
    }

    /// The next order writes go wrong like this, in order.
    pub fn script_writes(&self, glitches: &[Glitch]) {
        self.writes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend(glitches.iter().copied());
    }

    /// The next `count` order listings fail with a 503.
    pub fn fail_lists(&self, count: u32) {
        *self
            .list_failures
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = count;
    }

    /// Forgets failures scripted but not used.
    pub fn clear_script(&self) {
        self.writes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
        self.fail_lists(0);
    }

    /// Order writes attempted so far.
    pub fn writes_seen(&self) -> u32 {
        *self
            .writes_seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn next_glitch(&self) -> Glitch {
        *self
            .writes_seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner) += 1;
        self.writes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop_front()
            .unwrap_or(Glitch::None)
    }

    async fn write<F>(&self, call: F) -> Result<Option<BrokerOrderId>, BrokerError>
    where
        F: std::future::Future<Output = Result<Option<BrokerOrderId>, BrokerError>>,
    {
        match self.next_glitch() {
            Glitch::ServerBefore => Err(ConnectivityError::Server { status: 503 }.into()),
            Glitch::Throttled => Err(ConnectivityError::Throttled.into()),
            Glitch::Expired => Err(BrokerError::TokenExpired),
            Glitch::None => call.await,
            Glitch::ServerAfter => {
                let _ = call.await;
                Err(ConnectivityError::Server { status: 500 }.into())
            }
            Glitch::TimeoutAfter => {
                let _ = call.await;
                Err(ConnectivityError::Timeout.into())
            }
            Glitch::NoId => call.await.map(|_| None),
        }
    }
}

#[async_trait]
impl Brokerage for Scripted {
    fn name(&self) -> &'static str {
        "scripted"
    }
    fn authorize_url(&self, redirect_uri: &str) -> String {
        self.inner.authorize_url(redirect_uri)
    }
    async fn exchange_code(
        &self,
        code: &AuthorizationCode,
        uri: &str,
    ) -> Result<TokenSet, BrokerError> {
        self.inner.exchange_code(code, uri).await
    }
    async fn refresh_token(&self, refresh: &RefreshToken) -> Result<TokenSet, BrokerError> {
        self.inner.refresh_token(refresh).await
    }
    async fn account_numbers(&self, token: &AccessToken) -> Result<Vec<AccountLink>, BrokerError> {
        self.inner.account_numbers(token).await
    }
    async fn account(
        &self,
        token: &AccessToken,
        account: &AccountHash,
    ) -> Result<AccountSnapshot, BrokerError> {
        self.inner.account(token, account).await
    }
    async fn place_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        request: &OrderRequest,
    ) -> Result<Option<BrokerOrderId>, BrokerError> {
        self.write(self.inner.place_order(token, account, request))
            .await
    }
    async fn preview_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        request: &OrderRequest,
    ) -> Result<engine::broker::OrderPreview, BrokerError> {
        self.inner.preview_order(token, account, request).await
    }
    async fn replace_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        order: BrokerOrderId,
        request: &OrderRequest,
    ) -> Result<Option<BrokerOrderId>, BrokerError> {
        self.write(self.inner.replace_order(token, account, order, request))
            .await
    }
    async fn cancel_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        order: BrokerOrderId,
    ) -> Result<(), BrokerError> {
        self.inner.cancel_order(token, account, order).await
    }
    async fn get_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        order: BrokerOrderId,
    ) -> Result<BrokerOrder, BrokerError> {
        self.inner.get_order(token, account, order).await
    }
    async fn list_orders(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<BrokerOrder>, BrokerError> {
        {
            let mut failures = self
                .list_failures
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if *failures > 0 {
                *failures -= 1;
                return Err(ConnectivityError::Server { status: 503 }.into());
            }
        }
        self.inner.list_orders(token, account, from, to).await
    }
    async fn quotes(
        &self,
        token: &AccessToken,
        symbols: &[String],
    ) -> Result<BTreeMap<String, Quote>, BrokerError> {
        self.inner.quotes(token, symbols).await
    }
    async fn option_chain(
        &self,
        token: &AccessToken,
        underlying: &str,
        side: PutCall,
    ) -> Result<OptionChain, BrokerError> {
        self.inner.option_chain(token, underlying, side).await
    }
}

/// A pause that moves a manual clock instead of waiting, and adds up the time paused.
#[derive(Debug, Clone)]
pub struct ClockPause {
    clock: ManualClock,
    total: Arc<Mutex<Duration>>,
}

impl ClockPause {
    /// Pauses by moving `clock`.
    pub fn new(clock: ManualClock) -> Self {
        Self {
            clock,
            total: Arc::new(Mutex::new(Duration::ZERO)),
        }
    }

    /// Time paused so far.
    pub fn total(&self) -> Duration {
        *self.total.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Pause for ClockPause {
    fn pause(&self, duration: Duration) -> PauseFuture {
        *self.total.lock().unwrap_or_else(PoisonError::into_inner) += duration;
        self.clock
            .advance(chrono::Duration::from_std(duration).unwrap_or(chrono::Duration::zero()));
        Box::pin(std::future::ready(()))
    }
}
