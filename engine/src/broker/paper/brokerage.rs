//! `PaperBrokerage`: the embedded market behind the `Brokerage` trait.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use tokio::sync::{broadcast, watch};

use super::bracket::{Bracket, PlacedBracket};
use super::config::PaperConfig;
use super::faults::{FaultConfig, WriteAnswer};
use super::ledger::Fill;
use super::order_stream::PaperOrderStream;
use super::state::PaperState;
use super::universe::{self, UniverseError};
use crate::broker::{
    AccessToken, AccountHash, AccountKind, AccountLink, AccountSnapshot, AuthorizationCode,
    BrokerError, Brokerage, ConnectivityError, OptionChain, OrderEvent, OrderPreview, OrderStream,
    Quote, RefreshToken, StreamError, TokenSet,
};
use crate::clock::Clock;
use crate::ids::BrokerOrderId;
use crate::order::{BrokerOrder, OrderRequest, PutCall};
use crate::pause::Pause;

/// How often [`PaperBrokerage::run_market`] moves the market while it has open orders and someone
/// listens to order events.
pub const MARKET_STEP: Duration = Duration::from_secs(1);

/// A paper account as the operator sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaperAccountInfo {
    /// The login that owns it.
    pub username: String,
    /// Its number and hash.
    pub link: AccountLink,
    /// Cash or margin.
    pub kind: AccountKind,
}

/// An in-process market with paper accounts, deterministic under a seed and a clock.
///
/// The market moves when it is called (every call first brings it to the clock's now) and, while
/// [`run_market`](Self::run_market) runs, on its own every [`MARKET_STEP`] as long as an order is
/// open and someone listens to [`order_events`](Self::order_events): pushed events then report a
/// crossing LIMIT's fill without anybody calling.
pub struct PaperBrokerage {
    state: Mutex<PaperState>,
    clock: Arc<dyn Clock>,
    /// Rung when the market may have become worth stepping (an order written, a subscriber added).
    activity: watch::Sender<()>,
}

impl std::fmt::Debug for PaperBrokerage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PaperBrokerage").finish_non_exhaustive()
    }
}

impl PaperBrokerage {
    /// A paper brokerage over the bundled universe.
    ///
    /// # Errors
    /// [`UniverseError`] if the bundled universe file is malformed.
    pub fn new(config: PaperConfig, clock: Arc<dyn Clock>) -> Result<Self, UniverseError> {
        let listings = universe::bundled()?;
        let state = PaperState::new(config, listings, clock.now());
        Ok(Self {
            state: Mutex::new(state),
            clock,
            activity: watch::Sender::new(()),
        })
    }

    /// Every change of every order from now on, in the order the market makes them: creation,
    /// acceptance, each fill, cancel, replace (the old order's `Replaced { by }` comes before the
    /// new order's `Created`), reject, expiry.
    ///
    /// A subscriber that falls more than [`ORDER_EVENT_BACKLOG`](super::ORDER_EVENT_BACKLOG)
    /// events behind gets `RecvError::Lagged` and must read the orders to catch up.
    pub fn order_events(&self) -> broadcast::Receiver<OrderEvent> {
        let receiver = self.lock().subscribe_events();
        self.activity.send_replace(());
        receiver
    }

    /// Steps the market on a timer for as long as it lives: every [`MARKET_STEP`] (waited on
    /// `pause`) while an order is open and an order-event subscriber listens; otherwise it idles
    /// until an order is written or a subscriber arrives. The owner spawns it once beside the
    /// brokerage (the facade's services and `schwab-fake` do); it never ends on its own.
    pub async fn run_market(&self, pause: Arc<dyn Pause>) {
        let mut activity = self.activity.subscribe();
        loop {
            activity.borrow_and_update();
            if self.step_market() {
                pause.pause(MARKET_STEP).await;
            } else if activity.changed().await.is_err() {
                // The sender lives in `self`, which outlives this borrow.
                return;
            }
        }
    }

    /// One timer step: brings the market to the clock's now if an order is open and someone
    /// listens. Returns whether the market still wants steps afterwards.
    pub fn step_market(&self) -> bool {
        let now = self.clock.now();
        let mut state = self.lock();
        if !state.wants_steps() {
            return false;
        }
        state.advance(now);
        state.wants_steps()
    }

