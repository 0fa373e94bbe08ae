//! A bounded channel that never blocks its sender: a full channel drops the item and tells the
//! receiver, at its next read, that items were lost (so it can catch up another way).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::mpsc;
use tokio::sync::mpsc::error::TrySendError;

/// What a receiver reads next.
#[derive(Debug, Clone, PartialEq)]
pub enum Lossy<T> {
    /// The next item, in the order sent.
    Item(T),
    /// Items were lost because the channel was full.
    Lost,
    /// Every sender is gone.
    Ended,
}

/// The sending end; clones send into the same channel.
#[derive(Debug)]
pub struct LossySender<T> {
    items: mpsc::Sender<T>,
    lost: Arc<AtomicBool>,
}

impl<T> Clone for LossySender<T> {
    fn clone(&self) -> Self {
        Self {
            items: self.items.clone(),
            lost: Arc::clone(&self.lost),
        }
    }
}

/// The receiving end.
#[derive(Debug)]
pub struct LossyReceiver<T> {
    items: mpsc::Receiver<T>,
    lost: Arc<AtomicBool>,
}

/// A channel holding up to `capacity` unread items.
#[must_use]
pub fn lossy_channel<T>(capacity: usize) -> (LossySender<T>, LossyReceiver<T>) {
    let (items, receiver) = mpsc::channel(capacity.max(1));
    let lost = Arc::new(AtomicBool::new(false));
    (
        LossySender {
            items,
            lost: Arc::clone(&lost),
        },
        LossyReceiver {
            items: receiver,
            lost,
        },
    )
}

impl<T> LossySender<T> {
    /// Sends `item` without waiting; a full channel drops it and marks the loss. `false` when the
    /// receiver is gone.
    pub fn send(&self, item: T) -> bool {
        match self.items.try_send(item) {
            Ok(()) => true,
            Err(TrySendError::Full(_)) => {
                self.lost.store(true, Ordering::Release);
                true
            }
            Err(TrySendError::Closed(_)) => false,
        }
    }

    /// Whether the receiver is gone.
    #[must_use]
    pub fn is_closed(&self) -> bool {
        self.items.is_closed()
    }
}

impl<T> LossyReceiver<T> {
    /// The next item; [`Lossy::Lost`] first when items were lost since the last read.
    pub async fn recv(&mut self) -> Lossy<T> {
        if self.lost.swap(false, Ordering::AcqRel) {
            return Lossy::Lost;
        }
        match self.items.recv().await {
            Some(item) => Lossy::Item(item),
            None => Lossy::Ended,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn items_come_in_order_a_full_channel_reports_the_loss_then_the_kept_items() {
        let (sender, mut receiver) = lossy_channel(2);
        assert!(sender.send(1));
        assert!(sender.send(2));
        assert!(sender.send(3), "a full channel still takes the call");
        assert_eq!(receiver.recv().await, Lossy::Lost);
        assert_eq!(receiver.recv().await, Lossy::Item(1));
        assert_eq!(receiver.recv().await, Lossy::Item(2));
        assert!(sender.send(4));
        assert_eq!(receiver.recv().await, Lossy::Item(4));
        let clone = sender.clone();
        assert!(clone.send(5));
        assert_eq!(receiver.recv().await, Lossy::Item(5));
        drop((sender, clone));
        assert_eq!(receiver.recv().await, Lossy::Ended);
    }

    #[test]
    fn a_gone_receiver_closes_the_channel() {
        let (sender, receiver) = lossy_channel::<u8>(1);
        assert!(!sender.is_closed());
        drop(receiver);
        assert!(sender.is_closed());
        assert!(!sender.send(1));
    }
}
