//! A per-minute budget of brokerage calls: governor paces them, a sliding window makes the limit hard.
//!
//! Schwab counts order writes per account and reads per application per minute. A token bucket alone
//! can let almost twice its rate through in one minute (a full bucket plus a minute of refill), so every
//! budget also keeps the times of its recent calls and refuses a call that would make any 60-second
//! window hold more than the limit.
//!
//! The app's read budget is also shared ([`ReadShares`]): a call says who it is for ([`ReadClass`]);
//! only a person's reads may use the reserve kept for them, and background reads are capped at their
//! share of the minute, counted in a window of their own.

use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use governor::clock::Clock as GovernorClock;
use governor::middleware::NoOpMiddleware;
use governor::nanos::Nanos;
use governor::state::{InMemoryState, NotKeyed};
use governor::{Quota, RateLimiter};

use super::read_shares::{ReadClass, ReadShares};
use super::recent_calls::{RecentCalls, WINDOW};
use crate::clock::Clock;

/// The engine's clock seen through governor's clock interface.
#[derive(Clone)]
pub struct GovernorTime(Arc<dyn Clock>);

impl GovernorClock for GovernorTime {
    type Instant = Nanos;

    fn now(&self) -> Nanos {
        let now = self.0.now();
        let nanos = now.timestamp_nanos_opt().unwrap_or(0).max(0);
        Nanos::from(u64::try_from(nanos).unwrap_or(0))
    }
}

type Limiter = RateLimiter<NotKeyed, InMemoryState, GovernorTime, NoOpMiddleware<Nanos>>;

struct Inner {
    per_minute: u32,
    limiter: Limiter,
    recent: RecentCalls,
    shares: ReadShares,
    /// The background calls of the last minute (also counted in `recent`).
    background: RecentCalls,
}

impl Inner {
    /// Whether `calls` calls of `class` fit the window now: the minute stays within the class's
    /// ceiling and, for background calls, within the background share.
    fn fits(&mut self, now: chrono::DateTime<chrono::Utc>, calls: u32, class: ReadClass) -> bool {
        let ceiling = self.shares.ceiling(class, self.per_minute) as usize;
        if self.recent.count(now) + calls as usize > ceiling {
            return false;
        }
        class != ReadClass::Background
            || self.background.count(now) + calls as usize
                <= self.shares.background_cap(self.per_minute) as usize
    }
}

/// How long until `calls` of the window's calls have left it, when the window holds more than
/// `room` (so that a call fits under `room` again); `None` when it fits now or holds too few.
fn until_under(
    window: &mut RecentCalls,
    now: chrono::DateTime<chrono::Utc>,
    room: u32,
) -> Option<chrono::DateTime<chrono::Utc>> {
    let held = window.count(now);
    if held < room as usize {
        return None;
    }
    window.leaves_at(held - room as usize)
}

/// A budget of calls per minute, changeable at run time, with usage counters for operators.
pub struct CallBudget {
    clock: Arc<dyn Clock>,
    inner: Mutex<Inner>,
    refused: AtomicU64,
    /// Calls taken since the budget was made.
    taken: AtomicU64,
    /// The budget's name in metrics.
    name: BudgetName,
}

/// What a budget is called in metrics (the `budget` label of `copydesk_budget_calls_total`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BudgetName {
    /// A budget not named otherwise.
    Calls,
    /// The application's reads.
    Reads,
    /// An account's order writes.
    Writes,
}

impl BudgetName {
    /// The budget's counter of calls `used` (or refused). Every label is a literal, so each counter
    /// has a static metric key: counting a call allocates nothing.
    fn counter(self, used: bool) -> metrics::Counter {
        macro_rules! of_budget {
            ($budget:literal) => {
                if used {
                    metrics::counter!("copydesk_budget_calls_total", "budget" => $budget, "outcome" => "used")
                } else {
                    metrics::counter!("copydesk_budget_calls_total", "budget" => $budget, "outcome" => "refused")
                }
            };
        }
        match self {
            Self::Calls => of_budget!("calls"),
            Self::Reads => of_budget!("reads"),
            Self::Writes => of_budget!("writes"),
        }
    }
}

impl std::fmt::Debug for CallBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CallBudget")
            .field("per_minute", &self.per_minute())
            .field("used_last_minute", &self.used_last_minute())
            .finish()
    }
}

