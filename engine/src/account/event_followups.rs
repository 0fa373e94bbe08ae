//! What an account still has to read after order events: orders no row knows yet, orders whose
//! events told only part of the story, and a catch-up listing. (Positions after a fill are read by
//! the poll scheduler's position check, within the background share, not here.)

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};

use crate::broker::OrderEvent;
use crate::ids::BrokerOrderId;

/// How long an event of an order no row knows waits for the order's placement to answer before it
/// is judged: a listing when rows of the account wait for their orders, else dropped as not
/// copydesk's.
pub const UNKNOWN_GRACE: chrono::Duration = chrono::Duration::seconds(3);

/// Work collected from events, done together a moment later so that a burst of events (created,
/// accepted, filled) costs one read of each order.
#[derive(Debug, Default)]
pub struct Followups {
    /// Events of orders no row held when they arrived, with when the first arrived.
    unknown: BTreeMap<BrokerOrderId, (DateTime<Utc>, Vec<OrderEvent>)>,
    /// Orders to read once.
    reads: BTreeSet<BrokerOrderId>,
    /// Whether the account's orders are to be listed (after a connect, a reconnect or a gap).
    catch_up: bool,
    /// Whether a follow-up task runs for the account (from the request that started it until a
    /// round ends with nothing more asked for).
    scheduled: bool,
}

/// One round's work, taken out of [`Followups`].
#[derive(Debug, Default, PartialEq)]
pub struct Round {
    /// Held events, to offer to the rows again.
    pub unknown: Vec<(DateTime<Utc>, Vec<OrderEvent>)>,
    /// Orders to read.
    pub reads: Vec<BrokerOrderId>,
    /// Whether to list the orders.
    pub catch_up: bool,
}

impl Followups {
    /// Holds an event of an order no row knows.
    pub fn hold(&mut self, event: OrderEvent, now: DateTime<Utc>) {
        let entry = self.unknown.entry(event.order).or_insert((now, Vec::new()));
        entry.1.push(event);
    }

    /// Puts back events still unknown after a round, keeping when they first arrived.
    pub fn hold_again(&mut self, first_seen: DateTime<Utc>, events: Vec<OrderEvent>) {
        for event in events {
            let entry = self
                .unknown
                .entry(event.order)
                .or_insert((first_seen, Vec::new()));
            entry.0 = entry.0.min(first_seen);
            entry.1.push(event);
        }
    }

    /// Asks for one read of `order`.
    pub fn read(&mut self, order: BrokerOrderId) {
        self.reads.insert(order);
    }

    /// Asks for a listing of the orders.
    pub fn catch_up(&mut self) {
        self.catch_up = true;
    }

    /// Whether anything is asked for.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.unknown.is_empty() && self.reads.is_empty() && !self.catch_up
    }

    /// Marks a follow-up task as started: true when the caller is to start one; false when one runs
    /// already (it takes what was asked for in its next round) or nothing is asked for.
    pub fn schedule(&mut self) -> bool {
        if self.scheduled || self.is_empty() {
            return false;
        }
        self.scheduled = true;
        true
    }

    /// Takes everything asked for so far, for the running task's round. The task stays marked as
    /// running while the round waits on reads, so requests arriving meanwhile start no second task.
    pub fn take(&mut self) -> Round {
        Round {
            unknown: std::mem::take(&mut self.unknown).into_values().collect(),
            reads: std::mem::take(&mut self.reads).into_iter().collect(),
            catch_up: std::mem::take(&mut self.catch_up),
        }
    }

    /// Ends the running task's round: true when more was asked for meanwhile (the task runs another
    /// round); otherwise the task ends, and the next request starts a new one.
    pub fn finish_round(&mut self) -> bool {
        if self.is_empty() {
            self.scheduled = false;
            return false;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::broker::{AccountHash, OrderChange};

    fn event(order: i64) -> OrderEvent {
        OrderEvent {
            account: AccountHash("H".into()),
            order: BrokerOrderId(order),
            change: OrderChange::Accepted,
            at: DateTime::<Utc>::UNIX_EPOCH,
        }
    }

    #[test]
    fn a_burst_is_one_round_with_each_order_read_once() {
        let now = DateTime::<Utc>::UNIX_EPOCH;
        let mut followups = Followups::default();
        assert!(!followups.schedule());
        followups.read(BrokerOrderId(7));
        followups.read(BrokerOrderId(7));
        followups.hold(event(8), now);
        followups.hold(event(8), now);
        assert!(followups.schedule());
        assert!(!followups.schedule());
        let round = followups.take();
        assert_eq!(round.reads, vec![BrokerOrderId(7)]);
        assert_eq!(round.unknown.len(), 1);
        assert_eq!(round.unknown[0].1.len(), 2);
        assert!(!round.catch_up);
        assert!(followups.is_empty());
        assert!(!followups.finish_round());
        followups.catch_up();
        assert!(followups.schedule());
    }

    #[test]
    fn requests_during_a_round_start_no_second_task_and_the_running_one_takes_them() {
        let mut followups = Followups::default();
        followups.read(BrokerOrderId(1));
        assert!(followups.schedule(), "the first request starts the task");
        let first = followups.take();
        assert_eq!(first.reads, vec![BrokerOrderId(1)]);
        // The round waits on its read; events keep coming.
        for order in 2..=50 {
            followups.read(BrokerOrderId(order));
            assert!(!followups.schedule(), "order {order} started a second task");
        }
        assert!(followups.finish_round(), "the running task goes on");
        let second = followups.take();
        assert_eq!(second.reads.len(), 49);
        assert!(!followups.finish_round(), "nothing left: the task ends");
        followups.catch_up();
        assert!(followups.schedule(), "a later request starts a new task");
    }
}
