//! Order statuses as the broker reports them, and the one table of legal transitions.

use std::fmt;

use crate::wire_enum::wire_enum;

wire_enum! {
    /// The status of an order at the broker (the 21 values of Schwab's API).
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    pub enum OrderStatus("order status") {
        /// Waiting for a parent order to fill.
        AwaitingParentOrder => "AWAITING_PARENT_ORDER",
        /// Waiting for a condition to be met.
        AwaitingCondition => "AWAITING_CONDITION",
        /// Waiting for a stop condition to be met.
        AwaitingStopCondition => "AWAITING_STOP_CONDITION",
        /// Held for review by the broker.
        AwaitingManualReview => "AWAITING_MANUAL_REVIEW",
        /// Accepted by the broker, not yet routed.
        Accepted => "ACCEPTED",
        /// Waiting for an unsolicited-request-out confirmation.
        AwaitingUrOut => "AWAITING_UR_OUT",
        /// Received, waiting to become active.
        PendingActivation => "PENDING_ACTIVATION",
        /// Queued for the market (e.g. outside its session).
        Queued => "QUEUED",
        /// Working in the market; may be partly filled.
        Working => "WORKING",
        /// Refused by the broker. Final.
        Rejected => "REJECTED",
        /// A cancellation was requested and is in progress.
        PendingCancel => "PENDING_CANCEL",
        /// Cancelled. Final.
        Canceled => "CANCELED",
        /// A replacement was requested and is in progress.
        PendingReplace => "PENDING_REPLACE",
        /// Replaced by a new order. Final.
        Replaced => "REPLACED",
        /// Completely filled. Final.
        Filled => "FILLED",
        /// Ended unfilled at the end of its duration. Final.
        Expired => "EXPIRED",
        /// Just created.
        New => "NEW",
        /// Waiting for its release time.
        AwaitingReleaseTime => "AWAITING_RELEASE_TIME",
        /// Sent, not yet acknowledged by the market.
        PendingAcknowledgement => "PENDING_ACKNOWLEDGEMENT",
        /// A recall is in progress.
        PendingRecall => "PENDING_RECALL",
        /// The broker does not know the status.
        Unknown => "UNKNOWN",
    }
    other Other "A status word outside Schwab's documented list, kept as received."
}

impl OrderStatus {
    /// Whether the order can no longer change: FILLED, CANCELED, REJECTED, EXPIRED or REPLACED.
    #[must_use]
    pub fn is_final(&self) -> bool {
        matches!(
            self,
            Self::Filled | Self::Canceled | Self::Rejected | Self::Expired | Self::Replaced
        )
    }

    /// Whether the order is still alive (any status that is not final).
    #[must_use]
    pub fn is_open(&self) -> bool {
        !self.is_final()
    }

    /// Whether a cancellation or replacement is already under way.
    #[must_use]
    pub fn is_pending_change(&self) -> bool {
        matches!(self, Self::PendingCancel | Self::PendingReplace)
    }

    /// Applies `event` to this status: the whole order lifecycle in one table.
    ///
    /// A final status never changes. Fills may race a cancel or replace, so a
    /// pending cancel or replace still accepts fills.
    ///
    /// # Errors
    /// [`LifecycleError::Final`] when the status is final;
    /// [`LifecycleError::NotAllowed`] when the event makes no sense in this status
    /// (e.g. activating an order whose cancellation is pending).
    pub fn transition(self, event: OrderEvent) -> Result<OrderStatus, LifecycleError> {
        use OrderEvent as E;
        use OrderStatus as S;

        if self.is_final() {
            return Err(LifecycleError::Final {
                status: self,
                event,
            });
        }
        let pending_change = self.is_pending_change();
        let next = match (&self, event) {
            // Acknowledgement: only before the order works.
            (S::Working, E::Accepted) => None,
            (_, E::Accepted) if pending_change => None,
            (_, E::Accepted) => Some(S::Queued),
            // Activation: into the market, unless a change is pending.
            (S::Working, E::Activated) => None,
            (_, E::Activated) if pending_change => None,
            (_, E::Activated) => Some(S::Working),
            // Fills: complete ends the order; partial keeps a pending change pending.
            (_, E::Filled { complete: true }) => Some(S::Filled),
            (_, E::Filled { complete: false }) if pending_change => Some(self.clone()),
            (_, E::Filled { complete: false }) => Some(S::Working),
            // Cancel and replace requests exclude each other.
            (S::PendingReplace, E::CancelRequested) => None,
            (S::PendingCancel, E::ReplaceRequested) => None,
            (S::PendingReplace, E::ReplaceRequested) => None,
            (_, E::CancelRequested) => Some(S::PendingCancel),
            (_, E::ReplaceRequested) => Some(S::PendingReplace),
            // Endings.
            (_, E::Canceled) => Some(S::Canceled),
            (_, E::Replaced) => Some(S::Replaced),
            (_, E::Rejected) => Some(S::Rejected),
            (_, E::Expired) => Some(S::Expired),
        };
        next.ok_or(LifecycleError::NotAllowed {
            status: self,
            event,
        })
    }
}

