//! Which accounts to poll now, within the app-wide read budget's background share: asked-for and busy
//! accounts first, then those whose rows or stream need a look, the longest-waiting first.

use chrono::{DateTime, Utc};

use super::{CallBudget, ReadClass};
use crate::ids::AccountId;

/// How often an account with open orders is polled.
pub const ACTIVE_EVERY: chrono::Duration = chrono::Duration::seconds(1);
/// How often an account without open orders is polled.
pub const IDLE_EVERY: chrono::Duration = chrono::Duration::seconds(60);
/// How often an account whose order stream is healthy is polled: the stream reports every change of
/// its orders, so the poll is only a safety net.
pub const STREAMED_EVERY: chrono::Duration = chrono::Duration::minutes(5);
/// Share of the read budget routine polls leave free, so that the reads order events ask for (an
/// order, balances after a fill, a catch-up listing) come first.
pub const EVENT_RESERVE_PERCENT: u32 = 10;
/// Reads one poll costs (account with positions, and the order list).
pub const READS_PER_POLL: u32 = 2;
/// Reads one position check costs (the account with its positions, after a fill).
pub const READS_PER_POSITION_CHECK: u32 = 1;
/// Reads one catch-up listing costs (the account's recent orders).
pub const READS_PER_CATCH_UP: u32 = 1;
/// Background reads are paced over the minute: in any stretch of this length they take at most its
/// part of the background share (5 of the 60 reads a minute of 120 at 50 %), so that a start, or a
/// fan-out's position checks, never spend the whole share in one burst ahead of the reads that
/// settle rows.
pub const PACE_SLICE: std::time::Duration = std::time::Duration::from_secs(5);

/// What the planner needs to know of one account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PollCandidate {
    /// The account.
    pub account: AccountId,
    /// Whether the account can be polled at all (authorized, login alive).
    pub usable: bool,
    /// Whether a poll was asked for ahead of schedule (a new order, an operator's refresh).
    pub requested: bool,
    /// Whether a healthy order stream follows the account (then it is polled every
    /// [`STREAMED_EVERY`]).
    pub streaming: bool,
    /// Whether the account has orders that are still open.
    pub open_orders: bool,
    /// Whether the account needs a look before the others: it holds a row that is not final, or its
    /// last poll found orders that differed from what its stream had told.
    pub unsettled: bool,
    /// Whether an order filled since the account's positions were read (a position check is due).
    pub positions_stale: bool,
    /// Whether every such fill moved the kept holdings, so the check only confirms them; checks of
    /// accounts whose fills could not be kept (their holdings are not known until read) go first.
    pub positions_kept: bool,
    /// Whether the account holds rows that are not final and its stream has not yet caught up since
    /// copydesk started: its catch-up listing settles them, and background reads leave room for it.
    pub awaits_catch_up: bool,
    /// When it was last polled.
    pub last_poll: Option<DateTime<Utc>>,
}

impl PollCandidate {
    fn is_due(&self, now: DateTime<Utc>) -> bool {
        if !self.usable {
            return false;
        }
        let every = if self.streaming {
            STREAMED_EVERY
        } else if self.open_orders {
            ACTIVE_EVERY
        } else {
            IDLE_EVERY
        };
        self.requested || self.last_poll.is_none_or(|at| now - at >= every)
    }

    /// Lower ranks go first: asked-for, then open orders no stream follows, then accounts with a
    /// row that is not final, a disagreement or no stream, then the rest (streamed safety nets);
    /// within each the longest-waiting first.
    fn rank(&self) -> (u8, Option<DateTime<Utc>>) {
        let class = if self.requested {
            0
        } else if self.open_orders && !self.streaming {
            1
        } else if self.unsettled || !self.streaming {
            2
        } else {
            3
        };
        (class, self.last_poll)
    }
}

