//! `copydesk serve --broker schwab` as a child process on a data directory the caller keeps, against
//! schwab-fake at a base URL: started, stopped as an operator stops it (SIGTERM, a clean stop), and
//! started again on the same directory.

use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use crate::RigError;
use crate::schwab_link::CALLBACK;

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

fn free_loopback_port() -> Result<SocketAddr, RigError> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .map_err(|e| RigError::io("finding a free loopback port", e))?;
    listener
        .local_addr()
        .map_err(|e| RigError::io("finding a free loopback port", e))
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
        let child = command
            .env("COPYDESK_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .map_err(|e| {
                RigError::io(
                    "starting copydesk (run `cargo build --release -p facade` first)",
                    e,
                )
            })?;
        let served = Self { child, addr };
        served.wait_until_answering().await?;
        Ok(served)
    }

    async fn wait_until_answering(&self) -> Result<(), RigError> {
        let client = reqwest::Client::new();
        let started = Instant::now();
        loop {
            let answered = client
                .get(self.url("/api/agent_account/profile"))
                .send()
                .await
                .is_ok();
            if answered {
                return Ok(());
            }
            if started.elapsed() > START_TIMEOUT {
                return Err(RigError::io(
                    "waiting for copydesk to answer",
                    std::io::Error::other(format!("no answer at {} in time", self.addr)),
                ));
            }
            tokio::time::sleep(CHECK_EVERY).await;
        }
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
                let _ = self.child.kill();
                let _ = self.child.wait();
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
        // Best effort: the process may already have ended.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