fn limiter(per_minute: u32, clock: &Arc<dyn Clock>) -> Limiter {
    let rate = NonZeroU32::new(per_minute.max(1)).unwrap_or(NonZeroU32::MIN);
    // The whole minute may go at once (a fan-out); governor refills one call every 60 s / limit, and the
    // sliding window keeps the hard cap per 60 seconds.
    RateLimiter::direct_with_clock(Quota::per_minute(rate), GovernorTime(clock.clone()))
}

impl CallBudget {
    /// A budget of `per_minute` calls (at least 1) on `clock`.
    #[must_use]
    pub fn new(per_minute: u32, clock: Arc<dyn Clock>) -> Self {
        let per_minute = per_minute.max(1);
        let inner = Inner {
            per_minute,
            limiter: limiter(per_minute, &clock),
            recent: RecentCalls::default(),
            shares: ReadShares::UNSHARED,
            background: RecentCalls::default(),
        };
        Self {
            clock,
            inner: Mutex::new(inner),
            refused: AtomicU64::new(0),
            taken: AtomicU64::new(0),
            name: BudgetName::Calls,
        }
    }

    /// The same budget, reported in metrics under `name`.
    #[must_use]
    pub fn named(mut self, name: BudgetName) -> Self {
        self.name = name;
        self
    }

    /// The same budget, shared between read classes as `shares` says.
    #[must_use]
    pub fn with_shares(self, shares: ReadShares) -> Self {
        self.set_shares(shares);
        self
    }

    /// Changes how the budget is shared; it applies to the next call.
    pub fn set_shares(&self, shares: ReadShares) {
        self.lock().shares = shares;
    }