    fn lock(&self) -> MutexGuard<'_, PaperState> {
        // Every mutation of the state completes before the lock is released, and no
        // code path panics while holding it, so a poisoned lock still guards a
        // consistent state.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The state moved to the clock's now.
    fn current(&self) -> (MutexGuard<'_, PaperState>, DateTime<Utc>) {
        let now = self.clock.now();
        let mut state = self.lock();
        state.advance(now);
        (state, now)
    }

    /// The paper login page's work: checks the credentials (any non-empty pair) and
    /// issues a code valid for a short while; the first login of a username opens its account.
    ///
    /// # Errors
    /// `Rejected` when the username or password is empty.
    pub fn authorize(
        &self,
        username: &str,
        password: &str,
    ) -> Result<AuthorizationCode, BrokerError> {
        let username = username.trim();
        if username.is_empty() {
            return Err(BrokerError::rejected("username is required"));
        }
        if password.is_empty() {
            return Err(BrokerError::rejected("password is required"));
        }
        let (mut state, now) = self.current();
        state.account_of_user(username);
        Ok(state.auth.issue_code(username, now))
    }

    /// The accounts a live access token reaches (for serving the Schwab API on top).
    ///
    /// # Errors
    /// `TokenExpired` when the token is unknown, expired or superseded.
    pub fn check_access_token(&self, token: &AccessToken) -> Result<Vec<AccountLink>, BrokerError> {
        let (state, now) = self.current();
        state.links(token, now)
    }

    /// Whether an access token is live, without listing the accounts it reaches (the check before an
    /// order write, which names its account itself).
    ///
    /// # Errors
    /// `TokenExpired` when the token is unknown, expired or superseded.
    pub fn check_access_token_live(&self, token: &AccessToken) -> Result<(), BrokerError> {
        // Only the token's clock matters here; the write that follows moves the market itself.
        let now = self.clock.now();
        self.lock().auth.check(token, now).map(|_| ())
    }

    /// The login a live access token belongs to, and the accounts it reaches (for a streamer that
    /// keeps one connection per login).
    ///
    /// # Errors
    /// `TokenExpired` when the token is unknown, expired or superseded.
    pub fn login_of(&self, token: &AccessToken) -> Result<(String, Vec<AccountLink>), BrokerError> {
        let (state, now) = self.current();
        let links = state.links(token, now)?;
        let username = state.auth.check(token, now)?.to_owned();
        Ok((username, links))
    }

    /// One order as it stands, without moving the market (for describing an order event that was
    /// just published). `None` when the account or order is unknown.
    #[must_use]
    pub fn peek_order(&self, account: &AccountHash, order: BrokerOrderId) -> Option<BrokerOrder> {
        let state = self.lock();
        let index = state.account_index(account)?;
        state.order(index, order).ok()
    }

    /// Every paper account opened so far.
    #[must_use]
    pub fn accounts(&self) -> Vec<PaperAccountInfo> {
        self.lock()
            .accounts()
            .iter()
            .map(|a| PaperAccountInfo {
                username: a.username.clone(),
                link: a.link.clone(),
                kind: a.kind,
            })
            .collect()
    }

    /// Moves a stock's price by hand (rehearsals and tests); orders react at once.
    ///
    /// # Errors
    /// `Rejected` for an unlisted symbol or a price that is not positive.
    pub fn set_price(&self, symbol: &str, price: Decimal) -> Result<(), BrokerError> {
        let now = self.clock.now();
        self.lock().set_price(symbol, price, now)
    }

    /// Books a dividend reinvested as `shares` of `symbol` (fractions allowed, as a brokerage's dividend
    /// reinvestment buys them) on an account, for rehearsals and tests of fractional holdings.
    ///
    /// # Errors
    /// `Rejected` for an unknown account or symbol, shares that are not positive, or a short holding.
    pub fn reinvest_dividend(
        &self,
        account: &AccountHash,
        symbol: &str,
        shares: Decimal,
    ) -> Result<(), BrokerError> {
        let now = self.clock.now();
        let mut state = self.lock();
        let index = state
            .account_index(account)
            .ok_or_else(|| BrokerError::rejected("account not found"))?;
        state.reinvest(index, symbol, shares, now)
    }