/// Something that happens to an order and may change its status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderEvent {
    /// The broker accepted the order and queued it (→ QUEUED).
    Accepted,
    /// The order went to the market (→ WORKING).
    Activated,
    /// Some or all of the order filled (`complete` → FILLED, else still working).
    Filled {
        /// Whether nothing remains to fill.
        complete: bool,
    },
    /// A cancellation was asked for (→ PENDING_CANCEL).
    CancelRequested,
    /// The order was cancelled (→ CANCELED).
    Canceled,
    /// A replacement was asked for (→ PENDING_REPLACE).
    ReplaceRequested,
    /// The order was replaced by a new one (→ REPLACED).
    Replaced,
    /// The broker refused the order (→ REJECTED).
    Rejected,
    /// The order's duration ran out (→ EXPIRED).
    Expired,
}

impl fmt::Display for OrderEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Self::Accepted => "accept",
            Self::Activated => "activate",
            Self::Filled { complete: true } => "fill completely",
            Self::Filled { complete: false } => "fill partly",
            Self::CancelRequested => "request a cancel",
            Self::Canceled => "cancel",
            Self::ReplaceRequested => "request a replace",
            Self::Replaced => "replace",
            Self::Rejected => "reject",
            Self::Expired => "expire",
        };
        f.write_str(text)
    }
}

