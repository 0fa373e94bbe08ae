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
    /// Whether session cookies carry the `Secure` flag (always with TLS).
    pub secure_cookies: bool,
    /// The certificate and key HTTPS is served with; plain HTTP without them.
    pub tls: Option<TlsFiles>,
    /// How long a session lives without a request.
    pub session_idle: Duration,
    /// Login attempts allowed per minute for one username and for one client address.
    pub login_attempts_per_minute: u32,
    /// The app-wide brokerage read limit per minute (`None`: the stored value, else the broker's default).
    pub read_limit_per_minute: Option<u32>,
    /// The agent who may change what every agent shares (the application's read limit): this
    /// username, or with `None` the first agent registered.
    pub operator: Option<String>,
    /// The order-write limit per minute given to new accounts.
    pub write_limit_per_minute: u32,
    /// The Schwab app's settings (required with `--broker schwab`).
    pub schwab: Option<SchwabSettings>,
}

/// The PEM files copydesk serves HTTPS with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TlsFiles {
    /// The certificate chain, leaf first.
    pub cert: PathBuf,
    /// The private key (PKCS#8, PKCS#1 or SEC1).
    pub key: PathBuf,
}

/// The Schwab app registration copydesk uses.
#[derive(Clone)]
pub struct SchwabSettings {
    /// The app key (OAuth client id).
    pub app_key: String,
    /// The app secret (never logged).
    pub app_secret: String,
    /// The registered callback URL.
    pub callback_url: String,
    /// The API base URL (Schwab's, or a Schwab-compatible server's).
    pub base_url: String,
}

impl std::fmt::Debug for SchwabSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SchwabSettings")
            .field("app_key", &self.app_key)
            .field("app_secret", &"[redacted]")
            .field("callback_url", &self.callback_url)
            .field("base_url", &self.base_url)
            .finish()
    }
}

/// Schwab's production API base URL.
pub const SCHWAB_BASE_URL: &str = "https://api.schwabapi.com";
/// The default read limit for Schwab: its 120 reads per minute per app, less a margin.
pub const SCHWAB_READ_LIMIT: u32 = 110;
/// The default read limit for the paper brokerage (in-process, so generous).
pub const PAPER_READ_LIMIT: u32 = 6_000;
/// The default order-write limit per account per minute (Schwab's maximum).
pub const WRITE_LIMIT: u32 = 120;

impl BrokerKind {
    /// The read limit used when none is configured or stored.
    #[must_use]
    pub fn default_read_limit(self) -> u32 {
        match self {
            Self::Paper => PAPER_READ_LIMIT,
            Self::Schwab => SCHWAB_READ_LIMIT,
        }
    }
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
            tls: None,
            session_idle: SESSION_IDLE,
            login_attempts_per_minute: LOGIN_ATTEMPTS_PER_MINUTE,
            read_limit_per_minute: None,
            operator: None,
            write_limit_per_minute: WRITE_LIMIT,
            schwab: None,
        }
    }
}
