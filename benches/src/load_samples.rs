//! What a load driver records while it runs: every poll and fan-out with when it ended, and the
//! server's CPU and memory at intervals; summaries per minute and over the whole run.

use std::time::Duration;

use crate::latency::{Summary, percentile};

/// One answered (or failed) call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    /// When it ended, from the start of the load.
    pub at: Duration,
    /// How long it took.
    pub took: Duration,
    /// Whether it answered as expected (200 or 304 for polls, 200 for fan-outs).
    pub ok: bool,
}

/// The server's resources at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resources {
    /// From the start of the load.
    pub at: Duration,
    /// CPU time the server has used since it started.
    pub cpu: Duration,
    /// Its resident memory, in bytes.
    pub rss: u64,
}

/// The figures of one minute of the load.
#[derive(Debug, Clone, PartialEq)]
pub struct Minute {
    /// 1 for the first minute.
    pub number: u64,
    /// Polls that ended in it.
    pub polls: usize,
    /// Calls (polls and fan-outs) that failed in it.
    pub errors: usize,
    /// 99th percentile of its polls.
    pub poll_p99: Option<Duration>,
    /// 99th percentile of its fan-outs.
    pub fan_out_p99: Option<Duration>,
    /// Resident memory at its end (the last reading in it).
    pub rss: Option<u64>,
    /// Server CPU used in it, as a share of one core.
    pub cpu_share: Option<f64>,
}

/// The samples and readings of a run.
#[derive(Debug, Clone, Default)]
pub struct LoadRecord {
    /// Every poll.
    pub polls: Vec<Sample>,
    /// Every fan-out (places and cancels).
    pub fan_outs: Vec<Sample>,
    /// When each place that answered 200 ended (each adds a session of one row per account).
    pub placed: Vec<Duration>,
    /// The server's resources, oldest first.
    pub resources: Vec<Resources>,
}

fn p99(samples: impl Iterator<Item = Duration>) -> Option<Duration> {
    let mut sorted: Vec<Duration> = samples.collect();
    sorted.sort_unstable();
    percentile(&sorted, 99)
}

impl LoadRecord {
    /// Latency summary of the polls that answered as expected.
    #[must_use]
    pub fn poll_summary(&self) -> Option<Summary> {
        Summary::of(
            &self
                .polls
                .iter()
                .filter(|s| s.ok)
                .map(|s| s.took)
                .collect::<Vec<_>>(),
        )
    }

    /// Latency summary of the fan-outs that answered as expected.
    #[must_use]
    pub fn fan_out_summary(&self) -> Option<Summary> {
        Summary::of(
            &self
                .fan_outs
                .iter()
                .filter(|s| s.ok)
                .map(|s| s.took)
                .collect::<Vec<_>>(),
        )
    }

    /// Calls that failed.
    #[must_use]
    pub fn errors(&self) -> usize {
        self.polls
            .iter()
            .chain(&self.fan_outs)
            .filter(|s| !s.ok)
            .count()
    }

    /// The figures of each whole or started minute, up to `length`.
    #[must_use]
    pub fn minutes(&self, length: Duration) -> Vec<Minute> {
        let count = length.as_secs().div_ceil(60).max(1);
        (0..count)
            .map(|m| {
                let from = Duration::from_secs(m * 60);
                let to = Duration::from_secs((m + 1) * 60);
                let within = |s: &&Sample| s.at >= from && s.at < to;
                let polls: Vec<&Sample> = self.polls.iter().filter(within).collect();
                let fan_outs: Vec<&Sample> = self.fan_outs.iter().filter(within).collect();
                let readings: Vec<&Resources> = self
                    .resources
                    .iter()
                    .filter(|r| r.at >= from && r.at <= to)
                    .collect();
                // The reading at or before the minute's start, else the minute's first one.
                let before = self
                    .resources
                    .iter()
                    .rev()
                    .find(|r| r.at <= from)
                    .or_else(|| readings.first().copied());
                let cpu_share = match (before, readings.last()) {
                    (Some(a), Some(b)) if b.at > a.at => Some(
                        b.cpu.saturating_sub(a.cpu).as_secs_f64() / (b.at - a.at).as_secs_f64(),
                    ),
                    _ => None,
                };
                Minute {
                    number: m + 1,
                    polls: polls.len(),
                    errors: polls.iter().chain(&fan_outs).filter(|s| !s.ok).count(),
                    poll_p99: p99(polls.iter().filter(|s| s.ok).map(|s| s.took)),
                    fan_out_p99: p99(fan_outs.iter().filter(|s| s.ok).map(|s| s.took)),
                    rss: readings.last().map(|r| r.rss),
                    cpu_share,
                }
            })
            .collect()
    }

    /// Server CPU over the whole record as a share of one core.
    #[must_use]
    pub fn cpu_share(&self) -> Option<f64> {
        let (first, last) = (self.resources.first()?, self.resources.last()?);
        (last.at > first.at).then(|| {
            last.cpu.saturating_sub(first.cpu).as_secs_f64() / (last.at - first.at).as_secs_f64()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(at_s: u64, took_ms: u64, ok: bool) -> Sample {
        Sample {
            at: Duration::from_secs(at_s),
            took: Duration::from_millis(took_ms),
            ok,
        }
    }

    #[test]
    fn minutes_split_samples_and_readings_by_when_they_ended() {
        let record = LoadRecord {
            polls: vec![
                sample(1, 2, true),
                sample(59, 4, true),
                sample(61, 9, true),
                sample(62, 1, false),
            ],
            fan_outs: vec![sample(30, 40, true), sample(90, 80, false)],
            placed: vec![Duration::from_secs(30)],
            resources: vec![
                Resources {
                    at: Duration::ZERO,
                    cpu: Duration::ZERO,
                    rss: 100,
                },
                Resources {
                    at: Duration::from_secs(60),
                    cpu: Duration::from_secs(30),
                    rss: 120,
                },
                Resources {
                    at: Duration::from_secs(120),
                    cpu: Duration::from_secs(36),
                    rss: 121,
                },
            ],
        };
        let minutes = record.minutes(Duration::from_secs(120));
        assert_eq!(minutes.len(), 2);
        assert_eq!(minutes[0].polls, 2);
        assert_eq!(minutes[0].errors, 0);
        assert_eq!(minutes[0].poll_p99, Some(Duration::from_millis(4)));
        assert_eq!(minutes[0].fan_out_p99, Some(Duration::from_millis(40)));
        assert_eq!(minutes[0].rss, Some(120));
        assert_eq!(minutes[0].cpu_share, Some(0.5));
        assert_eq!(minutes[1].polls, 2);
        assert_eq!(minutes[1].errors, 2);
        assert_eq!(minutes[1].poll_p99, Some(Duration::from_millis(9)));
        assert_eq!(minutes[1].fan_out_p99, None);
        assert_eq!(minutes[1].rss, Some(121));
        assert_eq!(minutes[1].cpu_share, Some(0.1));
        assert_eq!(record.errors(), 2);
        assert_eq!(record.cpu_share(), Some(0.3));
        assert_eq!(record.poll_summary().map(|s| s.count), Some(3));
        assert_eq!(record.fan_out_summary().map(|s| s.count), Some(1));
    }
}
