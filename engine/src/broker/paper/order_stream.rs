//! The paper market's order events as one login's stream: the events of the accounts the login
//! reaches, routed to it by the market.

use async_trait::async_trait;

use super::event_routes::RoutedEvents;
use crate::broker::Lossy;
use crate::broker::order_stream::{OrderStream, StreamEnd, StreamItem};

/// One login's view of the paper market's order events.
#[derive(Debug)]
pub struct PaperOrderStream {
    events: RoutedEvents,
    ended: bool,
}

impl PaperOrderStream {
    /// A stream reading `events`, the market's route for the login's accounts.
    #[must_use]
    pub fn new(events: RoutedEvents) -> Self {
        Self {
            events,
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
        match self.events.recv().await {
            Lossy::Item(event) => StreamItem::Event(event),
            // Events of this login are among the lost ones.
            Lossy::Lost => StreamItem::Gap,
            Lossy::Ended => {
                self.ended = true;
                StreamItem::Closed(StreamEnd::Dropped("the paper market stopped".into()))
            }
        }
    }

    async fn logout(&mut self) {
        self.ended = true;
    }
}
