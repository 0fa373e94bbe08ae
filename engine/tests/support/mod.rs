//! Shared set-up for paper brokerage tests: a frozen market on a hand-moved clock.

#![allow(
    dead_code,
    reason = "each test file uses a different part of the set-up"
)]

use std::sync::Arc;

pub mod hanging;
pub mod hooked_paper;
pub mod journal_store;
pub mod memory_vault;
pub mod paper_rig;
pub mod scripted;

use anyhow::{Context, Result, anyhow};
use chrono::{DateTime, Duration, TimeZone, Utc};
use engine::broker::paper::{PaperBrokerage, PaperConfig};
use engine::broker::{AccessToken, AccountHash, Brokerage, TokenSet};
use engine::clock::ManualClock;
use engine::ids::BrokerOrderId;
use engine::order::{BrokerOrder, OrderRequest};

/// Monday 2024-10-14 15:00 UTC.
pub fn monday() -> Result<DateTime<Utc>> {
    Utc.with_ymd_and_hms(2024, 10, 14, 15, 0, 0)
        .single()
        .context("fixed test date")
}

/// A paper brokerage with one logged-in account.
pub struct Desk {
    /// The clock the brokerage reads.
    pub clock: ManualClock,
    /// The brokerage.
    pub paper: Arc<PaperBrokerage>,
    /// Tokens of the `alice` login.
    pub tokens: TokenSet,
    /// Alice's account.
    pub hash: AccountHash,
}

/// The default config with prices frozen (they move only by `set_price`).
pub fn frozen() -> PaperConfig {
    PaperConfig {
        volatility_scale: 0.0,
        ..PaperConfig::default()
    }
}

impl Desk {
    /// Opens the brokerage at Monday 15:00 and logs `alice` in.
    pub async fn open(config: PaperConfig) -> Result<Self> {
        let clock = ManualClock::new(monday()?);
        let paper = Arc::new(PaperBrokerage::new(config, Arc::new(clock.clone()))?);
        let code = paper.authorize("alice", "secret")?;
        let tokens = paper.exchange_code(&code, "https://127.0.0.1/cb").await?;
        let links = paper.account_numbers(&tokens.access).await?;
        let hash = links.first().context("one account")?.hash.clone();
        Ok(Self {
            clock,
            paper,
            tokens,
            hash,
        })
    }

    /// Logs `alice` in again (with another password), which supersedes the tokens of [`Desk::open`];
    /// the new login's tokens.
    pub async fn log_in_again(&self) -> Result<TokenSet> {
        let code = self.paper.authorize("alice", "other password")?;
        Ok(self
            .paper
            .exchange_code(&code, "https://127.0.0.1/cb")
            .await?)
    }

    /// Alice's access token.
    pub fn token(&self) -> &AccessToken {
        &self.tokens.access
    }

    /// Moves the clock forward.
    pub fn advance(&self, seconds: i64) {
        self.clock.advance(Duration::seconds(seconds));
    }

    /// Places an order that must be answered with an id.
    pub async fn place(&self, request: &OrderRequest) -> Result<BrokerOrderId> {
        self.paper
            .place_order(self.token(), &self.hash, request)
            .await?
            .ok_or_else(|| anyhow!("placed without id"))
    }

    /// One of Alice's orders.
    pub async fn order(&self, id: BrokerOrderId) -> Result<BrokerOrder> {
        Ok(self.paper.get_order(self.token(), &self.hash, id).await?)
    }

    /// All of Alice's orders, newest first.
    pub async fn all_orders(&self) -> Result<Vec<BrokerOrder>> {
        let from = monday()? - Duration::days(1);
        let to = self.clock_now() + Duration::days(1);
        Ok(self
            .paper
            .list_orders(self.token(), &self.hash, from, to)
            .await?)
    }

    /// The clock's time.
    pub fn clock_now(&self) -> DateTime<Utc> {
        engine::clock::Clock::now(&self.clock)
    }
}
