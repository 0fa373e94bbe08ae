//! A login's stream of order events: what a brokerage pushes as its orders change, and how it ends.

use async_trait::async_trait;

use super::error::BrokerError;
use super::order_event::OrderEvent;

/// What the next read of an order stream gives.
#[derive(Debug, Clone, PartialEq)]
pub enum StreamItem {
    /// One change of one order.
    Event(OrderEvent),
    /// Events may have been lost here (a gap in the brokerage's numbering, or a subscriber that fell
    /// behind): the receiver must read the orders to catch up.
    Gap,
    /// The stream ended; the receiver reconnects, and catches up by reading once connected again.
    Closed(StreamEnd),
}

/// Why a stream ended.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StreamEnd {
    /// The brokerage closed the connection or the line failed.
    #[error("the stream was disconnected: {0}")]
    Dropped(String),
    /// Nothing, not even a heartbeat, arrived for too long.
    #[error("the stream went silent")]
    Silent,
    /// The brokerage ended the stream because another connection of the same login logged in.
    #[error("another connection of this login took over the stream")]
    Superseded,
    /// The brokerage refused the login's token on the open stream.
    #[error("the stream's login was refused: {0}")]
    LoginDenied(String),
}

/// Why a stream could not be opened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StreamError {
    /// This brokerage pushes no order events; its accounts are polled.
    #[error("this brokerage has no order stream")]
    Unsupported,
    /// A call made to open the stream failed (the streamer's address, the token).
    #[error(transparent)]
    Broker(#[from] BrokerError),
    /// The streamer refused the login (a bad or expired token).
    #[error("the streamer refused the login: {0}")]
    LoginDenied(String),
    /// The streamer could not be reached or broke the handshake.
    #[error("the streamer could not be reached: {0}")]
    Connect(String),
    /// The streamer refused the subscription to account activity.
    #[error("the streamer refused the account activity subscription: {0}")]
    SubscriptionRefused(String),
}

impl StreamError {
    /// Whether opening again later may work without a new login (everything but an unsupported
    /// brokerage and a dead login).
    #[must_use]
    pub fn may_pass(&self) -> bool {
        !matches!(
            self,
            Self::Unsupported | Self::Broker(BrokerError::ReauthorizationNeeded)
        )
    }
}

/// An open stream of one login's order events, for every account the login reaches.
#[async_trait]
pub trait OrderStream: Send {
    /// Waits for the next item. After [`StreamItem::Closed`] the stream is spent.
    async fn next(&mut self) -> StreamItem;

    /// Ends the stream politely (Schwab's `ADMIN LOGOUT`); errors are of no interest any more.
    async fn logout(&mut self);
}
