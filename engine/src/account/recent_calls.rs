//! The times of the calls made in the last 60 seconds: the hard cap of a budget and the usage operators see.

use std::collections::VecDeque;
use std::time::Duration;

use chrono::{DateTime, Utc};

/// The window every limit and usage figure is counted over.
pub const WINDOW: Duration = Duration::from_secs(60);

/// When each call of the last [`WINDOW`] was made, oldest first.
#[derive(Debug, Default, Clone)]
pub struct RecentCalls {
    times: VecDeque<DateTime<Utc>>,
}

impl RecentCalls {
    /// Drops the calls that left the window by `now`, then says how many remain.
    pub fn count(&mut self, now: DateTime<Utc>) -> usize {
        let window = chrono::Duration::from_std(WINDOW).unwrap_or(chrono::Duration::MAX);
        while self.times.front().is_some_and(|&t| now - t >= window) {
            self.times.pop_front();
        }
        self.times.len()
    }

    /// How many of the calls in the window were made less than `within` before `now` (the newest
    /// are at the back, so only those are looked at).
    #[must_use]
    pub fn count_within(&self, now: DateTime<Utc>, within: Duration) -> usize {
        let within = chrono::Duration::from_std(within).unwrap_or(chrono::Duration::MAX);
        self.times
            .iter()
            .rev()
            .take_while(|&&t| now - t < within)
            .count()
    }

    /// Records `calls` calls made at `now`.
    pub fn record(&mut self, now: DateTime<Utc>, calls: u32) {
        self.times.extend(std::iter::repeat_n(now, calls as usize));
    }

    /// When the oldest call in the window leaves it (`None` when the window is empty).
    #[must_use]
    pub fn oldest_leaves_at(&self) -> Option<DateTime<Utc>> {
        self.leaves_at(0)
    }

    /// When the call `index` places from the oldest (0 is the oldest) leaves the window; `None` when
    /// the window holds no such call.
    #[must_use]
    pub fn leaves_at(&self, index: usize) -> Option<DateTime<Utc>> {
        self.times
            .get(index)
            .map(|&at| at + chrono::Duration::from_std(WINDOW).unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_leave_the_window_after_60_seconds() {
        let start = DateTime::<Utc>::UNIX_EPOCH;
        let mut calls = RecentCalls::default();
        calls.record(start, 2);
        calls.record(start + chrono::Duration::seconds(30), 1);
        assert_eq!(calls.count(start + chrono::Duration::seconds(59)), 3);
        let later = start + chrono::Duration::seconds(34);
        assert_eq!(calls.count_within(later, Duration::from_secs(5)), 1);
        assert_eq!(calls.count_within(later, Duration::from_secs(4)), 0);
        assert_eq!(calls.count_within(later, Duration::from_secs(35)), 3);
        assert_eq!(
            calls.leaves_at(2),
            Some(start + chrono::Duration::seconds(90))
        );
        assert_eq!(calls.leaves_at(3), None);
        assert_eq!(
            calls.oldest_leaves_at(),
            Some(start + chrono::Duration::seconds(60))
        );
        assert_eq!(calls.count(start + chrono::Duration::seconds(60)), 1);
        assert_eq!(calls.count(start + chrono::Duration::seconds(90)), 0);
        assert_eq!(calls.oldest_leaves_at(), None);
    }
}
