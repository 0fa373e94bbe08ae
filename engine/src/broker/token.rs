//! OAuth tokens: secrets that never show in logs or Debug output.

use std::fmt;
use std::sync::Arc;

use chrono::{DateTime, Utc};

macro_rules! secret_type {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        ///
        /// Shared, not copied: every write of an account clones its access token.
        #[derive(Clone, PartialEq, Eq)]
        pub struct $name(Arc<str>);

        impl $name {
            /// Wraps the secret text.
            #[must_use]
            pub fn new(secret: impl Into<String>) -> Self {
                Self(Arc::from(secret.into()))
            }

            /// The secret text, for sending it to the broker or encrypting it at rest.
            #[must_use]
            pub fn expose_secret(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("[redacted]")
            }
        }
    };
}

secret_type!(
    /// A short-lived bearer token for API calls (30 minutes at Schwab).
    AccessToken
);
secret_type!(
    /// A long-lived token that buys new access tokens (7 days at Schwab, not extended by use).
    RefreshToken
);
secret_type!(
    /// A one-time code from the broker's login redirect, exchanged for tokens (about 30 s).
    AuthorizationCode
);

/// The tokens a login or refresh yields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenSet {
    /// The bearer token for API calls.
    pub access: AccessToken,
    /// The token to refresh `access` with.
    pub refresh: RefreshToken,
    /// When `access` stops working.
    pub access_expires_at: DateTime<Utc>,
    /// When `refresh` stops working; `None` when this answer does not say (a refresh
    /// that keeps the refresh token's original lifetime): keep the expiry already known.
    pub refresh_expires_at: Option<DateTime<Utc>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_never_shows_the_secret() {
        let set = TokenSet {
            access: AccessToken::new("I0.secret-access@"),
            refresh: RefreshToken::new("secret-refresh@"),
            access_expires_at: DateTime::<Utc>::UNIX_EPOCH,
            refresh_expires_at: None,
        };
        let shown = format!("{set:?} {:?}", AuthorizationCode::new("C0.code@"));
        assert!(!shown.contains("secret"), "{shown}");
        assert!(!shown.contains("code@"), "{shown}");
        assert_eq!(format!("{:?}", set.access), "[redacted]");
        assert_eq!(set.access.expose_secret(), "I0.secret-access@");
    }
}
