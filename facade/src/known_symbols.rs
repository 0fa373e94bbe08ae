//! The stock symbols the brokerage quoted lately, so that a place checks an unknown symbol once.
//!
//! A stock place names one symbol for every account; a symbol the brokerage does not know would come
//! back as one refused row per account. The place asks the brokerage for a quote of a symbol it has
//! not seen quoted lately and refuses it whole when the brokerage answers it does not know it. The
//! dialog reads a quote before it places, so the check is normally answered from here at no cost.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use chrono::{DateTime, TimeDelta, Utc};
use engine::clock::Clock;

/// How long a quoted symbol counts as known without asking again.
pub const KNOWN_FOR: TimeDelta = TimeDelta::hours(12);

/// How many symbols are remembered; past this the oldest half is dropped.
const MAX_SYMBOLS: usize = 10_000;

/// Symbols with the time the brokerage last quoted each.
pub struct KnownSymbols {
    clock: Arc<dyn Clock>,
    quoted: Mutex<HashMap<String, DateTime<Utc>>>,
}

impl KnownSymbols {
    /// An empty set on `clock`.
    #[must_use]
    pub fn new(clock: Arc<dyn Clock>) -> Self {
        Self {
            clock,
            quoted: Mutex::new(HashMap::new()),
        }
    }

    /// Records that the brokerage quoted `symbol` now.
    pub fn quoted(&self, symbol: &str) {
        let now = self.clock.now();
        let mut quoted = self.lock();
        if quoted.len() >= MAX_SYMBOLS && !quoted.contains_key(symbol) {
            let mut times: Vec<DateTime<Utc>> = quoted.values().copied().collect();
            times.sort_unstable();
            let cut = times[times.len() / 2];
            quoted.retain(|_, at| *at > cut);
        }
        quoted.insert(symbol.to_owned(), now);
    }

    /// Whether the brokerage quoted `symbol` within [`KNOWN_FOR`].
    #[must_use]
    pub fn is_known(&self, symbol: &str) -> bool {
        let now = self.clock.now();
        self.lock()
            .get(symbol)
            .is_some_and(|at| now - *at < KNOWN_FOR)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, DateTime<Utc>>> {
        // Every change is one insert or one retain: the map is whole after a panic elsewhere.
        self.quoted.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed(Mutex<DateTime<Utc>>);

    impl Clock for Fixed {
        fn now(&self) -> DateTime<Utc> {
            *self.0.lock().unwrap_or_else(PoisonError::into_inner)
        }
    }

    #[test]
    fn a_symbol_is_known_for_twelve_hours_after_its_quote() {
        let start = DateTime::<Utc>::UNIX_EPOCH;
        let clock = Arc::new(Fixed(Mutex::new(start)));
        let known = KnownSymbols::new(clock.clone());
        assert!(!known.is_known("AAPL"));
        known.quoted("AAPL");
        assert!(known.is_known("AAPL"));
        assert!(!known.is_known("ZZZZ"));
        *clock.0.lock().unwrap_or_else(PoisonError::into_inner) =
            start + KNOWN_FOR - TimeDelta::seconds(1);
        assert!(known.is_known("AAPL"));
        *clock.0.lock().unwrap_or_else(PoisonError::into_inner) = start + KNOWN_FOR;
        assert!(!known.is_known("AAPL"));
    }

    #[test]
    fn a_full_set_drops_its_older_half() {
        let start = DateTime::<Utc>::UNIX_EPOCH;
        let clock = Arc::new(Fixed(Mutex::new(start)));
        let known = KnownSymbols::new(clock.clone());
        for i in 0..MAX_SYMBOLS {
            *clock.0.lock().unwrap_or_else(PoisonError::into_inner) =
                start + TimeDelta::seconds(i64::try_from(i).unwrap_or(0));
            known.quoted(&format!("S{i}"));
        }
        known.quoted("NEW");
        assert!(known.is_known("NEW"));
        assert!(!known.is_known("S0"));
        assert!(known.is_known(&format!("S{}", MAX_SYMBOLS - 1)));
        assert!(known.lock().len() <= MAX_SYMBOLS / 2 + 1);
    }
}
