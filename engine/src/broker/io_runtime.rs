//! The brokerage I/O runtime: one multi-thread Tokio runtime per process on which brokerage calls run.
//!
//! copydesk takes a command on one thread (an actix worker), but a fan-out's thousand order writes
//! and their answers are work for every core: building each request, writing it to its connection,
//! reading its answer. Run where the command arrived, they queue behind each other on that one
//! thread, and the last account's order leaves as late as the whole fan-out's CPU time allows. On
//! this runtime they spread over [`io_threads`] threads. HTTP connections are made, and live, on it.
//!
//! [`run_on_io`] runs a future here and hands its output back; a future already running here is
//! polled in place, so nesting costs nothing. Dropping the returned future aborts the work, as
//! dropping the call itself did before, so a caller's time limit still stops it.

use std::cell::Cell;
use std::future::Future;
use std::sync::OnceLock;

use tokio::runtime::{Builder, Runtime};
use tracing::Instrument;

/// The name of the runtime's threads (as `/proc` and profilers show them).
pub const IO_THREAD_NAME: &str = "broker-io";
/// The most threads the runtime starts, whatever the machine has.
pub const MAX_IO_THREADS: usize = 8;
/// The fewest threads it starts, so a fan-out's sends and answers overlap even on one core.
pub const MIN_IO_THREADS: usize = 2;

thread_local! {
    /// Whether this thread is one of the runtime's.
    static ON_IO: Cell<bool> = const { Cell::new(false) };
}

/// The runtime, started on first use; `None` when its threads could not be started (brokerage
/// calls then run on the caller's runtime, as they would without it).
static RUNTIME: OnceLock<Option<Runtime>> = OnceLock::new();

/// How many threads the runtime has (or will have): the machine's cores, within
/// [`MIN_IO_THREADS`]..=[`MAX_IO_THREADS`].
#[must_use]
pub fn io_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(MIN_IO_THREADS, std::num::NonZeroUsize::get)
        .clamp(MIN_IO_THREADS, MAX_IO_THREADS)
}

fn runtime() -> Option<&'static Runtime> {
    RUNTIME
        .get_or_init(|| {
            let built = Builder::new_multi_thread()
                .worker_threads(io_threads())
                .thread_name(IO_THREAD_NAME)
                .on_thread_start(|| ON_IO.set(true))
                .enable_all()
                .build();
            match built {
                Ok(runtime) => Some(runtime),
                Err(error) => {
                    tracing::error!(%error, "the brokerage I/O threads could not start; calls run where they are made");
                    None
                }
            }
        })
        .as_ref()
}

/// Whether the current thread is one of the brokerage I/O runtime's.
#[must_use]
pub fn on_io_thread() -> bool {
    ON_IO.get()
}

/// Runs `future` on the brokerage I/O runtime and returns its output. Polled in place when already
/// there (or when the runtime could not start). Dropping the returned future aborts `future`.
///
/// # Errors
/// [`IoRuntimeStopped`] when the runtime stopped before `future` finished (only while the process
/// exits). A panic inside `future` is resumed in the caller.
pub async fn run_on_io<F>(future: F) -> Result<F::Output, IoRuntimeStopped>
where
    F: Future + Send + 'static,
    F::Output: Send + 'static,
{
    let runtime = match runtime() {
        Some(runtime) if !on_io_thread() => runtime,
        _ => return Ok(future.await),
    };
    // The caller's span goes along, so what the call logs still names the command it serves.
    let mut task = AbortOnDrop(runtime.spawn(future.in_current_span()));
    match task.output().await {
        Ok(output) => Ok(output),
        Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
        Err(_) => Err(IoRuntimeStopped),
    }
}

/// The brokerage I/O runtime stopped before a call it ran finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the brokerage I/O runtime stopped before the call finished")]
pub struct IoRuntimeStopped;

/// A spawned task that is aborted when its handle is dropped unfinished.
struct AbortOnDrop<T>(tokio::task::JoinHandle<T>);

impl<T> AbortOnDrop<T> {
    async fn output(&mut self) -> Result<T, tokio::task::JoinError> {
        (&mut self.0).await
    }
}

impl<T> Drop for AbortOnDrop<T> {
    fn drop(&mut self) {
        // A finished task ignores it.
        self.0.abort();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn runs_on_the_io_threads_and_hands_the_output_back() {
        assert!(!on_io_thread());
        let (output, thread) =
            run_on_io(async { (6 * 7, std::thread::current().name().map(str::to_owned)) })
                .await
                .expect("ran");
        assert_eq!(output, 42);
        assert_eq!(thread.as_deref(), Some(IO_THREAD_NAME));
        // A nested call runs in place, on the same I/O thread.
        let nested = run_on_io(async { run_on_io(async { on_io_thread() }).await })
            .await
            .expect("ran");
        assert_eq!(nested, Ok(true));
    }

    #[tokio::test]
    async fn dropping_the_call_aborts_the_work() {
        let finished = Arc::new(AtomicBool::new(false));
        let seen = Arc::clone(&finished);
        let call = run_on_io(async move {
            tokio::time::sleep(Duration::from_millis(200)).await;
            seen.store(true, Ordering::SeqCst);
        });
        let limited = tokio::time::timeout(Duration::from_millis(10), call).await;
        assert!(limited.is_err(), "the call outlived its limit");
        // Long past the work's own end: an aborted task never gets there.
        let probe = run_on_io(tokio::time::sleep(Duration::from_millis(400)));
        probe.await.expect("ran");
        assert!(!finished.load(Ordering::SeqCst), "aborted work went on");
    }

    #[tokio::test]
    async fn a_panic_reaches_the_caller() {
        let caught = tokio::spawn(async {
            run_on_io(async {
                panic!("boom");
            })
            .await
        })
        .await;
        assert!(caught.expect_err("panicked").is_panic());
    }

    #[test]
    fn thread_count_stays_in_bounds() {
        let threads = io_threads();
        assert!((MIN_IO_THREADS..=MAX_IO_THREADS).contains(&threads));
    }
}
