//! A stream that another connection of the same login keeps taking over (Schwab's code 12) is opened
//! again after pauses that double up to minutes, instead of once a second; a stream that was up for a
//! minute before it was lost starts the pauses over.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::{Context, Result};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use engine::account::messages::Authorize;
use engine::account::{
    AccountDeps, AccountRegistry, CallBudget, IgnoreOrders, StreamPhase, TAKEOVER_MAX,
};
use engine::broker::paper::PaperBrokerage;
use engine::broker::{
    AccessToken, AccountHash, AccountLink, AccountSnapshot, AuthorizationCode, BrokerError,
    Brokerage, OptionChain, OrderPreview, OrderStream, Quote, RefreshToken, StreamEnd, StreamError,
    StreamItem, TokenSet,
};
use engine::clock::{Clock, ManualClock};
use engine::ids::{AccountId, AgentId, BrokerOrderId};
use engine::order::{BrokerOrder, OrderRequest, PutCall};
use engine::pause::ManualPause;
use tokio::sync::Notify;

mod support;

use support::memory_vault::MemoryVault;
use support::{frozen, monday};

/// A stream that another connection takes over: at once, or once the test lets it go.
struct TakenOver {
    release: Option<Arc<Notify>>,
}

#[async_trait]
impl OrderStream for TakenOver {
    async fn next(&mut self) -> StreamItem {
        if let Some(release) = self.release.take() {
            release.notified().await;
        }
        StreamItem::Closed(StreamEnd::Superseded)
    }

    async fn logout(&mut self) {}
}

/// The paper brokerage, whose order streams are taken over; it notes when each was opened.
struct Contested {
    paper: Arc<PaperBrokerage>,
    clock: ManualClock,
    opened: Mutex<Vec<DateTime<Utc>>>,
    /// The next stream stays up until `release` is notified.
    hold_next: AtomicBool,
    release: Arc<Notify>,
}

impl Contested {
    fn opened(&self) -> Vec<DateTime<Utc>> {
        self.opened
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

#[async_trait]
impl Brokerage for Contested {
    fn name(&self) -> &'static str {
        "contested-paper"
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
        self.paper.refresh_token(refresh).await
    }
    async fn account_numbers(&self, t: &AccessToken) -> Result<Vec<AccountLink>, BrokerError> {
        self.paper.account_numbers(t).await
    }
    async fn account(
        &self,
        t: &AccessToken,
        a: &AccountHash,
    ) -> Result<AccountSnapshot, BrokerError> {
        self.paper.account(t, a).await
    }
    async fn place_order(
        &self,
        t: &AccessToken,
        a: &AccountHash,
        r: &OrderRequest,
    ) -> Result<Option<BrokerOrderId>, BrokerError> {
        self.paper.place_order(t, a, r).await
    }
    async fn open_order_stream(
        &self,
        _: &AccessToken,
        _: &[AccountLink],
    ) -> Result<Box<dyn OrderStream>, StreamError> {
        self.opened
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(self.clock.now());
        let release = self
            .hold_next
            .swap(false, Ordering::SeqCst)
            .then(|| self.release.clone());
        Ok(Box::new(TakenOver { release }))
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
        self.paper.replace_order(t, a, o, r).await
    }
    async fn cancel_order(
        &self,
        t: &AccessToken,
        a: &AccountHash,
        o: BrokerOrderId,
    ) -> Result<(), BrokerError> {
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
    ) -> Result<std::collections::BTreeMap<String, Quote>, BrokerError> {
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

/// Yields to the stream's task until `condition` holds.
async fn settle(mut condition: impl FnMut() -> bool) -> Result<()> {
    for _ in 0..100_000 {
        if condition() {
            return Ok(());
        }
        tokio::task::yield_now().await;
    }
    anyhow::bail!("the condition never held")
}

fn seconds(from: DateTime<Utc>, to: DateTime<Utc>) -> f64 {
    (to - from).num_milliseconds() as f64 / 1000.0
}

#[actix_rt::test]
async fn a_stream_taken_over_again_and_again_waits_longer_each_time_and_starts_over_once_it_held()
-> Result<()> {
    let clock = ManualClock::new(monday()?);
    let shared: Arc<dyn Clock> = Arc::new(clock.clone());
    let paper = Arc::new(PaperBrokerage::new(frozen(), shared.clone())?);
    let broker = Arc::new(Contested {
        paper: paper.clone(),
        clock: clock.clone(),
        opened: Mutex::default(),
        hold_next: AtomicBool::new(false),
        release: Arc::new(Notify::new()),
    });
    let deps = AccountDeps {
        broker: broker.clone(),
        vault: Arc::new(MemoryVault::default()),
        clock: shared.clone(),
        pause: ManualPause::new(clock.clone()),
        reads: Arc::new(CallBudget::new(100_000, shared)),
        observer: Arc::new(IgnoreOrders),
    };
    let registry = AccountRegistry::new(deps, actix::Arbiter::current());
    let handle = registry.start(AccountId(1), AgentId(1), 120)?;
    let code = paper.authorize("alpha", "pw")?;
    handle
        .addr
        .send(Authorize {
            code,
            redirect_uri: "http://127.0.0.1:8080/paper/callback".into(),
        })
        .await??;
    let account = registry.account(AccountId(1)).context("running")?;

    // Taken over as soon as it opens, eleven times in a row.
    registry.start_streams();
    settle(|| broker.opened().len() >= 11).await?;
    broker.hold_next.store(true, Ordering::SeqCst);
    let taken = broker.opened();
    for (k, pair) in taken.windows(2).take(10).enumerate() {
        let wait = seconds(pair[0], pair[1]);
        let doubled = 2f64.powi(i32::try_from(k)?).min(TAKEOVER_MAX.as_secs_f64());
        // 75-100 % of the doubled pause (jitter), plus the follow-up rounds' own short pauses.
        assert!(
            wait >= 0.75 * doubled && wait <= doubled + 1.0,
            "pause {} was {wait} s, expected about {doubled} s",
            k + 1
        );
    }
    let status = account.stream_status();
    assert_eq!(
        status.reason.as_deref(),
        Some("another connection of this login took over the stream")
    );

    // One stream then holds for more than a minute before it too is taken over: the pause starts over.
    settle(|| account.stream_status().phase == StreamPhase::Connected).await?;
    let held_from = *broker.opened().last().context("the held stream")?;
    clock.advance(chrono::Duration::seconds(61));
    let lost_at = clock.now();
    broker.release.notify_one();
    let before = broker.opened().len();
    settle(|| broker.opened().len() > before).await?;
    let reopened = *broker.opened().last().context("reopened")?;
    assert!(seconds(held_from, lost_at) >= 61.0);
    let wait = seconds(lost_at, reopened);
    assert!(
        (0.75..=2.0).contains(&wait),
        "after a stable minute the pause starts over at about 1 s, was {wait} s"
    );
    account.stop_stream();
    Ok(())
}
