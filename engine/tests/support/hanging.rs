//! A brokerage wrapper whose order placements, per account, answer, hang before reaching the market, or
//! reach the market and never answer; it counts the placements started and finished.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use engine::broker::paper::PaperBrokerage;
use engine::broker::{
    AccessToken, AccountHash, AccountLink, AccountSnapshot, AuthorizationCode, BrokerError,
    Brokerage, OptionChain, Quote, RefreshToken, TokenSet,
};
use engine::ids::BrokerOrderId;
use engine::order::{BrokerOrder, OrderRequest, PutCall};
use tokio::sync::watch;

/// What becomes of one account's order placements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// Carried out and answered.
    Answer,
    /// Never reaches the market and never answers.
    HangBefore,
    /// Carried out at the market; the answer never comes.
    HangAfter,
}

/// Placements started and finished (answered) so far, over all accounts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    /// Placements that reached this wrapper.
    pub started: usize,
    /// Placements answered.
    pub finished: usize,
}

/// The paper brokerage with per-account hanging placements.
pub struct Hanging {
    /// The market underneath.
    pub inner: Arc<PaperBrokerage>,
    fates: Mutex<HashMap<AccountHash, Fate>>,
    placed: Mutex<HashMap<AccountHash, u32>>,
    progress: watch::Sender<Progress>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // The guarded maps are changed by single inserts, never left half-written.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Hanging {
    /// Wraps `inner`; every placement answers until told otherwise.
    pub fn new(inner: Arc<PaperBrokerage>) -> Self {
        Self {
            inner,
            fates: Mutex::new(HashMap::new()),
            placed: Mutex::new(HashMap::new()),
            progress: watch::Sender::new(Progress::default()),
        }
    }

    /// Placements on `account` go this way from now on.
    pub fn set_fate(&self, account: &AccountHash, fate: Fate) {
        lock(&self.fates).insert(account.clone(), fate);
    }

    /// Every placement answers from now on.
    pub fn answer_all(&self) {
        lock(&self.fates).clear();
    }

    /// Placements that reached this wrapper for `account`, over the wrapper's whole life.
    pub fn placements(&self, account: &AccountHash) -> u32 {
        lock(&self.placed).get(account).copied().unwrap_or(0)
    }

    /// Watches the placements started and finished.
    pub fn progress(&self) -> watch::Receiver<Progress> {
        self.progress.subscribe()
    }

    fn fate(&self, account: &AccountHash) -> Fate {
        lock(&self.fates)
            .get(account)
            .copied()
            .unwrap_or(Fate::Answer)
    }
}

#[async_trait]
impl Brokerage for Hanging {
    fn name(&self) -> &'static str {
        "hanging"
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
        *lock(&self.placed).entry(account.clone()).or_default() += 1;
        self.progress.send_modify(|p| p.started += 1);
        match self.fate(account) {
            Fate::HangBefore => std::future::pending().await,
            Fate::HangAfter => {
                // The order exists at the market whatever it answered; the answer is lost.
                let _ = self.inner.place_order(token, account, request).await;
                std::future::pending().await
            }
            Fate::Answer => {
                let answer = self.inner.place_order(token, account, request).await;
                self.progress.send_modify(|p| p.finished += 1);
                answer
            }
        }
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
        self.inner
            .replace_order(token, account, order, request)
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
