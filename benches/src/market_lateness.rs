//! The market's lateness over a series of runs: how far past its one-way delays schwab-fake carried
//! the calls in and the answers back, because its workers were busy on the cores it shares with
//! copydesk. A driver notes it beside its wall times, so a reader can tell the market's own queueing
//! from copydesk's time.

use std::time::Duration;

use fixtures::fake::{Lateness, LatenessSummary};

use crate::figures::Figures;
use crate::latency::{Summary, millis};

/// One run's lateness as a line: each way's median and largest.
#[must_use]
pub fn describe(lateness: &Lateness) -> String {
    let way = |summary: Option<LatenessSummary>| {
        summary.map_or("-".to_owned(), |s| {
            format!("median {} ms, max {} ms", millis(s.median), millis(s.max))
        })
    };
    format!(
        "way in {}; way back {}",
        way(lateness.way_in),
        way(lateness.way_back)
    )
}

/// Picks one way's summary out of a run's lateness.
type OneWay = fn(&Lateness) -> Option<LatenessSummary>;

/// The lateness of each run of a series (runs with no delayed call are left out).
#[derive(Debug, Clone, Default)]
pub struct LatenessSeries {
    runs: Vec<Lateness>,
}

impl LatenessSeries {
    /// Adds one run's lateness; answers whether it counted any delayed call (a run without latency
    /// has nothing to be late past and is left out).
    pub fn push(&mut self, lateness: Lateness) -> bool {
        let counted = lateness != Lateness::default();
        if counted {
            self.runs.push(lateness);
        }
        counted
    }

    /// The median over the runs of `figure` of one way's lateness (`None` when no run counted any).
    fn median(
        &self,
        way: impl Fn(&Lateness) -> Option<LatenessSummary>,
        figure: impl Fn(&LatenessSummary) -> Duration,
    ) -> Option<Duration> {
        let values: Vec<Duration> = self
            .runs
            .iter()
            .filter_map(|lateness| way(lateness).map(|summary| figure(&summary)))
            .collect();
        Summary::of(&values).map(|s| s.median)
    }

    /// Notes both ways' median and largest lateness (each the median over the runs) as two rows
    /// beginning with `what`; notes nothing for a series with no delayed call.
    pub fn note(&self, figures: &mut Figures, what: &str) {
        let ways: [(&str, OneWay); 2] = [("way in", |l| l.way_in), ("way back", |l| l.way_back)];
        for (label, way) in ways {
            if let (Some(median), Some(max)) =
                (self.median(way, |s| s.median), self.median(way, |s| s.max))
            {
                figures.note(
                    &format!(
                        "{what}: market late past its one-way delay (waiting for its workers), {label} median / max"
                    ),
                    format!("{} ms / {} ms", millis(median), millis(max)),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(median_us: u64, max_us: u64) -> LatenessSummary {
        LatenessSummary {
            calls: 10,
            median: Duration::from_micros(median_us),
            max: Duration::from_micros(max_us),
        }
    }

    #[test]
    fn a_run_reads_as_each_ways_median_and_max() {
        let lateness = Lateness {
            way_in: Some(summary(1_500, 4_250)),
            way_back: None,
        };
        assert_eq!(
            describe(&lateness),
            "way in median 1.50 ms, max 4.25 ms; way back -"
        );
    }

    #[test]
    fn the_series_notes_the_median_over_its_runs_and_leaves_out_runs_without_delays() {
        let mut series = LatenessSeries::default();
        assert!(!series.push(Lateness::default()));
        for (median, max) in [(1_000, 3_000), (2_000, 9_000), (4_000, 5_000)] {
            assert!(series.push(Lateness {
                way_in: Some(summary(median, max)),
                way_back: Some(summary(500, 2_000)),
            }));
        }
        let mut figures = Figures::new("fan-out", "test".to_owned());
        series.note(&mut figures, "warm fan-out");
        let rows: Vec<(String, String)> = figures
            .rows
            .iter()
            .map(|row| (row.figure.clone(), row.measured.clone()))
            .collect();
        assert_eq!(
            rows,
            vec![
                (
                    "warm fan-out: market late past its one-way delay (waiting for its workers), way in median / max".to_owned(),
                    "2.00 ms / 5.00 ms".to_owned()
                ),
                (
                    "warm fan-out: market late past its one-way delay (waiting for its workers), way back median / max".to_owned(),
                    "0.50 ms / 2.00 ms".to_owned()
                ),
            ]
        );
    }

    #[test]
    fn a_series_without_delayed_calls_notes_nothing() {
        let mut figures = Figures::new("fan-out", "test".to_owned());
        LatenessSeries::default().note(&mut figures, "warm fan-out");
        assert!(figures.rows.is_empty());
    }
}