    /// The fills booked on an account, oldest first.
    ///
    /// # Errors
    /// `Rejected` for an unknown account.
    pub fn fills(&self, account: &AccountHash) -> Result<Vec<Fill>, BrokerError> {
        let (state, _) = self.current();
        let index = state
            .account_index(account)
            .ok_or_else(|| BrokerError::rejected("account not found"))?;
        Ok(state.fills(index))
    }

    /// When the market took each order entered in `[from, to]`, on any account, oldest first: the
    /// accepted times a fan-out's send skew is read from.
    #[must_use]
    pub fn entry_times(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<DateTime<Utc>> {
        self.lock().entry_times_between(from, to)
    }

    /// The current fault settings.
    #[must_use]
    pub fn faults(&self) -> FaultConfig {
        self.lock().faults.config().clone()
    }

    /// Changes the fault settings at run time.
    pub fn set_faults(&self, faults: FaultConfig) {
        self.lock().set_faults(faults);
    }

    /// Waits out the injected latency, then rolls for an injected 5xx.
    async fn enter(&self) -> Result<(), BrokerError> {
        let latency = self.lock().faults.config().latency;
        if !latency.is_zero() {
            tokio::time::sleep(latency).await;
        }
        self.lock().faults.before_call()
    }

    /// Runs an order write for `account` with throttling and answer faults applied.
    async fn write<T>(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        action: impl FnOnce(&mut PaperState, usize, DateTime<Utc>) -> Result<T, BrokerError>,
    ) -> Result<(T, WriteAnswer), BrokerError> {
        self.enter().await?;
        let (mut state, now) = self.current();
        let index = state.authorized_account(token, account, now)?;
        state.faults.before_write(index, now)?;
        let done = action(&mut state, index, now)?;
        let answer = state.faults.answer_write();
        drop(state);
        self.activity.send_replace(());
        Ok((done, answer))
    }
}

impl PaperBrokerage {
    /// Places a bracket an account owner built (copydesk never places one): see
    /// [`Bracket`]. Throttling applies as to any order write; the answer is always given.
    ///
    /// # Errors
    /// `TokenExpired` for a dead token; `Rejected` for an unknown account, a malformed bracket, an
    /// invalid request or an unknown symbol.
    pub async fn place_bracket(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        bracket: &Bracket,
    ) -> Result<PlacedBracket, BrokerError> {
        let (placed, _answer) = self
            .write(token, account, |state, index, now| {
                state.place_bracket(index, bracket, now)
            })
            .await?;
        Ok(placed)
    }
}

fn answer_id(id: BrokerOrderId, answer: WriteAnswer) -> Result<Option<BrokerOrderId>, BrokerError> {
    match answer {
        WriteAnswer::Normal => Ok(Some(id)),
        WriteAnswer::WithoutId => Ok(None),
        WriteAnswer::TimedOut => Err(ConnectivityError::Timeout.into()),
    }
}

#[async_trait]
impl Brokerage for PaperBrokerage {
    async fn open_order_stream(
        &self,
        token: &AccessToken,
        accounts: &[AccountLink],
    ) -> Result<Box<dyn OrderStream>, StreamError> {
        self.enter().await?;
        let events = {
            let (mut state, now) = self.current();
            let reached = state.links(token, now)?;
            let hashes: Vec<AccountHash> = accounts
                .iter()
                .filter(|a| reached.iter().any(|r| r.hash == a.hash))
                .map(|a| a.hash.clone())
                .collect();
            state.subscribe_accounts(&hashes)
        };
        // The market steps on a timer again now that someone listens.
        self.activity.send_replace(());
        Ok(Box::new(PaperOrderStream::new(events)))
    }

    fn name(&self) -> &'static str {
        "paper"
    }

    fn authorize_url(&self, redirect_uri: &str) -> String {
        let path = self.lock().config.authorize_path.clone();
        format!("{path}?redirect_uri={}", percent_encode(redirect_uri))
    }

    async fn exchange_code(
        &self,
        code: &AuthorizationCode,
        _redirect_uri: &str,
    ) -> Result<TokenSet, BrokerError> {
        self.enter().await?;
        let (mut state, now) = self.current();
        state.auth.exchange(code, now).map(|(_, tokens)| tokens)
    }

