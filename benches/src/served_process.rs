//! `copydesk serve` as a child process on the paper brokerage, on a free loopback port with a
//! temporary data directory; killed when dropped.

use std::fs::File;
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::RigError;

/// How long the server may take to answer its first call.
const START_TIMEOUT: Duration = Duration::from_secs(30);
/// Pause between the checks that it answers.
const START_CHECK_EVERY: Duration = Duration::from_millis(100);
/// Login attempts per minute allowed to the driver's agents (they all sign in from one address).
const DRIVER_LOGINS_PER_MINUTE: u32 = 100_000;

/// The release build of `copydesk` in this workspace.
#[must_use]
pub fn default_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/copydesk")
}

/// A running `copydesk serve`.
#[derive(Debug)]
pub struct ServedProcess {
    child: Child,
    addr: SocketAddr,
    _dir: tempfile::TempDir,
}

/// A free port on 127.0.0.1, for a server to bind next.
pub(crate) fn free_loopback_port() -> Result<SocketAddr, RigError> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .map_err(|e| RigError::io("finding a free loopback port", e))?;
    listener
        .local_addr()
        .map_err(|e| RigError::io("finding a free loopback port", e))
}

impl ServedProcess {
    /// Starts `binary` on the paper brokerage, bound to 127.0.0.1 only, and returns once it answers
    /// HTTP. Its log goes to `copydesk.log` in its data directory.
    ///
    /// # Errors
    /// [`RigError::Io`] when it cannot be started or does not answer within `START_TIMEOUT`.
    pub async fn start(binary: &Path, write_limit_per_minute: u32) -> Result<Self, RigError> {
        let dir =
            tempfile::tempdir().map_err(|e| RigError::io("creating the data directory", e))?;
        let addr = free_loopback_port()?;
        let log = std::fs::File::create(dir.path().join("copydesk.log"))
            .map_err(|e| RigError::io("creating the server log", e))?;
        let mut command = Command::new(binary);
        command
            .arg("serve")
            .arg("--data")
            .arg(dir.path())
            .arg("--bind")
            .arg(addr.to_string())
            .args(["--broker", "paper", "--no-demo"])
            .arg("--ui-dir")
            .arg(dir.path().join("no-ui"))
            .arg("--login-attempts-per-minute")
            .arg(DRIVER_LOGINS_PER_MINUTE.to_string())
            .arg("--write-limit-per-minute")
            .arg(write_limit_per_minute.to_string());
        let child = spawn_logged(&mut command, log)?;
        let served = Self {
            child,
            addr,
            _dir: dir,
        };
        wait_until_answering(addr, Answering::Success, START_TIMEOUT, START_CHECK_EVERY).await?;
        Ok(served)
    }

    /// Its process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// `http://HOST:PORT` followed by `path`.
    #[must_use]
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

impl Drop for ServedProcess {
    fn drop(&mut self) {
        kill_and_reap(&mut self.child);
    }
}

/// What counts as `copydesk` answering its first call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answering {
    /// A success status.
    Success,
    /// Any HTTP answer.
    Any,
}

/// Spawns `command` with `COPYDESK_LOG=warn`, no stdin or stdout, its log written to `log`.
///
/// # Errors
/// [`RigError::Io`] when it cannot be started.
pub(crate) fn spawn_logged(command: &mut Command, log: File) -> Result<Child, RigError> {
    command
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
        })
}

/// Returns once the server at `addr` answers `GET /api/agent_account/profile` as `answering`
/// asks, checking every `every`.
///
/// # Errors
/// [`RigError::Io`] when it does not answer within `timeout`.
pub(crate) async fn wait_until_answering(
    addr: SocketAddr,
    answering: Answering,
    timeout: Duration,
    every: Duration,
) -> Result<(), RigError> {
    let client = reqwest::Client::new();
    let url = format!("http://{addr}/api/agent_account/profile");
    let started = Instant::now();
    loop {
        let answered = client
            .get(&url)
            .send()
            .await
            .is_ok_and(|r| answering == Answering::Any || r.status().is_success());
        if answered {
            return Ok(());
        }
        if started.elapsed() > timeout {
            return Err(RigError::io(
                "waiting for copydesk to answer",
                std::io::Error::other(format!(
                    "no answer at {addr} within {} s",
                    timeout.as_secs()
                )),
            ));
        }
        tokio::time::sleep(every).await;
    }
}

/// Kills `child` and waits for it; best effort, the process may already have ended.
pub(crate) fn kill_and_reap(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}
