//! `copydesk serve` as a child process on the paper brokerage, on a free loopback port with a
//! temporary data directory; killed when dropped.

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

fn free_loopback_port() -> Result<SocketAddr, RigError> {
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
        let child = Command::new(binary)
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
            .arg(write_limit_per_minute.to_string())
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
        let served = Self {
            child,
            addr,
            _dir: dir,
        };
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
                .is_ok_and(|r| r.status().is_success());
            if answered {
                return Ok(());
            }
            if started.elapsed() > START_TIMEOUT {
                return Err(RigError::io(
                    "waiting for copydesk to answer",
                    std::io::Error::other(format!("no answer at {} within 30 s", self.addr)),
                ));
            }
            tokio::time::sleep(START_CHECK_EVERY).await;
        }
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
        // Best effort: the process may already have ended.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
