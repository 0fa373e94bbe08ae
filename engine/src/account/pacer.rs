//! Waiting, injected: real sleeps in production, a clock that jumps forward in tests.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;

use crate::clock::ManualClock;

/// Something that can wait for a while.
#[async_trait]
pub trait Pacer: Send + Sync + 'static {
    /// Returns after `duration` has passed on this pacer's clock.
    async fn wait(&self, duration: Duration);
}

/// Waits with the tokio timer.
#[derive(Debug, Clone, Copy, Default)]
pub struct TokioPacer;

#[async_trait]
impl Pacer for TokioPacer {
    async fn wait(&self, duration: Duration) {
        tokio::time::sleep(duration).await;
    }
}

/// Waits by moving a [`ManualClock`] forward at once, so tests never sleep.
#[derive(Debug, Clone)]
pub struct ManualPacer {
    clock: ManualClock,
}

impl ManualPacer {
    /// A pacer that advances `clock`.
    #[must_use]
    pub fn new(clock: ManualClock) -> Arc<Self> {
        Arc::new(Self { clock })
    }
}

#[async_trait]
impl Pacer for ManualPacer {
    async fn wait(&self, duration: Duration) {
        let step = chrono::Duration::from_std(duration).unwrap_or(chrono::Duration::MAX);
        self.clock.advance(step);
        tokio::task::yield_now().await;
    }
}
