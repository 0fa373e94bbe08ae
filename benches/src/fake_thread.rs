//! schwab-fake on a thread of its own, as the real brokerage is another machine: its market and
//! Streamer tasks never share a thread with copydesk's, and its CPU is counted apart.

use std::ops::Deref;
use std::thread::JoinHandle;

use fixtures::fake::{FakeConfig, FakeServer};
use tokio::sync::oneshot;

use crate::RigError;

/// The name of the fake's own thread (its HTTP workers are actix-server's threads).
pub const FAKE_THREAD: &str = "schwab-fake";

/// schwab-fake running on [`FAKE_THREAD`]; stops when dropped.
pub struct FakeThread {
    server: Option<FakeServer>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for FakeThread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FakeThread")
            .field("server", &self.server)
            .finish_non_exhaustive()
    }
}

impl FakeThread {
    /// Starts the fake for `config` inside an actix system on a new thread and returns once it
    /// listens.
    ///
    /// # Errors
    /// [`RigError`] when the thread cannot be started or the fake does not start.
    pub fn start(config: FakeConfig) -> Result<Self, RigError> {
        let (ready, started) = std::sync::mpsc::channel();
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name(FAKE_THREAD.to_owned())
            .spawn(move || {
                actix_rt::System::new().block_on(async move {
                    let server = FakeServer::start(config);
                    let failed = server.is_err();
                    if ready.send(server).is_err() || failed {
                        return;
                    }
                    // Runs the fake's tasks until the owner stops it (or is gone).
                    let _ = stopped.await;
                });
            })
            .map_err(|e| RigError::io("starting the schwab-fake thread", e))?;
        let server = started.recv().map_err(|_| {
            RigError::io(
                "starting schwab-fake",
                std::io::Error::other("its thread ended"),
            )
        })??;
        Ok(Self {
            server: Some(server),
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

impl Deref for FakeThread {
    type Target = FakeServer;

    fn deref(&self) -> &FakeServer {
        // Only `drop` takes the server out.
        self.server.as_ref().expect("the fake runs until dropped")
    }
}

impl Drop for FakeThread {
    fn drop(&mut self) {
        drop(self.server.take());
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
