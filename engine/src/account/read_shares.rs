//! How the app-wide read budget is shared: a reserve only the reads a person waits on may use, and a
//! cap on what background reads (safety-net polls, position checks) take of the minute.
//!
//! Schwab gives the whole application one read budget however many accounts it serves. Reads a person
//! waits on (an option chain, quotes in an order dialog, Account Info, a refresh) come first: the
//! reads of order events and of stream openings, and the background polls, stop short of the
//! [`ReadShares::person_reserve`], so a minute spent by background work never refuses a person. The
//! background polls take at most [`ReadShares::background_cap`] of the minute; with many accounts
//! they then come around less often instead of crowding out everything else.

/// Who a read is for, which decides how much of the minute it may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadClass {
    /// A read a person waits on: it may use the whole budget, the reserve included.
    Person,
    /// A read order events or an order stream ask for (an order, a catch-up listing, the stream's
    /// opening): everything but the person reserve.
    Event,
    /// A routine read nobody waits on (the safety-net poll, position checks): everything but the
    /// person reserve, and at most the background share of the minute.
    Background,
}

/// The share of the read budget a person's reads keep for themselves by default.
pub const PERSON_RESERVE_PERCENT: u32 = 10;
/// The fewest reads a minute kept for a person's reads, whatever the share comes to (never more than
/// half the budget).
pub const PERSON_RESERVE_MIN: u32 = 10;
/// The share of the read budget background reads may take by default.
pub const BACKGROUND_PERCENT: u32 = 50;

/// How a read budget is shared between its [`ReadClass`]es.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadShares {
    /// Percent of the budget only a person's reads may use.
    pub person_reserve_percent: u32,
    /// The fewest reads kept for a person's reads (capped at half the budget).
    pub person_reserve_min: u32,
    /// Percent of the budget background reads may take in any minute (1 to 100).
    pub background_percent: u32,
}

impl Default for ReadShares {
    fn default() -> Self {
        Self {
            person_reserve_percent: PERSON_RESERVE_PERCENT,
            person_reserve_min: PERSON_RESERVE_MIN,
            background_percent: BACKGROUND_PERCENT,
        }
    }
}

impl ReadShares {
    /// No sharing: every call may use the whole budget (write budgets, and tests).
    pub const UNSHARED: Self = Self {
        person_reserve_percent: 0,
        person_reserve_min: 0,
        background_percent: 100,
    };

    /// The reads of a minute of `per_minute` that only a person's reads may use: the reserve share,
    /// at least [`ReadShares::person_reserve_min`], never more than half the budget.
    #[must_use]
    pub fn person_reserve(&self, per_minute: u32) -> u32 {
        let share = per_minute.saturating_mul(self.person_reserve_percent) / 100;
        share.max(self.person_reserve_min).min(per_minute / 2)
    }

    /// The most reads background work may take in any minute of `per_minute`: the background share,
    /// at least one read, and never into the person reserve.
    #[must_use]
    pub fn background_cap(&self, per_minute: u32) -> u32 {
        let share = per_minute.saturating_mul(self.background_percent.min(100)) / 100;
        share
            .max(1)
            .min(per_minute.saturating_sub(self.person_reserve(per_minute)))
    }

    /// The most calls of any class the minute may hold once a call of `class` is taken.
    #[must_use]
    pub fn ceiling(&self, class: ReadClass, per_minute: u32) -> u32 {
        match class {
            ReadClass::Person => per_minute,
            ReadClass::Event | ReadClass::Background => {
                per_minute.saturating_sub(self.person_reserve(per_minute))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reserve_is_a_share_with_a_floor_and_never_more_than_half() {
        let shares = ReadShares::default();
        assert_eq!(shares.person_reserve(120), 12);
        assert_eq!(shares.person_reserve(110), 11);
        assert_eq!(shares.person_reserve(30), 10, "at least the floor");
        assert_eq!(shares.person_reserve(12), 6, "never more than half");
        assert_eq!(shares.person_reserve(6_000), 600);
        assert_eq!(ReadShares::UNSHARED.person_reserve(120), 0);
    }

    #[test]
    fn background_takes_its_share_and_never_the_reserve() {
        let shares = ReadShares::default();
        assert_eq!(shares.background_cap(120), 60);
        let all = ReadShares {
            background_percent: 100,
            ..shares
        };
        assert_eq!(all.background_cap(120), 108, "the reserve stays");
        let little = ReadShares {
            background_percent: 1,
            ..shares
        };
        assert_eq!(little.background_cap(50), 1, "at least one read");
        assert_eq!(shares.ceiling(ReadClass::Person, 120), 120);
        assert_eq!(shares.ceiling(ReadClass::Event, 120), 108);
        assert_eq!(shares.ceiling(ReadClass::Background, 120), 108);
        assert_eq!(ReadShares::UNSHARED.background_cap(120), 120);
    }
}
