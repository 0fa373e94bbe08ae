//! An account's order stream as operators see it: its phase, why it is not connected, its last event.

use chrono::{DateTime, Utc};

/// Where an account's order stream stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StreamPhase {
    /// No stream: not started, the account is not authorized, or it was unlinked.
    #[default]
    Off,
    /// Opening for the first time.
    Connecting,
    /// Open and subscribed: the account's orders are followed by their events.
    Connected,
    /// Lost, and being opened again after a pause.
    Reconnecting,
    /// Cannot be opened until something changes (the login died).
    Failed,
    /// The brokerage pushes no events; the account is polled.
    Unsupported,
}

impl StreamPhase {
    /// The word operators see.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Off => "off",
            Self::Connecting => "connecting",
            Self::Connected => "connected",
            Self::Reconnecting => "reconnecting",
            Self::Failed => "failed",
            Self::Unsupported => "unsupported",
        }
    }

    /// Every phase, for metrics that report each one.
    pub const ALL: [Self; 6] = [
        Self::Off,
        Self::Connecting,
        Self::Connected,
        Self::Reconnecting,
        Self::Failed,
        Self::Unsupported,
    ];
}

/// An account's order stream.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StreamStatus {
    /// Where it stands.
    pub phase: StreamPhase,
    /// Why it is not connected (the last failure), when it is not.
    pub reason: Option<String>,
    /// When it entered its phase.
    pub since: Option<DateTime<Utc>>,
    /// When its last order event arrived.
    pub last_event: Option<DateTime<Utc>>,
    /// Order events received since start.
    pub events: u64,
    /// Listings read to catch up after a connect, a reconnect or a gap.
    pub catch_ups: u64,
    /// Times the stream was opened again after it was lost.
    pub reconnects: u64,
}

impl StreamStatus {
    /// Whether events can be relied on, so routine polls can be rare.
    #[must_use]
    pub fn is_healthy(&self) -> bool {
        self.phase == StreamPhase::Connected
    }

    /// Moves to `phase` at `at` with `reason` (kept only outside [`StreamPhase::Connected`]).
    pub fn enter(&mut self, phase: StreamPhase, at: DateTime<Utc>, reason: Option<String>) {
        if phase == StreamPhase::Reconnecting && self.phase != StreamPhase::Reconnecting {
            self.reconnects += 1;
        }
        if self.phase != phase {
            self.since = Some(at);
        }
        self.phase = phase;
        self.reason = if phase == StreamPhase::Connected {
            None
        } else {
            reason
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connected_stream_forgets_its_failure_and_reconnects_are_counted_once_each() {
        let at = DateTime::<Utc>::UNIX_EPOCH;
        let mut status = StreamStatus::default();
        assert!(!status.is_healthy());
        status.enter(StreamPhase::Connecting, at, None);
        status.enter(StreamPhase::Connected, at, Some("ignored".into()));
        assert!(status.is_healthy());
        assert_eq!(status.reason, None);
        status.enter(StreamPhase::Reconnecting, at, Some("dropped".into()));
        status.enter(StreamPhase::Reconnecting, at, Some("refused".into()));
        assert_eq!(
            (
                status.phase.as_str(),
                status.reason.as_deref(),
                status.reconnects
            ),
            ("reconnecting", Some("refused"), 1)
        );
    }
}