    async fn refresh_token(&self, refresh: &RefreshToken) -> Result<TokenSet, BrokerError> {
        self.enter().await?;
        let (mut state, now) = self.current();
        state.auth.refresh(refresh, now)
    }

    async fn account_numbers(&self, token: &AccessToken) -> Result<Vec<AccountLink>, BrokerError> {
        self.enter().await?;
        let (state, now) = self.current();
        state.links(token, now)
    }

    async fn account(
        &self,
        token: &AccessToken,
        account: &AccountHash,
    ) -> Result<AccountSnapshot, BrokerError> {
        self.enter().await?;
        let (state, now) = self.current();
        let index = state.authorized_account(token, account, now)?;
        state
            .snapshot(index)
            .ok_or_else(|| BrokerError::rejected("account not found"))
    }

    async fn login_accounts(
        &self,
        token: &AccessToken,
    ) -> Result<Option<Vec<AccountSnapshot>>, BrokerError> {
        self.enter().await?;
        let (state, now) = self.current();
        let mut all = Vec::new();
        for link in state.links(token, now)? {
            let index = state.authorized_account(token, &link.hash, now)?;
            if let Some(snapshot) = state.snapshot(index) {
                all.push(snapshot);
            }
        }
        Ok(Some(all))
    }

    async fn place_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        request: &OrderRequest,
    ) -> Result<Option<BrokerOrderId>, BrokerError> {
        let (id, answer) = self
            .write(token, account, |state, index, now| {
                state.place(index, request, now)
            })
            .await?;
        answer_id(id, answer)
    }

    /// Counted against the account's order writes, as a placement is (see `CallBudget`).
    async fn preview_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        request: &OrderRequest,
    ) -> Result<OrderPreview, BrokerError> {
        self.enter().await?;
        let (mut state, now) = self.current();
        let index = state.authorized_account(token, account, now)?;
        state.faults.before_write(index, now)?;
        state.preview(index, request)
    }

    async fn replace_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        order: BrokerOrderId,
        request: &OrderRequest,
    ) -> Result<Option<BrokerOrderId>, BrokerError> {
        let (id, answer) = self
            .write(token, account, |state, index, now| {
                state.replace(index, order, request, now)
            })
            .await?;
        answer_id(id, answer)
    }

    async fn cancel_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        order: BrokerOrderId,
    ) -> Result<(), BrokerError> {
        let ((), answer) = self
            .write(token, account, |state, index, now| {
                state.cancel(index, order, now)
            })
            .await?;
        match answer {
            WriteAnswer::TimedOut => Err(ConnectivityError::Timeout.into()),
            WriteAnswer::Normal | WriteAnswer::WithoutId => Ok(()),
        }
    }

    async fn get_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        order: BrokerOrderId,
    ) -> Result<BrokerOrder, BrokerError> {
        self.enter().await?;
        let (state, now) = self.current();
        let index = state.authorized_account(token, account, now)?;
        state.order(index, order)
    }

    async fn list_orders(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<BrokerOrder>, BrokerError> {
        self.enter().await?;
        let (state, now) = self.current();
        let index = state.authorized_account(token, account, now)?;
        Ok(state.orders_between(index, from, to))
    }

    async fn quotes(
        &self,
        token: &AccessToken,
        symbols: &[String],
    ) -> Result<BTreeMap<String, Quote>, BrokerError> {
        self.enter().await?;
        let (state, now) = self.current();
        state.auth.check(token, now)?;
        Ok(symbols
            .iter()
            .filter_map(|s| state.market.quote(s).map(|q| (s.clone(), q)))
            .collect())
    }

    async fn option_chain(
        &self,
        token: &AccessToken,
        underlying: &str,
        side: PutCall,
    ) -> Result<OptionChain, BrokerError> {
        self.enter().await?;
        let (state, now) = self.current();
        state.auth.check(token, now)?;
        state
            .market
            .chain(underlying, side)
            .ok_or_else(|| BrokerError::rejected(format!("unknown symbol `{underlying}`")))
    }
}

/// Percent-encodes everything but unreserved characters (RFC 3986).
fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirect_uris_are_percent_encoded() {
        assert_eq!(
            percent_encode("https://127.0.0.1:8182/cb?x=1&y=a b"),
            "https%3A%2F%2F127.0.0.1%3A8182%2Fcb%3Fx%3D1%26y%3Da%20b"
        );
    }
}
