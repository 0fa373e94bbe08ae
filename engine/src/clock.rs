//! Where "now" comes from: the system clock in production, a hand-moved clock in tests.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use chrono::{DateTime, Duration, Utc};

/// A source of the current time.
pub trait Clock: Send + Sync {
    /// The current instant.
    fn now(&self) -> DateTime<Utc>;
}

/// The operating system's clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that only moves when told to. Clones share the same time.
#[derive(Debug, Clone)]
pub struct ManualClock {
    now: Arc<Mutex<DateTime<Utc>>>,
}

impl ManualClock {
    /// A clock standing at `start`.
    #[must_use]
    pub fn new(start: DateTime<Utc>) -> Self {
        Self {
            now: Arc::new(Mutex::new(start)),
        }
    }

    /// Moves the clock to `instant` (backwards too, if asked).
    pub fn set(&self, instant: DateTime<Utc>) {
        *self.guard() = instant;
    }

    /// Moves the clock forward by `step`.
    pub fn advance(&self, step: Duration) {
        let mut now = self.guard();
        *now += step;
    }

    fn guard(&self) -> MutexGuard<'_, DateTime<Utc>> {
        // The guarded value is a plain timestamp that is never left half-written,
        // so a panic elsewhere while holding the lock cannot corrupt it.
        self.now.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        *self.guard()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn manual_clock_moves_only_when_told_and_clones_share_time() -> anyhow::Result<()> {
        let start = Utc
            .with_ymd_and_hms(2024, 10, 14, 14, 30, 0)
            .single()
            .ok_or_else(|| anyhow::anyhow!("fixed test date"))?;
        let clock = ManualClock::new(start);
        let shared = clock.clone();
        assert_eq!(clock.now(), start);
        shared.advance(Duration::seconds(90));
        assert_eq!(clock.now(), start + Duration::seconds(90));
        clock.set(start);
        assert_eq!(shared.now(), start);
        Ok(())
    }

    #[test]
    fn system_clock_is_close_to_utc_now() {
        let before = Utc::now();
        let seen = SystemClock.now();
        assert!(seen >= before);
        assert!(seen - before < Duration::seconds(5));
    }
}