/// An event that the order's status does not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LifecycleError {
    /// The order already has a final status.
    #[error("cannot {event} an order that is {status}: the status is final")]
    Final {
        /// The order's (final) status.
        status: OrderStatus,
        /// The refused event.
        event: OrderEvent,
    },
    /// The event makes no sense in this status.
    #[error("cannot {event} an order that is {status}")]
    NotAllowed {
        /// The order's status.
        status: OrderStatus,
        /// The refused event.
        event: OrderEvent,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVENTS: [OrderEvent; 10] = [
        OrderEvent::Accepted,
        OrderEvent::Activated,
        OrderEvent::Filled { complete: true },
        OrderEvent::Filled { complete: false },
        OrderEvent::CancelRequested,
        OrderEvent::Canceled,
        OrderEvent::ReplaceRequested,
        OrderEvent::Replaced,
        OrderEvent::Rejected,
        OrderEvent::Expired,
    ];

    #[test]
    fn all_21_schwab_statuses_parse_and_unknown_words_are_kept() -> anyhow::Result<()> {
        assert_eq!(OrderStatus::KNOWN.len(), 21);
        for status in OrderStatus::KNOWN {
            let json = serde_json::to_string(status)?;
            assert_eq!(serde_json::from_str::<OrderStatus>(&json)?, *status);
        }
        assert_eq!(
            serde_json::from_str::<OrderStatus>("\"HALTED\"")?,
            OrderStatus::Other("HALTED".to_owned())
        );
        Ok(())
    }

    #[test]
    fn final_statuses_are_exactly_the_five() {
        let finals: Vec<&str> = OrderStatus::KNOWN
            .iter()
            .filter(|s| s.is_final())
            .map(OrderStatus::as_str)
            .collect();
        assert_eq!(
            finals,
            ["REJECTED", "CANCELED", "REPLACED", "FILLED", "EXPIRED"]
        );
        assert!(OrderStatus::Working.is_open());
        assert!(OrderStatus::Other("HALTED".to_owned()).is_open());
    }

    #[test]
    fn happy_path_pending_to_queued_to_working_to_filled() -> anyhow::Result<()> {
        let status = OrderStatus::PendingActivation
            .transition(OrderEvent::Accepted)?
            .transition(OrderEvent::Activated)?;
        assert_eq!(status, OrderStatus::Working);
        let status = status.transition(OrderEvent::Filled { complete: false })?;
        assert_eq!(status, OrderStatus::Working);
        assert_eq!(
            status.transition(OrderEvent::Filled { complete: true })?,
            OrderStatus::Filled
        );
        Ok(())
    }

    #[test]
    fn the_transition_table() {
        use OrderEvent as E;
        use OrderStatus as S;
        let ok = |from: S, event: E, to: S| {
            assert_eq!(from.clone().transition(event), Ok(to), "{from} + {event}");
        };
        let refused = |from: S, event: E| {
            assert_eq!(
                from.clone().transition(event),
                Err(LifecycleError::NotAllowed {
                    status: from.clone(),
                    event
                }),
                "{from} + {event}"
            );
        };
        ok(S::New, E::Accepted, S::Queued);
        ok(S::Queued, E::Activated, S::Working);
        ok(S::PendingActivation, E::Activated, S::Working);
        ok(S::Working, E::CancelRequested, S::PendingCancel);
        ok(S::PendingCancel, E::Canceled, S::Canceled);
        ok(S::PendingCancel, E::CancelRequested, S::PendingCancel);
        ok(
            S::PendingCancel,
            E::Filled { complete: false },
            S::PendingCancel,
        );
        ok(S::PendingCancel, E::Filled { complete: true }, S::Filled);
        ok(S::Working, E::ReplaceRequested, S::PendingReplace);
        ok(S::PendingReplace, E::Replaced, S::Replaced);
        ok(
            S::PendingReplace,
            E::Filled { complete: false },
            S::PendingReplace,
        );
        ok(S::Queued, E::Rejected, S::Rejected);
        ok(S::Working, E::Expired, S::Expired);
        ok(S::Queued, E::Filled { complete: true }, S::Filled);
        refused(S::Working, E::Accepted);
        refused(S::Working, E::Activated);
        refused(S::PendingCancel, E::Activated);
        refused(S::PendingCancel, E::ReplaceRequested);
        refused(S::PendingReplace, E::CancelRequested);
        refused(S::PendingReplace, E::ReplaceRequested);
        refused(S::PendingReplace, E::Accepted);
    }

    #[test]
    fn a_final_status_never_changes() {
        for status in OrderStatus::KNOWN.iter().filter(|s| s.is_final()) {
            for event in EVENTS {
                assert_eq!(
                    status.clone().transition(event),
                    Err(LifecycleError::Final {
                        status: status.clone(),
                        event
                    })
                );
            }
        }
    }

    #[test]
    fn errors_read_as_sentences() {
        let err = OrderStatus::Filled.transition(OrderEvent::Canceled).err();
        assert_eq!(
            err.map(|e| e.to_string()),
            Some("cannot cancel an order that is FILLED: the status is final".to_owned())
        );
    }

    mod lifecycle_properties {
        use super::*;
        use proptest::prelude::*;

        fn any_status() -> impl Strategy<Value = OrderStatus> {
            prop::sample::select(OrderStatus::KNOWN.to_vec())
        }

        fn any_event() -> impl Strategy<Value = OrderEvent> {
            prop::sample::select(EVENTS.to_vec())
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(128))]
            #[test]
            fn once_final_always_final(start in any_status(), events in prop::collection::vec(any_event(), 0..24)) {
                let mut status = start;
                let mut final_seen: Option<OrderStatus> = None;
                for event in events {
                    match status.clone().transition(event) {
                        Ok(next) => {
                            prop_assert!(final_seen.is_none(), "{:?} left final status", status);
                            status = next;
                        }
                        Err(LifecycleError::Final { status: kept, .. }) => {
                            prop_assert!(kept.is_final());
                        }
                        Err(LifecycleError::NotAllowed { status: kept, .. }) => {
                            prop_assert!(!kept.is_final());
                        }
                    }
                    if status.is_final() {
                        final_seen.get_or_insert_with(|| status.clone());
                    }
                }
                if let Some(first_final) = final_seen {
                    prop_assert_eq!(first_final, status);
                }
            }
        }
    }
}
