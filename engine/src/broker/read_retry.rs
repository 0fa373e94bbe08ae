//! Reads retried with exponential backoff and jitter while the failure is retryable.

use std::future::Future;

use backon::Retryable;

use super::error::BrokerError;
use super::submit_policy::SubmitPolicy;

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
