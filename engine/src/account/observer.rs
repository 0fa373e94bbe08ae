//! Who hears about the orders an account poll saw (the copy-trade read model does).

use chrono::{DateTime, Utc};

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

/// Told after every successful poll of an account.
pub trait OrderObserver: Send + Sync + 'static {
    /// What the account's latest poll listed.
    fn orders_seen(&self, account: AccountId, listing: OrderListing<'_>);
}

/// An observer that ignores every report (accounts used without copy trading).
#[derive(Debug, Clone, Copy, Default)]
pub struct IgnoreOrders;

impl OrderObserver for IgnoreOrders {
    fn orders_seen(&self, _account: AccountId, _listing: OrderListing<'_>) {}
}
