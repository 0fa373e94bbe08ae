//! What can go wrong in a brokerage call: the line failed, the broker said no, or the login died.

/// Why a call did not get a usable answer. Retrying may help.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConnectivityError {
    /// No answer arrived in time. A write may still have taken effect.
    #[error("the brokerage did not answer in time")]
    Timeout,
    /// The brokerage failed on its side (HTTP 5xx). A write may still have taken effect.
    #[error("the brokerage failed with status {status}")]
    Server {
        /// The HTTP status (500-599).
        status: u16,
    },
    /// Too many calls (HTTP 429): the call was not carried out.
    #[error("the brokerage is throttling calls")]
    Throttled,
    /// An answer arrived but could not be read. A write may still have taken effect.
    #[error("the brokerage's answer could not be read: {detail}")]
    Unreadable {
        /// What was wrong with it (never contains credentials).
        detail: String,
    },
    /// The connection failed. A write may still have taken effect.
    #[error("the brokerage could not be reached: {detail}")]
    Network {
        /// What failed (never contains credentials).
        detail: String,
    },
}

/// The error of every [`Brokerage`](super::Brokerage) call.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BrokerError {
    /// The call did not get through or got no usable answer; retry may help.
    #[error(transparent)]
    Connectivity(#[from] ConnectivityError),
    /// The broker refused the request: a bad order, insufficient buying power, an unknown
    /// symbol, an order that does not exist or can no longer change. Retrying won't help.
    #[error("{message}")]
    Rejected {
        /// The broker's reason, fit to show to people.
        message: String,
    },
    /// The access token was refused (expired or revoked): refresh it, then retry.
    #[error("the access token has expired")]
    TokenExpired,
    /// The refresh token is dead: only a new browser login helps.
    #[error("the brokerage login has expired; authorize the account again")]
    ReauthorizationNeeded,
}

impl BrokerError {
    /// A rejection with `message`.
    #[must_use]
    pub fn rejected(message: impl Into<String>) -> Self {
        Self::Rejected {
            message: message.into(),
        }
    }

    /// Whether repeating the same call later may succeed (connectivity failures only).
    #[must_use]
    pub fn is_retryable(&self) -> bool {
        matches!(self, Self::Connectivity(_))
    }

    /// Whether the broker throttled the call (it was not carried out).
    #[must_use]
    pub fn is_throttled(&self) -> bool {
        matches!(self, Self::Connectivity(ConnectivityError::Throttled))
    }

    /// Whether an order write that failed this way may nonetheless have been carried out
    /// (timeouts, 5xx, unreadable answers and broken connections), so that resending it
    /// blind could duplicate the order.
    #[must_use]
    pub fn write_may_have_happened(&self) -> bool {
        matches!(self, Self::Connectivity(kind) if *kind != ConnectivityError::Throttled)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_and_retry_rules() {
        let timeout = BrokerError::from(ConnectivityError::Timeout);
        let throttled = BrokerError::from(ConnectivityError::Throttled);
        let server = BrokerError::from(ConnectivityError::Server { status: 503 });
        let rejected = BrokerError::rejected("Order rejected: insufficient buying power");

        assert!(timeout.is_retryable() && timeout.write_may_have_happened());
        assert!(server.is_retryable() && server.write_may_have_happened());
        assert!(throttled.is_retryable() && throttled.is_throttled());
        assert!(!throttled.write_may_have_happened());
        assert!(!rejected.is_retryable() && !rejected.write_may_have_happened());
        assert!(!BrokerError::TokenExpired.is_retryable());
        assert!(!BrokerError::ReauthorizationNeeded.is_retryable());
    }

    #[test]
    fn messages_are_for_people() {
        assert_eq!(
            BrokerError::from(ConnectivityError::Server { status: 502 }).to_string(),
            "the brokerage failed with status 502"
        );
        assert_eq!(
            BrokerError::rejected("Order rejected: insufficient buying power").to_string(),
            "Order rejected: insufficient buying power"
        );
        assert_eq!(
            BrokerError::ReauthorizationNeeded.to_string(),
            "the brokerage login has expired; authorize the account again"
        );
    }
}
