//! Reads retried with exponential backoff and jitter while the failure is retryable: a fixed number of
//! tries for the reads of order submission, and a time budget for the reads a person waits on.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use backon::{ExponentialBuilder, Retryable};

use super::error::BrokerError;
use super::submit_policy::SubmitPolicy;
use crate::clock::Clock;
use crate::pause::Pause;

/// Runs `read` until it succeeds, fails for good, or `policy.read_attempts` tries are used.
///
/// Only connectivity failures (timeouts, 5xx, throttling, unreadable answers) are retried.
///
/// # Errors
/// The last error of `read`.
pub async fn read_with_retry<T, F, Fut>(policy: &SubmitPolicy, read: F) -> Result<T, BrokerError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, BrokerError>>,
{
    let pause = policy.pause.clone();
    let retries = policy.read_attempts.saturating_sub(1);
    read.retry(policy.backoff().with_max_times(retries))
        .sleep(move |delay| pause.pause(delay))
        .when(BrokerError::is_retryable)
        .await
}

/// How long the retries of a read a person waits on may go on, counted from its first try. It leaves
/// room for the try itself within the 5 seconds the option chain's caller waits.
pub const WAITED_READ_BUDGET: Duration = Duration::from_secs(3);
/// The first pause between two tries of a waited-on read.
pub const WAITED_READ_MIN_DELAY: Duration = Duration::from_millis(200);
/// The longest pause between two tries of a waited-on read.
pub const WAITED_READ_MAX_DELAY: Duration = Duration::from_secs(1);

/// Retries of a read a person waits on (balances, an option chain, quotes, the account read that
/// completes a login): exponential backoff with jitter, and no try that would start after the budget.
#[derive(Clone)]
pub struct WaitedRead {
    /// How long the retries may go on, counted from the first try.
    pub budget: Duration,
    /// The first pause.
    pub min_delay: Duration,
    /// The longest pause.
    pub max_delay: Duration,
    /// How to wait.
    pub pause: Arc<dyn Pause>,
}

impl std::fmt::Debug for WaitedRead {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WaitedRead")
            .field("budget", &self.budget)
            .field("min_delay", &self.min_delay)
            .field("max_delay", &self.max_delay)
            .finish_non_exhaustive()
    }
}

impl WaitedRead {
    /// The default budget and delays, waiting through `pause`.
    #[must_use]
    pub fn new(pause: Arc<dyn Pause>) -> Self {
        Self {
            budget: WAITED_READ_BUDGET,
            min_delay: WAITED_READ_MIN_DELAY,
            max_delay: WAITED_READ_MAX_DELAY,
            pause,
        }
    }

    /// Runs `read` until it succeeds, fails with an error `retryable` does not accept, or the next try
    /// would start later than the budget allows (time read from `clock`).
    ///
    /// # Errors
    /// The last error of `read`.
    pub async fn run<T, E, F, Fut>(
        &self,
        clock: &dyn Clock,
        retryable: impl Fn(&E) -> bool,
        read: F,
    ) -> Result<T, E>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<T, E>>,
    {
        let started = clock.now();
        let budget = chrono::Duration::from_std(self.budget).unwrap_or(chrono::Duration::MAX);
        let backoff = ExponentialBuilder::default()
            .with_min_delay(self.min_delay)
            .with_max_delay(self.max_delay)
            .with_factor(2.0)
            .with_jitter()
            .without_max_times();
        let pause = self.pause.clone();
        read.retry(backoff)
            .sleep(move |delay| pause.pause(delay))
            .when(|err| retryable(err))
            .adjust(|_, delay| {
                let delay = delay?;
                let next_try = clock.now() - started
                    + chrono::Duration::from_std(delay).unwrap_or(chrono::Duration::MAX);
                (next_try <= budget).then_some(delay)
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU32, Ordering};

    use super::*;
    use crate::broker::ConnectivityError;
    use crate::clock::ManualClock;
    use crate::pause::ManualPause;

    fn rig() -> (ManualClock, WaitedRead) {
        let clock = ManualClock::new(chrono::Utc::now());
        let waited = WaitedRead::new(ManualPause::new(clock.clone()));
        (clock, waited)
    }

    fn unavailable() -> BrokerError {
        ConnectivityError::Server { status: 503 }.into()
    }

    #[tokio::test]
    async fn a_read_failing_a_few_times_succeeds_within_the_budget() {
        let (clock, waited) = rig();
        let started = clock.now();
        let tries = AtomicU32::new(0);
        let answer = waited
            .run(&clock, BrokerError::is_retryable, || async {
                if tries.fetch_add(1, Ordering::SeqCst) < 3 {
                    Err(unavailable())
                } else {
                    Ok(7)
                }
            })
            .await;
        assert_eq!(answer, Ok(7));
        assert_eq!(tries.load(Ordering::SeqCst), 4);
        assert!(clock.now() - started <= chrono::Duration::seconds(3));
    }

    #[tokio::test]
    async fn a_read_that_keeps_failing_stops_at_the_budget_with_its_last_error() {
        let (clock, waited) = rig();
        let started = clock.now();
        let tries = AtomicU32::new(0);
        let answer: Result<(), _> = waited
            .run(&clock, BrokerError::is_retryable, || async {
                tries.fetch_add(1, Ordering::SeqCst);
                Err(unavailable())
            })
            .await;
        assert_eq!(answer, Err(unavailable()));
        let spent = clock.now() - started;
        assert!(spent <= chrono::Duration::seconds(3), "{spent}");
        assert!(
            tries.load(Ordering::SeqCst) >= 3,
            "retried while the budget lasted"
        );
    }

    #[tokio::test]
    async fn a_refusal_is_not_retried() {
        let (clock, waited) = rig();
        let tries = AtomicU32::new(0);
        let answer: Result<(), _> = waited
            .run(&clock, BrokerError::is_retryable, || async {
                tries.fetch_add(1, Ordering::SeqCst);
                Err(BrokerError::rejected("no such symbol"))
            })
            .await;
        assert_eq!(answer, Err(BrokerError::rejected("no such symbol")));
        assert_eq!(tries.load(Ordering::SeqCst), 1);
    }
}
