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
use engine::broker::{OrderStream, StreamEnd, StreamItem};
use engine::clock::{Clock, ManualClock};
use engine::ids::{AccountId, AgentId};
use engine::pause::ManualPause;
use tokio::sync::Notify;

mod support;

use support::hooked_paper::{HookedPaper, PaperHooks};
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

/// Order streams that another connection takes over; it notes when each was opened.
struct Contested {
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

impl PaperHooks for Contested {
    fn order_stream(&self) -> Option<Box<dyn OrderStream>> {
        self.opened
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(self.clock.now());
        let release = self
            .hold_next
            .swap(false, Ordering::SeqCst)
            .then(|| self.release.clone());
        Some(Box::new(TakenOver { release }))
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
    let broker = Arc::new(HookedPaper {
        paper: paper.clone(),
        hooks: Contested {
            clock: clock.clone(),
            opened: Mutex::default(),
            hold_next: AtomicBool::new(false),
            release: Arc::new(Notify::new()),
        },
    });
    let contested = &broker.hooks;
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
    settle(|| contested.opened().len() >= 11).await?;
    contested.hold_next.store(true, Ordering::SeqCst);
    let taken = contested.opened();
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
    let held_from = *contested.opened().last().context("the held stream")?;
    clock.advance(chrono::Duration::seconds(61));
    let lost_at = clock.now();
    contested.release.notify_one();
    let before = contested.opened().len();
    settle(|| contested.opened().len() > before).await?;
    let reopened = *contested.opened().last().context("reopened")?;
    assert!(seconds(held_from, lost_at) >= 61.0);
    let wait = seconds(lost_at, reopened);
    assert!(
        (0.75..=2.0).contains(&wait),
        "after a stable minute the pause starts over at about 1 s, was {wait} s"
    );
    account.stop_stream();
    Ok(())
}
