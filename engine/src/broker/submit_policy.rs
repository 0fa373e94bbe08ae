//! How order writes and reads are retried and reconciled.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use backon::ExponentialBuilder;

use crate::pause::{Pause, TokioPause};

/// Retry and reconciliation settings for [`submit_order`](super::submit_order) and friends.
#[derive(Clone)]
pub struct SubmitPolicy {
    /// How long a throttled write keeps being retried before it is given up as not placed.
    pub throttle_deadline: Duration,
    /// First backoff delay.
    pub min_delay: Duration,
    /// Longest backoff delay.
    pub max_delay: Duration,
    /// Tries of a read before its error is returned.
    pub read_attempts: usize,
    /// Wait before listing orders to settle an unanswered write, so the broker has it listed.
    pub settle_delay: Duration,
    /// How far the broker's clock may differ from ours; widens the matching window.
    pub clock_skew: chrono::Duration,
    /// Seed of the backoff jitter (`None`: random).
    pub jitter_seed: Option<u64>,
    /// How to wait.
    pub pause: Arc<dyn Pause>,
}

impl Default for SubmitPolicy {
    fn default() -> Self {
        Self {
            throttle_deadline: Duration::from_secs(30),
            min_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(8),
            read_attempts: 4,
            settle_delay: Duration::from_secs(1),
            clock_skew: chrono::Duration::seconds(5),
            jitter_seed: None,
            pause: Arc::new(TokioPause),
        }
    }
}

impl fmt::Debug for SubmitPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SubmitPolicy")
            .field("throttle_deadline", &self.throttle_deadline)
            .field("min_delay", &self.min_delay)
            .field("max_delay", &self.max_delay)
            .field("read_attempts", &self.read_attempts)
            .field("settle_delay", &self.settle_delay)
            .field("clock_skew", &self.clock_skew)
            .field("jitter_seed", &self.jitter_seed)
            .finish_non_exhaustive()
    }
}

impl SubmitPolicy {
    /// Exponential backoff with jitter between `min_delay` and `max_delay`.
    #[must_use]
    pub fn backoff(&self) -> ExponentialBuilder {
        let builder = ExponentialBuilder::default()
            .with_min_delay(self.min_delay)
            .with_max_delay(self.max_delay)
            .with_factor(2.0)
            .with_jitter();
        match self.jitter_seed {
            Some(seed) => builder.with_jitter_seed(seed),
            None => builder,
        }
    }
}
