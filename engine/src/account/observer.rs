//! Who hears about the orders an account saw (the copy-trade read model does): listings from polls
//! and catch-ups, single orders read after an event, and the events themselves.

use chrono::{DateTime, Utc};

use crate::broker::OrderEvent;
use crate::ids::AccountId;
use crate::order::BrokerOrder;

/// One successful listing of an account's orders.
#[derive(Debug, Clone, Copy)]
pub struct OrderListing<'a> {
    /// The account's orders as the broker reports them now.
    pub orders: &'a [BrokerOrder],
    /// The earliest entry time the listing covers.
    pub from: DateTime<Utc>,
    /// When the listing was asked for (it covers every order entered up to at least this time).
    pub at: DateTime<Utc>,
}

/// How an order event fitted what the observer holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventFit {
    /// The event was applied (or changes nothing that is shown).
    Applied,
    /// The event was applied as far as it goes; reading the order once gives the rest (a spread's
    /// net fill price, the status a new order works in).
    NeedsRead,
    /// No row holds this order (yet): it may be an order whose placement has not answered, or an
    /// order that is not copydesk's.
    Unknown,
}

/// Told after every successful poll of an account, and of every order event it receives.
pub trait OrderObserver: Send + Sync + 'static {
    /// What the account's latest poll (or catch-up read) listed.
    fn orders_seen(&self, account: AccountId, listing: OrderListing<'_>);

    /// One order read on its own (after an event); only that order's rows learn from it.
    fn order_read(&self, account: AccountId, order: &BrokerOrder) {
        let _ = (account, order);
    }

    /// One change the brokerage pushed. Never causes an order to be written.
    fn order_event(&self, account: AccountId, event: &OrderEvent) -> EventFit {
        let _ = (account, event);
        EventFit::Applied
    }

    /// Whether reading `order` would still tell its rows anything: false once every row of it is final
    /// with all its figures (a single-leg order's fill price came with its events).
    fn needs_read(&self, account: AccountId, order: crate::ids::BrokerOrderId) -> bool {
        let _ = (account, order);
        true
    }

    /// Whether the account has a row that is not final (an open order, a pending or unsettled write,
    /// or a write in flight): only then is a listing worth its read when the account's order stream
    /// (re)connects, since a row that is final learns nothing more. True unless told otherwise.
    fn has_open_rows(&self, account: AccountId) -> bool {
        let _ = account;
        true
    }

    /// Whether rows of the account still wait to learn their order (pending or unsettled, or a
    /// write in flight): an event of an unknown order may then be theirs, worth a listing.
    fn awaits_orders(&self, account: AccountId) -> bool {
        let _ = account;
        false
    }
}

/// An observer that ignores every report (accounts used without copy trading).
#[derive(Debug, Clone, Copy, Default)]
pub struct IgnoreOrders;

impl OrderObserver for IgnoreOrders {
    fn orders_seen(&self, _account: AccountId, _listing: OrderListing<'_>) {}
}
