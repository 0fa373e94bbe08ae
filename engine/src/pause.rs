//! Waiting between retries, injectable so tests move a clock instead of sleeping.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// A future that completes after a pause.
pub type PauseFuture = Pin<Box<dyn Future<Output = ()> + Send + 'static>>;

/// Something that can wait for a while.
pub trait Pause: Send + Sync {
    /// Completes after `duration`.
    fn pause(&self, duration: Duration) -> PauseFuture;
}

/// Waits on the tokio timer.
#[derive(Debug, Clone, Copy, Default)]
pub struct TokioPause;

impl Pause for TokioPause {
    fn pause(&self, duration: Duration) -> PauseFuture {
        Box::pin(tokio::time::sleep(duration))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn tokio_pause_waits_on_the_tokio_timer() {
        let start = tokio::time::Instant::now();
        TokioPause.pause(Duration::from_secs(3)).await;
        assert_eq!(start.elapsed(), Duration::from_secs(3));
    }
}