/// The reads routine polls leave free: when any account streams, [`EVENT_RESERVE_PERCENT`] of the
/// budget, at least one poll's worth; and one catch-up listing for every account that awaits one, so
/// that after a start the listings that settle open rows go before any background read.
#[must_use]
pub fn event_reserve(candidates: &[PollCandidate], per_minute: u32) -> u32 {
    let streaming = if candidates.iter().any(|c| c.streaming) {
        (per_minute * EVENT_RESERVE_PERCENT / 100).max(READS_PER_POLL)
    } else {
        0
    };
    let awaiting = candidates
        .iter()
        .filter(|c| c.usable && c.awaits_catch_up)
        .count();
    let listings = u32::try_from(awaiting)
        .unwrap_or(u32::MAX)
        .saturating_mul(READS_PER_CATCH_UP);
    streaming.saturating_add(listings).min(per_minute)
}

/// Whether `reads` more background reads fit the pace: in the last [`PACE_SLICE`] background took
/// at most the slice's part of its share (rounded up, and at least one poll's worth).
fn fits_pace(budget: &CallBudget, reads: u32) -> bool {
    let cap = budget.shares().background_cap(budget.per_minute());
    let slice = u32::try_from(PACE_SLICE.as_secs()).unwrap_or(u32::MAX);
    let paced = cap.saturating_mul(slice).div_ceil(60).max(READS_PER_POLL);
    budget.background_within(PACE_SLICE).saturating_add(reads) <= paced
}

/// Picks the accounts to poll now and takes their reads from `budget` as background reads (never the
/// person reserve, at most the background share), leaving `reserve` reads of the minute free besides;
/// stops at the first that does not fit, so the budget is never exceeded and a busy account never
/// waits behind an idle one. Safety-net polls (no request, no unfollowed open orders) also keep the
/// pace of [`PACE_SLICE`].
pub fn plan(
    candidates: &[PollCandidate],
    budget: &CallBudget,
    reserve: u32,
    now: DateTime<Utc>,
) -> Vec<AccountId> {
    let mut due: Vec<&PollCandidate> = candidates.iter().filter(|c| c.is_due(now)).collect();
    due.sort_by_key(|c| c.rank());
    let mut chosen = Vec::new();
    for candidate in due {
        let ceiling = budget
            .shares()
            .ceiling(ReadClass::Background, budget.per_minute());
        let free = ceiling.saturating_sub(budget.used_last_minute());
        // Asked-for polls and open orders no stream follows go at once; safety nets keep the pace.
        let paced = candidate.rank().0 >= 2;
        if free < READS_PER_POLL + reserve
            || (paced && !fits_pace(budget, READS_PER_POLL))
            || !budget.try_take_as(READS_PER_POLL, ReadClass::Background)
        {
            break;
        }
        chosen.push(candidate.account);
    }
    chosen
}

