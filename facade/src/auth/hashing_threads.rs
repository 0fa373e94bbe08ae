//! The few threads that hash and verify agent passwords, so the memory argon2 takes for each hash
//! (19 MiB) is reused by the same threads instead of being kept by the allocator of every blocking
//! thread that ever hashed one.

use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// How many passwords are hashed or verified at once; more wait their turn.
pub const HASHING_THREADS: usize = 2;

type Job = Box<dyn FnOnce() + Send>;

/// No hashing thread could take the work (none could be started).
#[derive(Debug, thiserror::Error)]
#[error("no password hashing thread is running")]
pub struct HashingUnavailable;

fn queue() -> &'static Sender<Job> {
    static QUEUE: OnceLock<Sender<Job>> = OnceLock::new();
    QUEUE.get_or_init(|| {
        let (jobs, waiting) = mpsc::channel::<Job>();
        let waiting = Arc::new(Mutex::new(waiting));
        for n in 0..HASHING_THREADS {
            let waiting = waiting.clone();
            let started = std::thread::Builder::new()
                .name(format!("password-hash-{n}"))
                .spawn(move || {
                    loop {
                        let next = waiting
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .recv();
                        match next {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                });
            if let Err(err) = started {
                tracing::error!(error = %err, "a password hashing thread could not start");
            }
        }
        jobs
    })
}

/// Runs `work` on a hashing thread and waits for its result without blocking the caller's thread.
///
/// # Errors
/// [`HashingUnavailable`] when no hashing thread is running to take it.
pub async fn on_hashing_thread<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, HashingUnavailable> {
    let (done, answer) = tokio::sync::oneshot::channel();
    queue()
        .send(Box::new(move || {
            // The caller may have stopped waiting; the result is then dropped.
            let _ = done.send(work());
        }))
        .map_err(|_| HashingUnavailable)?;
    answer.await.map_err(|_| HashingUnavailable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[actix_web::test]
    async fn work_runs_on_a_named_hashing_thread_and_answers() {
        let name = on_hashing_thread(|| std::thread::current().name().map(str::to_owned))
            .await
            .expect("a hashing thread runs");
        assert!(
            name.as_deref()
                .is_some_and(|n| n.starts_with("password-hash-")),
            "{name:?}"
        );
        let answers =
            futures::future::join_all((0..6).map(|n| on_hashing_thread(move || n * 2))).await;
        let answers: Vec<u32> = answers.into_iter().map(|a| a.expect("answered")).collect();
        assert_eq!(answers, vec![0, 2, 4, 6, 8, 10]);
    }
}
