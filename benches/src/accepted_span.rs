//! When the market accepted one fan-out's orders: its first and its last, each counted from the start
//! of the call (from the paper market's entry times), and the send skew between them.

use std::time::Duration;

use chrono::{DateTime, Utc};

/// When the market accepted a run's orders, counted from the start of the call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AcceptedSpan {
    /// The first order accepted.
    pub first: Duration,
    /// The last order accepted.
    pub last: Duration,
}

impl AcceptedSpan {
    /// The span of `entry_times` counted from `start` (`None` when no order was accepted); a time
    /// before `start` counts as at it.
    #[must_use]
    pub fn of(entry_times: &[DateTime<Utc>], start: DateTime<Utc>) -> Option<Self> {
        let since_start = |at: &DateTime<Utc>| (*at - start).to_std().unwrap_or_default();
        Some(Self {
            first: since_start(entry_times.iter().min()?),
            last: since_start(entry_times.iter().max()?),
        })
    }

    /// The send skew: from the first order accepted to the last.
    #[must_use]
    pub fn skew(&self) -> Duration {
        self.last.saturating_sub(self.first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_span_runs_from_the_earliest_to_the_latest_entry_whatever_their_order() {
        let start = DateTime::<Utc>::UNIX_EPOCH;
        let at = |millis: i64| start + chrono::Duration::milliseconds(millis);
        let span = AcceptedSpan::of(&[at(44), at(27), at(31)], start).expect("three entries");
        assert_eq!(
            span,
            AcceptedSpan {
                first: Duration::from_millis(27),
                last: Duration::from_millis(44),
            }
        );
        assert_eq!(span.skew(), Duration::from_millis(17));
    }

    #[test]
    fn no_entry_is_no_span() {
        assert_eq!(AcceptedSpan::of(&[], DateTime::<Utc>::UNIX_EPOCH), None);
    }
}
