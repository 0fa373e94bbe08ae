//! `copydesk serve` run as a child process on a loopback port, its log kept in a file, and an agent
//! talking to it over HTTP with its session cookie.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use anyhow::{Context, Result, anyhow};
use reqwest::StatusCode;
use serde_json::Value;

/// How long a starting copydesk may take to listen.
const START_LIMIT: Duration = Duration::from_secs(60);
/// What copydesk prints once it listens.
const LISTENING: &str = "copydesk listening on ";

/// A running `copydesk serve`; killed (SIGKILL) when dropped.
pub struct Served {
    child: Child,
    /// `http://HOST:PORT`.
    pub base_url: String,
    log: PathBuf,
}

impl Served {
    /// Starts `copydesk serve` with `args` (no `COPYDESK_*` variable of the caller's environment
    /// applies), its log written to `log`, and waits until it listens.
    pub async fn start(args: &[String], log: &Path) -> Result<Self> {
        let log_file = std::fs::File::create(log)?;
        let mut command = Command::new(env!("CARGO_BIN_EXE_copydesk"));
        command.arg("serve").args(args);
        for (name, _) in std::env::vars() {
            if name.starts_with("COPYDESK_") {
                command.env_remove(name);
            }
        }
        let mut child = command
            .env("COPYDESK_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(log_file))
            .spawn()
            .context("copydesk starts")?;
        let stdout = child.stdout.take().context("copydesk's stdout")?;
        let (found, listening) = tokio::sync::oneshot::channel();
        std::thread::spawn(move || {
            let mut found = Some(found);
            // Reads every line, so that copydesk never blocks on a full pipe.
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(address) = line.strip_prefix(LISTENING) {
                    if let Some(found) = found.take() {
                        let _ = found.send(address.trim().to_owned());
                    }
                }
            }
        });
        let mut served = Self {
            child,
            base_url: String::new(),
            log: log.to_path_buf(),
        };
        served.base_url = match tokio::time::timeout(START_LIMIT, listening).await {
            Ok(Ok(address)) => address,
            _ => return Err(anyhow!("copydesk did not listen:\n{}", served.log())),
        };
        Ok(served)
    }

    /// Kills copydesk with SIGKILL (nothing of it runs afterwards) and reaps it.
    pub fn kill(&mut self) -> Result<()> {
        self.child.kill()?;
        self.child.wait()?;
        Ok(())
    }

    /// The process id of copydesk.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Waits up to `limit` for copydesk to exit; returns whether it exited successfully.
    pub async fn wait_exit(&mut self, limit: std::time::Duration) -> Result<bool> {
        let started = std::time::Instant::now();
        loop {
            if let Some(exit) = self.child.try_wait()? {
                return Ok(exit.success());
            }
            anyhow::ensure!(
                started.elapsed() < limit,
                "copydesk did not stop within {limit:?}:\n{}",
                self.log()
            );
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }

    /// What copydesk logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        // Already dead when killed on purpose; either way nothing is left running.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An agent signed in to a copydesk over HTTP.
#[derive(Clone)]
pub struct Agent {
    client: reqwest::Client,
    base_url: String,
    cookie: String,
}

/// Status and body text of an answer.
pub type Answer = (StatusCode, String);

impl Agent {
    /// Registers `username` (unless `register` is false) and signs in.
    pub async fn sign_in(base_url: &str, username: &str, register: bool) -> Result<Self> {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        let credentials =
            serde_json::json!({"agentUsername": username, "agentPassword": "password-1"});
        if register {
            let answer = client
                .post(format!("{base_url}/api/agent_account/register/"))
                .json(&credentials)
                .send()
                .await?;
            anyhow::ensure!(
                answer.status().is_success(),
                "register: {:?}",
                answer.status()
            );
        }
        let answer = client
            .post(format!("{base_url}/api/agent_account/login/"))
            .json(&credentials)
            .send()
            .await?;
        anyhow::ensure!(answer.status().is_success(), "login: {:?}", answer.status());
        let cookie = answer
            .headers()
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .filter_map(|v| v.split(';').next())
            .find(|pair| pair.starts_with(&format!("{}=", facade::auth::SESSION_COOKIE)))
            .context("a session cookie")?
            .to_owned();
        Ok(Self {
            client,
            base_url: base_url.to_owned(),
            cookie,
        })
    }

    /// `GET path`.
    pub async fn get(&self, path: &str) -> Result<Answer> {
        let answer = self
            .client
            .get(format!("{}{path}", self.base_url))
            .header("cookie", &self.cookie)
            .send()
            .await?;
        Ok((answer.status(), answer.text().await?))
    }

    /// `POST path` with a JSON body.
    pub async fn post(&self, path: &str, body: &Value) -> Result<Answer> {
        let answer = self
            .client
            .post(format!("{}{path}", self.base_url))
            .header("cookie", &self.cookie)
            .json(body)
            .send()
            .await?;
        Ok((answer.status(), answer.text().await?))
    }

    /// `POST path` with a JSON body under `Idempotency-Key: key`; status and body text.
    pub async fn post_keyed(&self, path: &str, body: &Value, key: &str) -> Result<Answer> {
        let answer = self
            .client
            .post(format!("{}{path}", self.base_url))
            .header("cookie", &self.cookie)
            .header("idempotency-key", key)
            .json(body)
            .send()
            .await?;
        Ok((answer.status(), answer.text().await?))
    }

    /// `GET path`, answered 200 with JSON.
    pub async fn get_json(&self, path: &str) -> Result<Value> {
        let (status, text) = self.get(path).await?;
        anyhow::ensure!(status == StatusCode::OK, "GET {path}: {status} {text}");
        Ok(serde_json::from_str(&text)?)
    }
}
