//! Who hears about the orders an account poll saw (the copy-trade read model does).

use crate::ids::AccountId;
use crate::order::BrokerOrder;

/// Told after every successful poll of an account.
pub trait OrderObserver: Send + Sync + 'static {
    /// `orders` are the account's recent orders as the broker reports them now.
    fn orders_seen(&self, account: AccountId, orders: &[BrokerOrder]);
}

/// An observer that ignores every report (accounts used without copy trading).
#[derive(Debug, Clone, Copy, Default)]
pub struct IgnoreOrders;

impl OrderObserver for IgnoreOrders {
    fn orders_seen(&self, _account: AccountId, _orders: &[BrokerOrder]) {}
}
