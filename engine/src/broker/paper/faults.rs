//! Injected failures for rehearsing bad days: latency, 5xx answers, throttling, lost answers.

use std::collections::{HashMap, VecDeque};

use chrono::{DateTime, Duration, Utc};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::broker::{BrokerError, ConnectivityError};

/// Which failures to inject; all off by default. Rates are probabilities in [0, 1].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FaultConfig {
    /// Delay added before every call.
    pub latency: std::time::Duration,
    /// Share of calls that fail with a 503 before doing anything.
    pub error_rate: f64,
    /// Order writes (place, replace, cancel) allowed per account per rolling minute;
    /// more are answered with `Throttled` and not carried out.
    pub write_limit_per_minute: Option<u32>,
    /// Share of order writes that are carried out but answered with `Timeout`.
    pub timeout_after_accept_rate: f64,
    /// Share of accepted placements and replacements answered without the new order's id.
    pub accepted_without_id_rate: f64,
}

/// How a carried-out write is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteAnswer {
    /// Truthfully.
    Normal,
    /// With a timeout, although the write happened.
    TimedOut,
    /// Without the new order's id.
    WithoutId,
}

/// Decides, deterministically from a seed, which calls fail.
#[derive(Debug)]
pub struct FaultInjector {
    config: FaultConfig,
    rng: StdRng,
    writes: HashMap<usize, VecDeque<DateTime<Utc>>>,
}

impl FaultInjector {
    /// An injector with `config`, drawing from a generator seeded with `seed`.
    #[must_use]
    pub fn new(config: FaultConfig, seed: u64) -> Self {
        Self {
            config,
            rng: StdRng::seed_from_u64(seed),
            writes: HashMap::new(),
        }
    }

    /// The current settings.
    #[must_use]
    pub fn config(&self) -> &FaultConfig {
        &self.config
    }

    /// Replaces the settings (write history is kept).
    pub fn set_config(&mut self, config: FaultConfig) {
        self.config = config;
    }

    /// Whether this call fails outright.
    ///
    /// # Errors
    /// `Connectivity::Server { status: 503 }` at the configured rate.
    pub fn before_call(&mut self) -> Result<(), BrokerError> {
        if self.chance(self.config.error_rate) {
            return Err(ConnectivityError::Server { status: 503 }.into());
        }
        Ok(())
    }

    /// Counts an order write of `account` at `now` against the per-minute limit.
    ///
    /// # Errors
    /// `Connectivity::Throttled` when the account used up its writes in the last minute.
    pub fn before_write(&mut self, account: usize, now: DateTime<Utc>) -> Result<(), BrokerError> {
        let Some(limit) = self.config.write_limit_per_minute else {
            return Ok(());
        };
        let window = self.writes.entry(account).or_default();
        while window
            .front()
            .is_some_and(|t| *t <= now - Duration::minutes(1))
        {
            window.pop_front();
        }
        if window.len() >= usize::try_from(limit).unwrap_or(usize::MAX) {
            return Err(ConnectivityError::Throttled.into());
        }
        window.push_back(now);
        Ok(())
    }

    /// How to answer a write that was carried out.
    pub fn answer_write(&mut self) -> WriteAnswer {
        if self.chance(self.config.timeout_after_accept_rate) {
            WriteAnswer::TimedOut
        } else if self.chance(self.config.accepted_without_id_rate) {
            WriteAnswer::WithoutId
        } else {
            WriteAnswer::Normal
        }
    }

    fn chance(&mut self, rate: f64) -> bool {
        rate > 0.0 && self.rng.r#gen::<f64>() < rate
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn nothing_fails_by_default() {
        let mut faults = FaultInjector::new(FaultConfig::default(), 1);
        for _ in 0..100 {
            assert_eq!(faults.before_call(), Ok(()));
            assert_eq!(faults.answer_write(), WriteAnswer::Normal);
        }
    }

    #[test]
    fn rates_of_one_always_fail() {
        let mut faults = FaultInjector::new(
            FaultConfig {
                error_rate: 1.0,
                timeout_after_accept_rate: 1.0,
                ..FaultConfig::default()
            },
            1,
        );
        assert_eq!(
            faults.before_call(),
            Err(BrokerError::Connectivity(ConnectivityError::Server {
                status: 503
            }))
        );
        assert_eq!(faults.answer_write(), WriteAnswer::TimedOut);
    }

    #[test]
    fn write_limit_is_per_account_per_rolling_minute() -> anyhow::Result<()> {
        let start = Utc
            .with_ymd_and_hms(2024, 10, 14, 15, 0, 0)
            .single()
            .ok_or_else(|| anyhow::anyhow!("fixed test date"))?;
        let mut faults = FaultInjector::new(
            FaultConfig {
                write_limit_per_minute: Some(2),
                ..FaultConfig::default()
            },
            1,
        );
        assert_eq!(faults.before_write(0, start), Ok(()));
        assert_eq!(
            faults.before_write(0, start + Duration::seconds(10)),
            Ok(())
        );
        let throttled = faults.before_write(0, start + Duration::seconds(20));
        assert_eq!(throttled, Err(ConnectivityError::Throttled.into()));
        assert_eq!(
            faults.before_write(1, start + Duration::seconds(20)),
            Ok(())
        );
        assert_eq!(
            faults.before_write(0, start + Duration::seconds(61)),
            Ok(())
        );
        Ok(())
    }

    #[test]
    fn same_seed_same_faults() {
        let config = FaultConfig {
            error_rate: 0.5,
            ..FaultConfig::default()
        };
        let mut a = FaultInjector::new(config.clone(), 9);
        let mut b = FaultInjector::new(config, 9);
        let run_a: Vec<bool> = (0..64).map(|_| a.before_call().is_ok()).collect();
        let run_b: Vec<bool> = (0..64).map(|_| b.before_call().is_ok()).collect();
        assert_eq!(run_a, run_b);
        assert!(run_a.contains(&true) && run_a.contains(&false));
    }
}
