//! Settings of a Schwab connection: where the API lives, the app's credentials and the request limits.

use std::fmt;
use std::time::Duration;

use url::Url;

/// Schwab's production API host; there is no sandbox.
pub const DEFAULT_BASE_URL: &str = "https://api.schwabapi.com";
/// How long one HTTP call may take before it counts as a timeout.
pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// Strikes above and below the money asked for in an option chain.
pub const DEFAULT_CHAIN_STRIKE_COUNT: u32 = 20;
/// Days of expirations asked for in an option chain (about 8 weeks).
pub const DEFAULT_CHAIN_DAYS: u32 = 60;
/// Idle connections kept to the host by default: room for a fan-out to 1,024 accounts.
pub const DEFAULT_IDLE_CONNECTIONS: usize = 1024;
/// How long an idle connection is kept by default.
pub const DEFAULT_IDLE_TIMEOUT: Duration = Duration::from_secs(15 * 60);
/// Interval of TCP keep-alive probes on the connections (idle ones survive middleboxes).
pub const TCP_KEEPALIVE: Duration = Duration::from_secs(30);

/// Everything a [`SchwabBrokerage`](super::SchwabBrokerage) needs to talk to Schwab.
#[derive(Clone)]
pub struct SchwabConfig {
    /// Root of every path, e.g. `https://api.schwabapi.com` (or a local Schwab-compatible server).
    pub base_url: Url,
    /// The app key (OAuth `client_id`), 32 characters.
    pub app_key: String,
    /// The app secret; never printed.
    pub app_secret: String,
    /// The callback URL registered for the app, byte for byte (no trailing slash unless registered).
    pub callback_url: String,
    /// Time limit of one HTTP call.
    pub request_timeout: Duration,
    /// Strikes above and below the money requested per option chain.
    pub chain_strike_count: u32,
    /// Days of expirations requested per option chain.
    pub chain_days: u32,
    /// Idle connections kept open to the host: at least one per account, so that every account of a
    /// fan-out finds a warm connection.
    pub idle_connections: usize,
    /// How long an idle connection is kept (longer than the gap between account polls, which keep
    /// the connections warm between fan-outs).
    pub idle_timeout: Duration,
}

/// Why a [`SchwabConfig`] cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SchwabConfigError {
    /// The base URL does not parse or is not http(s).
    #[error("base_url: {0}")]
    BaseUrl(String),
    /// A credential is empty.
    #[error("{0}: must not be empty")]
    Empty(&'static str),
}

impl SchwabConfig {
    /// A configuration for the production API with default limits.
    ///
    /// # Errors
    /// [`SchwabConfigError::Empty`] naming an empty app key, secret or callback URL.
    pub fn new(
        app_key: impl Into<String>,
        app_secret: impl Into<String>,
        callback_url: impl Into<String>,
    ) -> Result<Self, SchwabConfigError> {
        let config = Self {
            base_url: Url::parse(DEFAULT_BASE_URL)
                .map_err(|e| SchwabConfigError::BaseUrl(e.to_string()))?,
            app_key: app_key.into(),
            app_secret: app_secret.into(),
            callback_url: callback_url.into(),
            request_timeout: DEFAULT_REQUEST_TIMEOUT,
            chain_strike_count: DEFAULT_CHAIN_STRIKE_COUNT,
            chain_days: DEFAULT_CHAIN_DAYS,
            idle_connections: DEFAULT_IDLE_CONNECTIONS,
            idle_timeout: DEFAULT_IDLE_TIMEOUT,
        };
        for (field, value) in [
            ("app_key", &config.app_key),
            ("app_secret", &config.app_secret),
            ("callback_url", &config.callback_url),
        ] {
            if value.trim().is_empty() {
                return Err(SchwabConfigError::Empty(field));
            }
        }
        Ok(config)
    }

    /// The same configuration against another host (e.g. a local Schwab-compatible server).
    ///
    /// # Errors
    /// [`SchwabConfigError::BaseUrl`] when `base_url` does not parse as an http(s) URL.
    pub fn with_base_url(self, base_url: &str) -> Result<Self, SchwabConfigError> {
        let parsed = Url::parse(base_url.trim_end_matches('/'))
            .map_err(|e| SchwabConfigError::BaseUrl(e.to_string()))?;
        if !matches!(parsed.scheme(), "http" | "https") || parsed.cannot_be_a_base() {
            return Err(SchwabConfigError::BaseUrl(format!(
                "`{base_url}` is not an http(s) URL"
            )));
        }
        Ok(Self {
            base_url: parsed,
            ..self
        })
    }

    /// The same configuration keeping up to `idle_connections` idle connections (one per account).
    #[must_use]
    pub fn with_idle_connections(self, idle_connections: usize) -> Self {
        Self {
            idle_connections,
            ..self
        }
    }

    /// The same configuration with another per-call time limit.
    #[must_use]
    pub fn with_request_timeout(self, request_timeout: Duration) -> Self {
        Self {
            request_timeout,
            ..self
        }
    }
}

impl fmt::Debug for SchwabConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SchwabConfig")
            .field("base_url", &self.base_url.as_str())
            .field("app_key", &self.app_key)
            .field("app_secret", &"[redacted]")
            .field("callback_url", &self.callback_url)
            .field("request_timeout", &self.request_timeout)
            .field("chain_strike_count", &self.chain_strike_count)
            .field("chain_days", &self.chain_days)
            .field("idle_connections", &self.idle_connections)
            .field("idle_timeout", &self.idle_timeout)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_never_shows_the_secret() {
        let config = SchwabConfig::new("APPKEY", "very-secret-value", "https://127.0.0.1:8182")
            .expect("valid config");
        let shown = format!("{config:?}");
        assert!(!shown.contains("very-secret-value"), "{shown}");
        assert!(shown.contains("[redacted]") && shown.contains("APPKEY"));
    }

    #[test]
    fn empty_credentials_and_bad_urls_are_named() {
        assert_eq!(
            SchwabConfig::new("", "s", "https://127.0.0.1").expect_err("empty key"),
            SchwabConfigError::Empty("app_key")
        );
        assert_eq!(
            SchwabConfig::new("k", " ", "https://127.0.0.1").expect_err("empty secret"),
            SchwabConfigError::Empty("app_secret")
        );
        let config = SchwabConfig::new("k", "s", "https://127.0.0.1").expect("valid");
        assert!(matches!(
            config.clone().with_base_url("ftp://x"),
            Err(SchwabConfigError::BaseUrl(_))
        ));
        let local = config
            .with_base_url("http://127.0.0.1:4010/")
            .expect("local url");
        assert_eq!(local.base_url.as_str(), "http://127.0.0.1:4010/");
    }
}
