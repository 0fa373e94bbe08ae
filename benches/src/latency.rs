//! Latency summaries: count, median, 99th percentile and extremes of measured durations.

use std::fmt;
use std::time::Duration;

/// A summary of many measured durations (nearest-rank percentiles).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// How many durations were measured.
    pub count: usize,
    /// The shortest.
    pub min: Duration,
    /// The 50th percentile.
    pub median: Duration,
    /// The 99th percentile.
    pub p99: Duration,
    /// The longest.
    pub max: Duration,
}

impl Summary {
    /// Summarises `samples`; `None` when there are none.
    #[must_use]
    pub fn of(samples: &[Duration]) -> Option<Self> {
        let mut sorted = samples.to_vec();
        sorted.sort_unstable();
        let (&min, &max) = (sorted.first()?, sorted.last()?);
        Some(Self {
            count: sorted.len(),
            min,
            median: percentile(&sorted, 50)?,
            p99: percentile(&sorted, 99)?,
            max,
        })
    }
}

/// The nearest-rank `pct`th percentile of sorted samples (`pct` in 1..=100).
#[must_use]
pub fn percentile(sorted: &[Duration], pct: usize) -> Option<Duration> {
    if sorted.is_empty() || !(1..=100).contains(&pct) {
        return None;
    }
    let rank = (pct * sorted.len()).div_ceil(100);
    sorted.get(rank.saturating_sub(1)).copied()
}

/// Milliseconds with two decimals, for tables.
#[must_use]
pub fn millis(duration: Duration) -> String {
    format!("{:.2}", duration.as_secs_f64() * 1000.0)
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "n={} min={} ms median={} ms p99={} ms max={} ms",
            self.count,
            millis(self.min),
            millis(self.median),
            millis(self.p99),
            millis(self.max)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(values: &[u64]) -> Vec<Duration> {
        values.iter().map(|v| Duration::from_millis(*v)).collect()
    }

    #[test]
    fn percentiles_use_the_nearest_rank() {
        let samples: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        assert_eq!(percentile(&samples, 50), Some(Duration::from_millis(50)));
        assert_eq!(percentile(&samples, 99), Some(Duration::from_millis(99)));
        assert_eq!(percentile(&samples, 100), Some(Duration::from_millis(100)));
        assert_eq!(percentile(&samples, 0), None);
        assert_eq!(percentile(&[], 50), None);
    }

    #[test]
    fn a_summary_sorts_its_samples_first() {
        let summary = Summary::of(&ms(&[9, 1, 5, 3, 7])).expect("five samples");
        assert_eq!(
            summary,
            Summary {
                count: 5,
                min: Duration::from_millis(1),
                median: Duration::from_millis(5),
                p99: Duration::from_millis(9),
                max: Duration::from_millis(9),
            }
        );
        assert_eq!(
            summary.to_string(),
            "n=5 min=1.00 ms median=5.00 ms p99=9.00 ms max=9.00 ms"
        );
        assert_eq!(Summary::of(&[]), None);
    }
}
