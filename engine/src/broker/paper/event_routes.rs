//! Order events routed to the streams of the accounts they concern, so an event costs what its
//! account's streams cost, not what every stream costs.

use std::collections::HashMap;

use crate::broker::{AccountHash, LossyReceiver, LossySender, OrderEvent, lossy_channel};

/// Events one stream may hold unread; past that it loses them and is told so once it reads again.
pub const STREAM_BACKLOG: usize = 1_024;

/// The open streams of each account.
#[derive(Debug, Default)]
pub struct EventRoutes {
    by_account: HashMap<AccountHash, Vec<LossySender<OrderEvent>>>,
}

/// A stream's end in the reader: the events of the accounts it subscribed, in the market's order.
pub type RoutedEvents = LossyReceiver<OrderEvent>;

impl EventRoutes {
    /// A stream of the events of `accounts` from now on.
    pub fn subscribe(&mut self, accounts: &[AccountHash]) -> RoutedEvents {
        let (events, receiver) = lossy_channel(STREAM_BACKLOG);
        for account in accounts {
            let routes = self.by_account.entry(account.clone()).or_default();
            routes.retain(|r| !r.is_closed());
            routes.push(events.clone());
        }
        receiver
    }

    /// Hands `event` to every open stream of its account; a stream that is full is marked as having
    /// lost events, and closed streams are forgotten.
    pub fn publish(&mut self, event: &OrderEvent) {
        let Some(routes) = self.by_account.get_mut(&event.account) else {
            return;
        };
        routes.retain(|route| route.send(event.clone()));
        if routes.is_empty() {
            self.by_account.remove(&event.account);
        }
    }

    /// Whether any stream is open.
    #[must_use]
    pub fn is_listened(&self) -> bool {
        self.by_account
            .values()
            .flatten()
            .any(|route| !route.is_closed())
    }
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, Utc};

    use super::*;
    use crate::broker::{Lossy, OrderChange};
    use crate::ids::BrokerOrderId;

    fn event(account: &str, order: i64) -> OrderEvent {
        OrderEvent {
            account: AccountHash(account.to_owned()),
            order: BrokerOrderId(order),
            change: OrderChange::Accepted,
            at: DateTime::<Utc>::UNIX_EPOCH,
        }
    }

    fn hash(account: &str) -> AccountHash {
        AccountHash(account.to_owned())
    }

    #[tokio::test]
    async fn a_stream_reads_only_its_accounts_events_in_order() {
        let mut routes = EventRoutes::default();
        let mut both = routes.subscribe(&[hash("A"), hash("B")]);
        let mut only_b = routes.subscribe(&[hash("B")]);
        for (account, order) in [("A", 1), ("C", 2), ("B", 3), ("A", 4)] {
            routes.publish(&event(account, order));
        }
        assert_eq!(both.recv().await, Lossy::Item(event("A", 1)));
        assert_eq!(both.recv().await, Lossy::Item(event("B", 3)));
        assert_eq!(both.recv().await, Lossy::Item(event("A", 4)));
        assert_eq!(only_b.recv().await, Lossy::Item(event("B", 3)));
        drop(routes);
        assert_eq!(only_b.recv().await, Lossy::Ended);
    }

    #[tokio::test]
    async fn a_stream_past_its_backlog_is_told_it_lost_events_then_reads_on() {
        let mut routes = EventRoutes::default();
        let mut stream = routes.subscribe(&[hash("A")]);
        let sent = i64::try_from(STREAM_BACKLOG).unwrap_or(i64::MAX) + 5;
        for order in 1..=sent {
            routes.publish(&event("A", order));
        }
        assert_eq!(stream.recv().await, Lossy::Lost);
        assert_eq!(stream.recv().await, Lossy::Item(event("A", 1)));
        routes.publish(&event("A", sent + 1));
        let mut last = None;
        for _ in 1..STREAM_BACKLOG {
            last = Some(stream.recv().await);
        }
        assert_eq!(last, Some(Lossy::Item(event("A", sent - 5))));
        assert_eq!(stream.recv().await, Lossy::Item(event("A", sent + 1)));
    }

    #[test]
    fn closed_streams_are_forgotten() {
        let mut routes = EventRoutes::default();
        assert!(!routes.is_listened());
        let stream = routes.subscribe(&[hash("A"), hash("B")]);
        assert!(routes.is_listened());
        drop(stream);
        assert!(!routes.is_listened());
        routes.publish(&event("A", 1));
        assert!(!routes.by_account.contains_key(&hash("A")));
        let _kept = routes.subscribe(&[hash("B")]);
        assert_eq!(routes.by_account.get(&hash("B")).map(Vec::len), Some(1));
    }
}