/// Picks the accounts whose positions are to be read again after a fill (not among `polled`, whose
/// polls read them anyway): those whose fills could not be kept first, then those whose kept
/// holdings only wait for confirmation, the longest since its last poll first within each; takes one background read for
/// each from `budget`, leaving `reserve` reads of the minute free; stops at the first that does not
/// fit. A fan-out's fills thus cost one read per filled account, within the background share.
pub fn plan_position_checks(
    candidates: &[PollCandidate],
    budget: &CallBudget,
    reserve: u32,
    polled: &[AccountId],
) -> Vec<AccountId> {
    let mut stale: Vec<&PollCandidate> = candidates
        .iter()
        .filter(|c| c.usable && c.positions_stale && !polled.contains(&c.account))
        .collect();
    stale.sort_by_key(|c| (c.positions_kept, c.last_poll));
    let mut chosen = Vec::new();
    for candidate in stale {
        let ceiling = budget
            .shares()
            .ceiling(ReadClass::Background, budget.per_minute());
        let free = ceiling.saturating_sub(budget.used_last_minute());
        if free < READS_PER_POSITION_CHECK + reserve
            || !fits_pace(budget, READS_PER_POSITION_CHECK)
            || !budget.try_take_as(READS_PER_POSITION_CHECK, ReadClass::Background)
        {
            break;
        }
        chosen.push(candidate.account);
    }
    chosen
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::clock::{Clock, ManualClock};

    fn start() -> DateTime<Utc> {
        DateTime::<Utc>::UNIX_EPOCH + chrono::Duration::days(20_000)
    }

    fn candidate(id: u64, open_orders: bool, last_poll: Option<DateTime<Utc>>) -> PollCandidate {
        PollCandidate {
            account: AccountId(id),
            usable: true,
            requested: false,
            streaming: false,
            open_orders,
            unsettled: false,
            positions_stale: false,
            positions_kept: false,
            last_poll,
            awaits_catch_up: false,
        }
    }

    #[test]
    fn position_checks_of_unknown_holdings_go_before_confirmations() {
        let clock = ManualClock::new(start());
        let budget = CallBudget::new(100, Arc::new(clock.clone()));
        let now = clock.now();
        let stale = |id, kept, minutes| PollCandidate {
            positions_stale: true,
            positions_kept: kept,
            ..candidate(id, false, Some(now - chrono::Duration::minutes(minutes)))
        };
        let accounts = vec![
            stale(1, true, 30),
            stale(2, false, 1),
            stale(3, true, 40),
            stale(4, false, 2),
            candidate(5, false, None),
        ];
        assert_eq!(
            plan_position_checks(&accounts, &budget, 0, &[AccountId(4)]),
            vec![AccountId(2), AccountId(3), AccountId(1)]
        );
    }

    #[test]
    fn busy_accounts_go_before_idle_ones_when_the_budget_is_short() {
        let clock = ManualClock::new(start());
        let budget = CallBudget::new(4, Arc::new(clock.clone()));
        let now = clock.now();
        let long_ago = Some(now - chrono::Duration::minutes(10));
        let candidates = vec![
            candidate(1, false, long_ago),
            candidate(2, true, long_ago),
            PollCandidate {
                requested: true,
                ..candidate(3, false, Some(now))
            },
            candidate(4, true, Some(now)),
        ];
        // Budget for two polls: the asked-for account, then the busy overdue one; the idle waits.
        assert_eq!(
            plan(&candidates, &budget, 0, now),
            vec![AccountId(3), AccountId(2)]
        );
    }

    #[test]
    fn unusable_and_recently_polled_accounts_are_skipped() {
        let clock = ManualClock::new(start());
        let budget = CallBudget::new(100, Arc::new(clock.clone()));
        let now = clock.now();
        let candidates = vec![
            PollCandidate {
                usable: false,
                ..candidate(1, true, None)
            },
            candidate(2, false, Some(now - chrono::Duration::seconds(30))),
            candidate(3, true, Some(now - chrono::Duration::milliseconds(500))),
            candidate(4, false, None),
        ];
        assert_eq!(plan(&candidates, &budget, 0, now), vec![AccountId(4)]);
    }

    #[test]
    fn streamed_accounts_are_polled_rarely_and_polls_leave_the_event_reserve() {
        let clock = ManualClock::new(start());
        let now = clock.now();
        let a_minute_ago = Some(now - chrono::Duration::minutes(1));
        let streamed = PollCandidate {
            streaming: true,
            ..candidate(1, true, a_minute_ago)
        };
        let polled = candidate(2, true, a_minute_ago);
        let budget = CallBudget::new(100, Arc::new(clock.clone()));
        // The streamed account's open orders are followed by their events: not due for 5 minutes.
        assert_eq!(
            plan(&[streamed.clone(), polled.clone()], &budget, 0, now),
            vec![AccountId(2)]
        );
        let overdue = PollCandidate {
            last_poll: Some(now - STREAMED_EVERY),
            ..streamed.clone()
        };
        let budget = CallBudget::new(100, Arc::new(clock.clone()));
        assert_eq!(plan(&[overdue], &budget, 0, now), vec![AccountId(1)]);
        // A tenth of the budget stays free for event reads once any account streams.
        assert_eq!(event_reserve(&[streamed.clone(), polled.clone()], 120), 12);
        assert_eq!(event_reserve(std::slice::from_ref(&polled), 120), 0);
        assert_eq!(event_reserve(&[streamed], 10), READS_PER_POLL);
        let budget = CallBudget::new(6, Arc::new(clock.clone()));
        let many: Vec<PollCandidate> = (10..20).map(|id| candidate(id, true, None)).collect();
        assert_eq!(plan(&many, &budget, 2, now).len(), 2);
        assert_eq!(budget.used_last_minute(), 4);
    }

    #[test]
    fn at_many_accounts_background_polls_keep_to_their_share_oldest_and_unsettled_first() {
        use crate::account::ReadShares;
        let clock = ManualClock::new(start());
        let budget =
            CallBudget::new(120, Arc::new(clock.clone())).with_shares(ReadShares::default());
        let now = clock.now();
        // 1,000 streamed accounts, all overdue for their safety net, polled at different times.
        let mut accounts: Vec<PollCandidate> = (0..1_000u64)
            .map(|id| PollCandidate {
                streaming: true,
                last_poll: Some(
                    now - STREAMED_EVERY
                        - chrono::Duration::seconds(i64::try_from(id).unwrap_or(0)),
                ),
                ..candidate(id, false, None)
            })
            .collect();
        // One with a row not final, one whose stream is lost: both polled recently, yet first.
        accounts[3].unsettled = true;
        accounts[3].last_poll = Some(now - STREAMED_EVERY);
        accounts[5].streaming = false;
        accounts[5].last_poll = Some(now - IDLE_EVERY);
        let reserve = event_reserve(&accounts, 120);
        // Safety nets keep the pace: the 60 background reads of a minute at 5 per 5 s, two polls of
        // two reads at a time, the unsettled and the lost stream first, then the longest-waiting
        // (the highest ids were polled longest ago).
        let chosen = plan(&accounts, &budget, reserve, now);
        assert_eq!(chosen, vec![AccountId(3), AccountId(5)]);
        assert!(
            plan(&accounts, &budget, reserve, now).is_empty(),
            "the slice is spent"
        );
        let mut polled = chosen;
        for _ in 0..11 {
            clock.advance(chrono::Duration::seconds(5));
            for c in &mut accounts {
                if polled.contains(&c.account) {
                    c.last_poll = Some(clock.now());
                }
            }
            let chosen = plan(&accounts, &budget, reserve, clock.now());
            assert_eq!(chosen.len(), 2);
            polled.extend(chosen);
        }
        // Over the minute: 24 polls of two reads (two a slice), within the share of 60.
        assert_eq!(polled.len(), 24);
        assert_eq!(budget.background_last_minute(), 48);
        assert_eq!(polled[2], AccountId(999));
        assert_eq!(polled[23], AccountId(978));
        assert!(plan(&accounts, &budget, reserve, clock.now()).is_empty());
        // Fills' position checks keep the pace too: the slice's last read, then the next slice.
        accounts[7].positions_stale = true;
        accounts[8].positions_stale = true;
        assert_eq!(
            plan_position_checks(&accounts, &budget, reserve, &[]),
            vec![AccountId(8)]
        );
        // Events and people still find their reads.
        assert!(budget.try_take_as(59, ReadClass::Event));
        assert!(budget.try_take(12));
        assert!(!budget.try_take(1));
    }

    #[test]
    fn background_leaves_room_for_every_catch_up_listing_a_start_awaits() {
        use crate::account::ReadShares;
        let clock = ManualClock::new(start());
        let budget =
            CallBudget::new(120, Arc::new(clock.clone())).with_shares(ReadShares::default());
        let now = clock.now();
        // After a start: 1,000 accounts never polled, 100 of them with rows not final whose streams
        // have not caught up yet.
        let mut accounts: Vec<PollCandidate> = (0..1_000u64)
            .map(|id| PollCandidate {
                streaming: true,
                awaits_catch_up: id % 10 == 0,
                ..candidate(id, false, None)
            })
            .collect();
        let reserve = event_reserve(&accounts, 120);
        assert_eq!(reserve, 12 + 100);
        assert!(plan(&accounts, &budget, reserve, now).is_empty());
        // The listings take their reads (the 108 a minute outside the person reserve hold all 100).
        for _ in 0..100 {
            assert!(budget.try_take_as(READS_PER_CATCH_UP, ReadClass::Event));
        }
        for c in &mut accounts {
            c.awaits_catch_up = false;
        }
        // Once caught up, background takes its paced part of what is left.
        let reserve = event_reserve(&accounts, 120);
        assert_eq!(reserve, 12);
        assert!(
            plan(&accounts, &budget, reserve, now).is_empty(),
            "108 used: nothing free"
        );
        clock.advance(chrono::Duration::seconds(61));
        assert_eq!(plan(&accounts, &budget, reserve, clock.now()).len(), 2);
        // An unusable account's listing is not waited for.
        let broken = PollCandidate {
            usable: false,
            awaits_catch_up: true,
            ..candidate(1, false, None)
        };
        assert_eq!(event_reserve(&[broken], 120), 0);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// For any mix of accounts, open orders and requests, polling never takes more reads in a minute
        /// than the budget allows, and no due busy account is left waiting while an idle one is polled.
        #[test]
        fn polling_never_exceeds_the_budget_and_serves_busy_accounts_first(
            limit in 2u32..150,
            accounts in proptest::collection::vec((any::<bool>(), any::<bool>()), 1..60),
            ticks in 20usize..200,
            flips in proptest::collection::vec((0usize..60, any::<bool>()), 0..50),
        ) {
            let clock = ManualClock::new(start());
            let budget = CallBudget::new(limit, Arc::new(clock.clone()));
            let mut state: Vec<PollCandidate> = accounts
                .iter()
                .enumerate()
                .map(|(i, (open, requested))| PollCandidate {
                    requested: *requested,
                    ..candidate(i as u64, *open, None)
                })
                .collect();
            let mut reads: Vec<DateTime<Utc>> = Vec::new();
            let mut flips = flips.into_iter();
            for _ in 0..ticks {
                clock.advance(chrono::Duration::milliseconds(250));
                let now = clock.now();
                if let Some((index, open)) = flips.next() {
                    let len = state.len();
                    state[index % len].open_orders = open;
                }
                let due_busy: Vec<AccountId> = state
                    .iter()
                    .filter(|c| c.is_due(now) && (c.open_orders || c.requested))
                    .map(|c| c.account)
                    .collect();
                let chosen = plan(&state, &budget, 0, now);
                let by_id: HashMap<AccountId, &PollCandidate> =
                    state.iter().map(|c| (c.account, c)).collect();
                let polled_idle = chosen.iter().any(|id| {
                    by_id.get(id).is_some_and(|c| !c.open_orders && !c.requested)
                });
                if polled_idle {
                    for busy in &due_busy {
                        prop_assert!(chosen.contains(busy), "busy {busy} waited behind an idle account");
                    }
                }
                for id in &chosen {
                    reads.extend(std::iter::repeat_n(now, READS_PER_POLL as usize));
                    if let Some(c) = state.iter_mut().find(|c| c.account == *id) {
                        c.last_poll = Some(now);
                        c.requested = false;
                    }
                }
            }
            for (i, first) in reads.iter().enumerate() {
                let in_window = reads[i..]
                    .iter()
                    .take_while(|t| **t - *first < chrono::Duration::seconds(60))
                    .count();
                prop_assert!(in_window <= limit as usize);
            }
        }
    }
}
