//! `copydesk serve --broker schwab` as a child process on a data directory the caller keeps, against
//! schwab-fake at a base URL: started, stopped as an operator stops it (SIGTERM, a clean stop), and
//! started again on the same directory.

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use crate::RigError;
use crate::schwab_link::CALLBACK;
use crate::served_process::{
    Answering, free_loopback_port, kill_and_reap, spawn_logged, wait_until_answering,
};

/// How long the server may take to answer its first call.
const START_TIMEOUT: Duration = Duration::from_secs(60);
/// How long a clean stop may take before the process is killed.
const STOP_TIMEOUT: Duration = Duration::from_secs(30);
/// Pause between the checks that it answers, or has ended.
const CHECK_EVERY: Duration = Duration::from_millis(50);
/// Login attempts per minute allowed to the driver's agent.
const DRIVER_LOGINS_PER_MINUTE: u32 = 100_000;

/// Where copydesk finds schwab-fake and how it signs in to it.
#[derive(Debug, Clone)]
pub struct FakeAddress {
    /// The fake's base URL (`http://HOST:PORT`).
    pub base_url: String,
    /// The app key the fake knows.
    pub app_key: String,
    /// The app secret the fake knows.
    pub app_secret: String,
}

/// A running `copydesk serve --broker schwab`.
#[derive(Debug)]
pub struct SchwabServed {
    child: Child,
    addr: SocketAddr,
}

impl SchwabServed {
    /// Starts `binary` in Schwab mode on `data` (created if missing) against `fake`, bound to
    /// 127.0.0.1 only, its log written to `log`; returns once it answers HTTP. No `COPYDESK_*`
    /// variable of the caller's environment applies.
    ///
    /// # Errors
    /// [`RigError::Io`] when it cannot be started or does not answer within `START_TIMEOUT`.
    pub async fn start(
        binary: &Path,
        data: &Path,
        fake: &FakeAddress,
        log: &Path,
    ) -> Result<Self, RigError> {
        let addr = free_loopback_port()?;
        let log = std::fs::File::create(log).map_err(|e| RigError::io("creating the log", e))?;
        let mut command = Command::new(binary);
        command
            .arg("serve")
            .arg("--data")
            .arg(data)
            .arg("--bind")
            .arg(addr.to_string())
            .args(["--broker", "schwab", "--no-demo"])
            .args(["--schwab-app-key", &fake.app_key])
            .args(["--schwab-app-secret", &fake.app_secret])
            .args(["--schwab-callback-url", CALLBACK])
            .args(["--schwab-base-url", &fake.base_url])
            .arg("--ui-dir")
            .arg(data.join("no-ui"))
            .arg("--login-attempts-per-minute")
            .arg(DRIVER_LOGINS_PER_MINUTE.to_string());
        for (name, _) in std::env::vars() {
            if name.starts_with("COPYDESK_") {
                command.env_remove(name);
            }
        }
        let child = spawn_logged(&mut command, log)?;
        let served = Self { child, addr };
        wait_until_answering(addr, Answering::Any, START_TIMEOUT, CHECK_EVERY).await?;
        Ok(served)
    }

    /// `http://HOST:PORT`.
    #[must_use]
    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// `http://HOST:PORT` followed by `path`.
    #[must_use]
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// Stops it as an operator does (SIGTERM: fan-outs in flight finish, streams log out, the
    /// journal is flushed) and waits for the process to end; kills it after `STOP_TIMEOUT`.
    /// Returns how long the stop took.
    ///
    /// # Errors
    /// [`RigError::Io`] when the process cannot be signalled or waited for.
    pub async fn stop(mut self) -> Result<Duration, RigError> {
        let started = Instant::now();
        let pid = i32::try_from(self.child.id())
            .map_err(|e| RigError::io("signalling copydesk", std::io::Error::other(e)))?;
        kill(Pid::from_raw(pid), Signal::SIGTERM)
            .map_err(|e| RigError::io("signalling copydesk", std::io::Error::from(e)))?;
        loop {
            let ended = self
                .child
                .try_wait()
                .map_err(|e| RigError::io("waiting for copydesk to stop", e))?;
            if ended.is_some() {
                return Ok(started.elapsed());
            }
            if started.elapsed() > STOP_TIMEOUT {
                kill_and_reap(&mut self.child);
                return Err(RigError::io(
                    "waiting for copydesk to stop",
                    std::io::Error::other("no clean stop in time; killed"),
                ));
            }
            tokio::time::sleep(CHECK_EVERY).await;
        }
    }
}

impl Drop for SchwabServed {
    fn drop(&mut self) {
        kill_and_reap(&mut self.child);
    }
}
