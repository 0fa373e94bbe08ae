//! The health of an account's link to its brokerage, as operators see it.

use serde::Serialize;

/// Where an account's brokerage link stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status", content = "detail", rename_all = "snake_case")]
pub enum LinkStatus {
    /// Tokens are valid and the last call worked.
    Connected,
    /// The account was never authorized at the brokerage.
    AuthorizationNeeded,
    /// The refresh token died or expired: only a new browser login helps.
    ReauthorizationNeeded,
    /// Not linked: the last login could not be linked to this account, for the reason given (its
    /// tokens were let go). Answered as `authorization_needed`, the reason in the text.
    LinkRefused(String),
    /// The brokerage or a local budget is throttling this account's calls.
    Throttled,
    /// The last call failed; the text says why.
    Error(String),
}

impl LinkStatus {
    /// The stable slug (`connected`, `authorization_needed`, ...).
    #[must_use]
    pub fn slug(&self) -> &'static str {
        match self {
            Self::Connected => "connected",
            Self::AuthorizationNeeded | Self::LinkRefused(_) => "authorization_needed",
            Self::ReauthorizationNeeded => "reauthorization_needed",
            Self::Throttled => "throttled",
            Self::Error(_) => "error",
        }
    }

    /// A short text for people.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Self::Connected => "Connected".into(),
            Self::AuthorizationNeeded => "Authorization needed".into(),
            Self::ReauthorizationNeeded => "Re-authorization needed".into(),
            Self::LinkRefused(reason) => format!("Authorization needed: {reason}"),
            Self::Throttled => "Throttled".into(),
            Self::Error(detail) => format!("Error: {detail}"),
        }
    }

    /// Whether orders can be sent through this account now.
    #[must_use]
    pub fn is_usable(&self) -> bool {
        matches!(self, Self::Connected | Self::Throttled | Self::Error(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_texts_and_usability() {
        assert_eq!(LinkStatus::Connected.slug(), "connected");
        assert_eq!(
            LinkStatus::ReauthorizationNeeded.text(),
            "Re-authorization needed"
        );
        assert_eq!(
            LinkStatus::Error("the brokerage failed with status 503".into()).text(),
            "Error: the brokerage failed with status 503"
        );
        assert!(LinkStatus::Throttled.is_usable());
        assert!(!LinkStatus::AuthorizationNeeded.is_usable());
        assert!(!LinkStatus::ReauthorizationNeeded.is_usable());
        let refused = LinkStatus::LinkRefused("Account \u{2026}1234 is already linked".into());
        assert_eq!(refused.slug(), "authorization_needed");
        assert_eq!(
            refused.text(),
            "Authorization needed: Account \u{2026}1234 is already linked"
        );
        assert!(!refused.is_usable());
    }
}
