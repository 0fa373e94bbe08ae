//! A write that waits for room in its account's write limit says so while it waits, and stops saying
//! so once it goes out.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use engine::account::messages::Authorize;
use engine::account::{AccountDeps, AccountRegistry, CallBudget, IgnoreOrders};
use engine::broker::paper::PaperBrokerage;
use engine::broker::{SubmitOutcome, SubmitPolicy};
use engine::clock::{Clock, ManualClock};
use engine::ids::{AccountId, AgentId, BrokerOrderId};
use engine::order::{Instruction, OrderLeg, OrderRequest};
use engine::pause::{Pause, PauseFuture};
use rust_decimal_macros::dec;
use tokio::sync::Notify;

mod support;

use support::memory_vault::MemoryVault;
use support::{frozen, monday};

/// A pause that holds until the test lets it go, then moves the clock by what it was asked to wait.
struct GatedPause {
    clock: ManualClock,
    gate: Arc<Notify>,
}

impl Pause for GatedPause {
    fn pause(&self, duration: Duration) -> PauseFuture {
        let clock = self.clock.clone();
        let gate = self.gate.clone();
        Box::pin(async move {
            gate.notified().await;
            clock.advance(chrono::Duration::from_std(duration).unwrap_or(chrono::Duration::MAX));
        })
    }
}

fn buy() -> OrderRequest {
    OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 1, "AAPL"), dec!(1))
}

#[actix_rt::test]
async fn a_write_waiting_for_its_limit_reports_the_seconds_left_until_it_goes() -> Result<()> {
    let clock = ManualClock::new(monday()?);
    let shared: Arc<dyn Clock> = Arc::new(clock.clone());
    let paper = Arc::new(PaperBrokerage::new(frozen(), shared.clone())?);
    let gate = Arc::new(Notify::new());
    let deps = AccountDeps {
        broker: paper.clone(),
        vault: Arc::new(MemoryVault::default()),
        clock: shared.clone(),
        pause: Arc::new(GatedPause {
            clock: clock.clone(),
            gate: gate.clone(),
        }),
        reads: Arc::new(CallBudget::new(1000, shared)),
        observer: Arc::new(IgnoreOrders),
    };
    let registry = AccountRegistry::new(deps, actix::Arbiter::current());
    let handle = registry.start(AccountId(1), AgentId(1), 1)?;
    let code = paper.authorize("alpha", "pw")?;
    handle
        .addr
        .send(Authorize {
            code,
            redirect_uri: "http://127.0.0.1:8080/paper/callback".into(),
        })
        .await??;
    let account = registry.account(AccountId(1)).context("running")?;
    let policy = SubmitPolicy {
        throttle_deadline: Duration::from_secs(120),
        ..SubmitPolicy::default()
    };
    let none: Vec<BrokerOrderId> = Vec::new();

    let first = account.submit_order(&buy(), &none, &policy).await;
    assert!(matches!(first, SubmitOutcome::Placed(_)), "{first:?}");
    assert_eq!(
        account.write_wait_left(),
        None,
        "a write with room never waits"
    );

    let waiting = {
        let account = account.clone();
        let policy = policy.clone();
        actix_rt::spawn(async move { account.submit_order(&buy(), &Vec::new(), &policy).await })
    };
    let mut left = None;
    for _ in 0..10_000 {
        left = account.write_wait_left();
        if left.is_some() {
            break;
        }
        tokio::task::yield_now().await;
    }
    let left = left.context("the second write waits for the limit")?;
    assert!(
        left > Duration::from_secs(55) && left <= Duration::from_secs(60),
        "one write a minute: the next goes about a minute after the first, not {left:?}"
    );
    clock.advance(chrono::Duration::seconds(20));
    let later = account.write_wait_left().context("still waiting")?;
    assert_eq!(left - later, Duration::from_secs(20));

    gate.notify_one();
    let second = waiting.await?;
    assert!(matches!(second, SubmitOutcome::Placed(_)), "{second:?}");
    assert_eq!(account.write_wait_left(), None, "the write went out");
    Ok(())
}
