//! The settings of a running copydesk server, as given by flags or the environment.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Which brokerage the server trades through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BrokerKind {
    /// The embedded paper brokerage (offline, the default).
    Paper,
    /// The Charles Schwab Trader API.
    Schwab,
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Human,
    /// One JSON object per line.
    Json,
}

/// Everything the HTTP facade needs to know about its environment.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The address to listen on (port 0 picks a free port).
    pub bind: SocketAddr,
    /// The data directory (store and secret key).
    pub data_dir: PathBuf,
    /// The brokerage in use.
    pub broker: BrokerKind,
    /// Whether to create demo data when the store is empty.
    pub demo: bool,
    /// The folder of the built UI served at `/`, if any.
    pub ui_dir: Option<PathBuf>,
    /// Whether session cookies carry the `Secure` flag.
    pub secure_cookies: bool,
    /// How long a session lives without a request.
    pub session_idle: Duration,
    /// Login attempts allowed per minute for one username and for one client address.
    pub login_attempts_per_minute: u32,
}

/// The default session idle expiry.
pub const SESSION_IDLE: Duration = Duration::from_secs(12 * 60 * 60);
/// The default number of login attempts per minute per username and per client address.
pub const LOGIN_ATTEMPTS_PER_MINUTE: u32 = 10;

impl Settings {
    /// Settings for tests: loopback on a free port, no UI, no demo, default limits.
    pub fn for_tests(data_dir: PathBuf) -> Self {
        Self {
            bind: SocketAddr::from(([127, 0, 0, 1], 0)),
            data_dir,
            broker: BrokerKind::Paper,
            demo: false,
            ui_dir: None,
            secure_cookies: false,
            session_idle: SESSION_IDLE,
            login_attempts_per_minute: LOGIN_ATTEMPTS_PER_MINUTE,
        }
    }
}
