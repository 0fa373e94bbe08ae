//! The actor that drives polling and token upkeep for every account on fixed ticks.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use actix::{Actor, AsyncContext, Context};

use super::AccountRegistry;

/// How often the scheduler looks for polls that are due.
pub const POLL_TICK: Duration = Duration::from_millis(250);
/// How often access tokens are checked for an early refresh.
pub const TOKEN_TICK: Duration = Duration::from_secs(30);

/// Runs [`AccountRegistry::poll_due`] every [`POLL_TICK`] and token upkeep every [`TOKEN_TICK`]. A tick
/// that finds the previous round still running skips, so slow brokerages never pile up rounds.
#[derive(Debug)]
pub struct PollScheduler {
    registry: Arc<AccountRegistry>,
    polling: Arc<AtomicBool>,
    refreshing: Arc<AtomicBool>,
}

impl PollScheduler {
    /// A scheduler over `registry`.
    #[must_use]
    pub fn new(registry: Arc<AccountRegistry>) -> Self {
        Self {
            registry,
            polling: Arc::default(),
            refreshing: Arc::default(),
        }
    }
}

fn run_exclusive<F>(flag: &Arc<AtomicBool>, round: F)
where
    F: std::future::Future<Output = ()> + 'static,
{
    if flag.swap(true, Ordering::AcqRel) {
        return;
    }
    let flag = flag.clone();
    actix::spawn(async move {
        round.await;
        flag.store(false, Ordering::Release);
    });
}

impl Actor for PollScheduler {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        ctx.run_interval(POLL_TICK, |scheduler, _| {
            let registry = scheduler.registry.clone();
            run_exclusive(&scheduler.polling, async move {
                registry.poll_due().await;
            });
        });
        ctx.run_interval(TOKEN_TICK, |scheduler, _| {
            let registry = scheduler.registry.clone();
            run_exclusive(&scheduler.refreshing, async move {
                registry.keep_tokens_fresh().await;
            });
        });
    }
}
