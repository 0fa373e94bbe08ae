//! The paper market's order events as one login's stream: the market's broadcast, filtered to the
//! accounts the login reaches.

use std::collections::HashSet;

use async_trait::async_trait;
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::RecvError;

use crate::broker::order_stream::{OrderStream, StreamEnd, StreamItem};
use crate::broker::{AccountHash, OrderEvent};

/// One login's view of the paper market's order events.
#[derive(Debug)]
pub struct PaperOrderStream {
    events: broadcast::Receiver<OrderEvent>,
    accounts: HashSet<AccountHash>,
    ended: bool,
}

impl PaperOrderStream {
    /// A stream of the events of `accounts`, read from the market's `events`.
    #[must_use]
    pub fn new(
        events: broadcast::Receiver<OrderEvent>,
        accounts: impl IntoIterator<Item = AccountHash>,
    ) -> Self {
        Self {
            events,
            accounts: accounts.into_iter().collect(),
            ended: false,
        }
    }
}

#[async_trait]
impl OrderStream for PaperOrderStream {
    async fn next(&mut self) -> StreamItem {
        if self.ended {
            return StreamItem::Closed(StreamEnd::Dropped("the stream was logged out".into()));
        }
        loop {
            match self.events.recv().await {
                Ok(event) if self.accounts.contains(&event.account) => {
                    return StreamItem::Event(event);
                }
                Ok(_) => {}
                // Events of this login may be among the lost ones.
                Err(RecvError::Lagged(_)) => return StreamItem::Gap,
                Err(RecvError::Closed) => {
                    self.ended = true;
                    return StreamItem::Closed(StreamEnd::Dropped(
                        "the paper market stopped".into(),
                    ));
                }
            }
        }
    }

    async fn logout(&mut self) {
        self.ended = true;
    }
}