    /// How the budget is shared between read classes.
    #[must_use]
    pub fn shares(&self) -> ReadShares {
        self.lock().shares
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // The guarded data is counters and timestamps, valid after any partial update.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes `calls` calls from the budget if all of them fit now; otherwise takes none. The calls
    /// may use the whole budget (as a person's reads may).
    pub fn try_take(&self, calls: u32) -> bool {
        self.try_take_as(calls, ReadClass::Person)
    }

    /// Takes `calls` calls of `class` if all of them fit now within what the class may use (see
    /// [`ReadShares`]); otherwise takes none.
    pub fn try_take_as(&self, calls: u32, class: ReadClass) -> bool {
        let now = self.clock.now();
        let mut inner = self.lock();
        let fits_window = inner.fits(now, calls, class);
        let paced = fits_window
            && NonZeroU32::new(calls)
                .is_none_or(|n| matches!(inner.limiter.check_n(n), Ok(Ok(()))));
        if paced {
            inner.recent.record(now, calls);
            if class == ReadClass::Background {
                inner.background.record(now, calls);
            }
        }
        drop(inner);
        if paced {
            self.taken.fetch_add(u64::from(calls), Ordering::Relaxed);
            if class == ReadClass::Background {
                metrics::counter!("copydesk_background_reads_total").increment(u64::from(calls));
            }
        } else {
            self.refused.fetch_add(1, Ordering::Relaxed);
        }
        self.name.counter(paced).increment(u64::from(calls));
        paced
    }

    /// How long to wait before trying again: until the oldest call leaves the window when the window is
    /// full, else one pacing interval (60 s / limit), the longest governor can make a call wait.
    #[must_use]
    pub fn retry_after(&self) -> Duration {
        self.retry_after_as(ReadClass::Person)
    }

    /// As [`CallBudget::retry_after`], for a call of `class`: until the window holds less than the
    /// class's ceiling (and, for background calls, less than the background share).
    #[must_use]
    pub fn retry_after_as(&self, class: ReadClass) -> Duration {
        let now = self.clock.now();
        let mut inner = self.lock();
        let pacing = WINDOW / inner.per_minute;
        let ceiling = inner.shares.ceiling(class, inner.per_minute);
        let mut free_at = until_under(&mut inner.recent, now, ceiling);
        if class == ReadClass::Background {
            let cap = inner.shares.background_cap(inner.per_minute);
            free_at = free_at.max(until_under(&mut inner.background, now, cap));
        }
        free_at
            .map(|free_at| {
                (free_at - now)
                    .to_std()
                    .unwrap_or(Duration::ZERO)
                    .max(Duration::from_millis(1))
            })
            .unwrap_or(pacing)
    }

    /// Changes the limit; it applies to the very next call.
    pub fn set_per_minute(&self, per_minute: u32) {
        let per_minute = per_minute.max(1);
        let mut inner = self.lock();
        inner.per_minute = per_minute;
        inner.limiter = limiter(per_minute, &self.clock);
    }

    /// The current limit per minute.
    #[must_use]
    pub fn per_minute(&self) -> u32 {
        self.lock().per_minute
    }

    /// How many calls were taken in the last 60 seconds.
    #[must_use]
    pub fn used_last_minute(&self) -> u32 {
        let now = self.clock.now();
        let mut inner = self.lock();
        u32::try_from(inner.recent.count(now)).unwrap_or(u32::MAX)
    }

    /// How many background calls ([`ReadClass::Background`]) were taken in the last 60 seconds.
    #[must_use]
    pub fn background_last_minute(&self) -> u32 {
        let now = self.clock.now();
        let mut inner = self.lock();
        u32::try_from(inner.background.count(now)).unwrap_or(u32::MAX)
    }

    /// How many background calls were taken less than `within` ago.
    #[must_use]
    pub fn background_within(&self, within: Duration) -> u32 {
        let now = self.clock.now();
        let inner = self.lock();
        u32::try_from(inner.background.count_within(now, within)).unwrap_or(u32::MAX)
    }

    /// How many calls this budget gave since it was made.
    #[must_use]
    pub fn taken(&self) -> u64 {
        self.taken.load(Ordering::Relaxed)
    }

    /// How many calls this budget refused since it was made.
    #[must_use]
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use chrono::{DateTime, Utc};
    use metrics_util::debugging::{DebugValue, DebuggingRecorder};
    use proptest::prelude::*;

    fn clock() -> ManualClock {
        ManualClock::new(DateTime::<Utc>::UNIX_EPOCH + chrono::Duration::days(20_000))
    }

    #[test]
    fn calls_are_counted_under_the_budgets_name_as_used_or_refused() {
        let recorder = DebuggingRecorder::new();
        let snapshotter = recorder.snapshotter();
        let clock: Arc<dyn Clock> = Arc::new(clock());
        metrics::with_local_recorder(&recorder, || {
            let writes = CallBudget::new(2, clock.clone()).named(BudgetName::Writes);
            assert!(writes.try_take(1));
            assert!(!writes.try_take(2));
            assert!(
                CallBudget::new(5, clock.clone())
                    .named(BudgetName::Reads)
                    .try_take(3)
            );
            assert!(CallBudget::new(5, clock.clone()).try_take(1));
        });
        // Each counter as `name{k=v,...}`, in name order.
        let mut counts: Vec<(String, u64)> = snapshotter
            .snapshot()
            .into_vec()
            .into_iter()
            .filter_map(|(key, _, _, value)| {
                let DebugValue::Counter(count) = value else {
                    return None;
                };
                let key = key.key();
                let labels: Vec<String> = key
                    .labels()
                    .map(|l| format!("{}={}", l.key(), l.value()))
                    .collect();
                Some((format!("{}{{{}}}", key.name(), labels.join(",")), count))
            })
            .collect();
        counts.sort();
        let expected = [
            ("copydesk_budget_calls_total{budget=calls,outcome=used}", 1),
            ("copydesk_budget_calls_total{budget=reads,outcome=used}", 3),
            (
                "copydesk_budget_calls_total{budget=writes,outcome=refused}",
                2,
            ),
            ("copydesk_budget_calls_total{budget=writes,outcome=used}", 1),
        ]
        .map(|(name, count)| (name.to_owned(), count));
        assert_eq!(counts, expected);
    }

    #[test]
    fn a_budget_never_lets_more_than_its_limit_into_a_minute() {
        let clock = clock();
        let budget = CallBudget::new(10, Arc::new(clock.clone()));
        let mut taken = 0;
        for step in 0..600 {
            if step > 0 {
                clock.advance(chrono::Duration::milliseconds(100));
            }
            if budget.try_take(1) {
                taken += 1;
            }
        }
        // 60 seconds of trying every 100 ms: exactly the limit.
        assert_eq!(taken, 10);
        assert_eq!(budget.used_last_minute(), 10);
        assert!(budget.refused() > 0);
    }

    #[test]
    fn a_limit_change_applies_to_the_next_call() {
        let clock = clock();
        let budget = CallBudget::new(120, Arc::new(clock.clone()));
        assert!(budget.try_take(1));
        budget.set_per_minute(1);
        assert_eq!(budget.per_minute(), 1);
        assert!(!budget.try_take(1), "the one call of this minute is used");
        clock.advance(chrono::Duration::seconds(60));
        assert!(budget.try_take(1));
        budget.set_per_minute(120);
        assert!(budget.try_take(1));
    }

    #[test]
    fn retry_after_points_at_the_moment_a_call_fits() {
        let clock = clock();
        let budget = CallBudget::new(2, Arc::new(clock.clone()));
        assert!(budget.try_take(2));
        clock.advance(chrono::Duration::seconds(15));
        assert_eq!(budget.retry_after(), Duration::from_secs(45));
        clock.advance(chrono::Duration::seconds(45));
        assert!(budget.try_take(1));
    }

    #[test]
    fn taking_several_calls_is_all_or_nothing() {
        let clock = clock();
        let budget = CallBudget::new(3, Arc::new(clock.clone()));
        assert!(budget.try_take(2));
        assert!(!budget.try_take(2));
        assert_eq!(budget.used_last_minute(), 2);
    }

    #[test]
    fn background_and_event_reads_leave_the_person_reserve_and_background_keeps_to_its_share() {
        let clock = clock();
        let budget =
            CallBudget::new(120, Arc::new(clock.clone())).with_shares(ReadShares::default());
        // Background work takes what it may: half the minute.
        let mut background = 0;
        while budget.try_take_as(2, ReadClass::Background) {
            background += 2;
        }
        assert_eq!(background, 60);
        assert_eq!(budget.background_last_minute(), 60);
        // Event reads take the rest but the person reserve (12 of 120).
        let mut events = 0;
        while budget.try_take_as(1, ReadClass::Event) {
            events += 1;
        }
        assert_eq!(events, 48);
        // A person's read gets a read at once, every one of the reserve.
        for _ in 0..12 {
            assert!(budget.try_take_as(1, ReadClass::Person));
        }
        assert!(!budget.try_take(1), "the whole minute is used");
        assert_eq!(budget.used_last_minute(), 120);
        // Background waits until its own calls leave the window.
        assert_eq!(
            budget.retry_after_as(ReadClass::Background),
            Duration::from_secs(60)
        );
        clock.advance(chrono::Duration::seconds(60));
        assert_eq!(budget.background_last_minute(), 0);
        assert!(budget.try_take_as(2, ReadClass::Background));
    }

    #[test]
    fn an_event_read_waits_only_until_the_window_is_under_its_ceiling() {
        let clock = clock();
        let budget =
            CallBudget::new(20, Arc::new(clock.clone())).with_shares(ReadShares::default());
        // The reserve of 20 is 10 (the floor, at most half): events may hold 10.
        for _ in 0..5 {
            assert!(budget.try_take_as(1, ReadClass::Event));
        }
        clock.advance(chrono::Duration::seconds(10));
        for _ in 0..5 {
            assert!(budget.try_take_as(1, ReadClass::Event));
        }
        assert!(!budget.try_take_as(1, ReadClass::Event));
        assert_eq!(
            budget.retry_after_as(ReadClass::Event),
            Duration::from_secs(50)
        );
        assert!(budget.try_take(1), "a person's read fits at once");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// For any limit and any pattern of attempts, no 60-second window ever holds more calls than the
        /// limit in force.
        #[test]
        fn no_window_exceeds_the_limit(
            limit in 1u32..200,
            steps in proptest::collection::vec((0u64..3_000, 1u32..4), 1..400),
        ) {
            let clock = clock();
            let budget = CallBudget::new(limit, Arc::new(clock.clone()));
            let mut granted: Vec<DateTime<Utc>> = Vec::new();
            for (gap_ms, calls) in steps {
                clock.advance(chrono::Duration::milliseconds(i64::try_from(gap_ms).unwrap_or(0)));
                if budget.try_take(calls) {
                    granted.extend(std::iter::repeat_n(clock.now(), calls as usize));
                }
            }
            for (i, start) in granted.iter().enumerate() {
                let in_window = granted[i..]
                    .iter()
                    .take_while(|t| **t - *start < chrono::Duration::seconds(60))
                    .count();
                prop_assert!(in_window <= limit as usize);
            }
        }
    }
}
