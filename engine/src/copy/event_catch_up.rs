//! Property test: rows follow their orders through any interleaving of pushed events, lost events
//! (with or without a gap), duplicates, catch-up listings and single reads.

#[cfg(test)]
mod tests {
    use chrono::{DateTime, Utc};
    use proptest::prelude::*;
    use rust_decimal::Decimal;

    use crate::account::EventFit;
    use crate::broker::{OrderChange, SubmitOutcome, listed_order};
    use crate::copy::{CopyRow, RowState};
    use crate::ids::{AccountId, BrokerOrderId};
    use crate::order::{BrokerOrder, Instruction, OrderLeg, OrderRequest, OrderStatus};

    const ID: BrokerOrderId = BrokerOrderId(77);

    fn at(second: i64) -> DateTime<Utc> {
        DateTime::<Utc>::UNIX_EPOCH
            + chrono::Duration::days(20_000)
            + chrono::Duration::seconds(second)
    }

    /// How the brokerage's order ends after its fills.
    #[derive(Debug, Clone, Copy)]
    enum Ending {
        StillWorking,
        Canceled,
        Expired,
        Rejected,
    }

    /// What reaches copydesk of one brokerage change.
    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Delivery {
        Delivered,
        Twice,
        LostWithGap,
        LostSilently,
    }

    fn delivery() -> impl Strategy<Value = Delivery> {
        prop_oneof![
            6 => Just(Delivery::Delivered),
            1 => Just(Delivery::Twice),
            1 => Just(Delivery::LostWithGap),
            1 => Just(Delivery::LostSilently),
        ]
    }

    /// The brokerage's changes of one order of `quantity`: fills of the given sizes (as far as they
    /// go), then the ending; with the order as listed after each change.
    fn history(quantity: u32, fills: &[u32], ending: Ending) -> Vec<(OrderChange, BrokerOrder)> {
        let request = OrderRequest::market(OrderLeg::equity(Instruction::Buy, quantity, "AAPL"));
        let mut order = listed_order(&request, ID, at(0), OrderStatus::Working);
        let mut changes = vec![(OrderChange::Accepted, order.clone())];
        let mut notional = Decimal::ZERO;
        for (step, size) in fills.iter().enumerate() {
            let left = quantity - order.filled_quantity;
            if left == 0 {
                break;
            }
            let size = (*size).clamp(1, left);
            let price = Decimal::from(100 + step as i64);
            notional += price * Decimal::from(size);
            order.filled_quantity += size;
            order.remaining_quantity = quantity - order.filled_quantity;
            order.average_fill_price = Some(notional / Decimal::from(order.filled_quantity));
            order.status = if order.remaining_quantity == 0 {
                OrderStatus::Filled
            } else {
                OrderStatus::Working
            };
            changes.push((
                OrderChange::Filled {
                    filled: order.filled_quantity,
                    remaining: order.remaining_quantity,
                    price,
                    legs: Vec::new(),
                },
                order.clone(),
            ));
        }
        if order.status != OrderStatus::Filled {
            let (change, status) = match ending {
                Ending::StillWorking => return changes,
                Ending::Canceled => (OrderChange::Canceled, OrderStatus::Canceled),
                Ending::Expired => (OrderChange::Expired, OrderStatus::Expired),
                Ending::Rejected => (
                    OrderChange::Rejected {
                        reason: "no".into(),
                    },
                    OrderStatus::Rejected,
                ),
            };
            order.status = status;
            changes.push((change, order.clone()));
        }
        changes
    }

    fn ending() -> impl Strategy<Value = Ending> {
        prop_oneof![
            Just(Ending::StillWorking),
            Just(Ending::Canceled),
            Just(Ending::Expired),
            Just(Ending::Rejected),
        ]
    }

    fn shown(row: &CopyRow) -> (RowState, u32) {
        (row.state.clone(), row.filled_quantity)
    }

    #[test]
    fn a_write_the_brokerage_took_stays_taken_when_its_order_is_rejected_after() {
        let request = OrderRequest::market(OrderLeg::equity(Instruction::Buy, 5000, "MSFT"));
        let mut row = CopyRow::from_outcome(
            AccountId(1),
            request.clone(),
            &SubmitOutcome::Placed(ID),
            at(0),
        );
        row.apply_event(
            &OrderChange::Rejected {
                reason: "insufficient buying power".into(),
            },
            at(1),
        );
        assert!(row.write_accepted());
        assert!(!row.accepted());
        let refused = CopyRow::from_outcome(
            AccountId(2),
            request,
            &SubmitOutcome::Rejected("no".into()),
            at(0),
        );
        assert!(!refused.write_accepted());
    }

    #[test]
    fn the_creation_event_tells_when_the_brokerage_received_the_order() {
        let request = OrderRequest::market(OrderLeg::equity(Instruction::Buy, 2, "MSFT"));
        let mut row =
            CopyRow::from_outcome(AccountId(1), request, &SubmitOutcome::Placed(ID), at(0));
        assert_eq!(row.accepted_at, None);
        row.apply_event(&OrderChange::Created, at(3));
        assert_eq!(row.accepted_at, Some(at(3)));
        // A later event of the same order does not move it.
        row.apply_event(&OrderChange::Created, at(9));
        assert_eq!(row.accepted_at, Some(at(3)));
    }

    #[test]
    fn a_creation_event_handled_after_the_order_filled_still_sets_the_accepted_time() {
        let request = OrderRequest::market(OrderLeg::equity(Instruction::Buy, 2, "MSFT"));
        let mut row =
            CopyRow::from_outcome(AccountId(1), request, &SubmitOutcome::Placed(ID), at(0));
        row.apply_event(
            &OrderChange::Filled {
                filled: 2,
                remaining: 0,
                price: Decimal::from(100),
                legs: Vec::new(),
            },
            at(2),
        );
        assert_eq!(row.state, RowState::Order(OrderStatus::Filled));
        assert_eq!(row.accepted_at, None);
        assert_eq!(
            row.apply_event(&OrderChange::Created, at(1)),
            (true, EventFit::Applied)
        );
        assert_eq!(row.accepted_at, Some(at(1)));
        assert_eq!(row.state, RowState::Order(OrderStatus::Filled));
        // Nothing else moves a final row, and a second creation event changes nothing.
        assert_eq!(
            row.apply_event(&OrderChange::Created, at(5)),
            (false, EventFit::Applied)
        );
        assert_eq!(
            row.apply_event(&OrderChange::Canceled, at(6)),
            (false, EventFit::Applied)
        );
        assert_eq!(row.accepted_at, Some(at(1)));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Whatever is lost, doubled or read in between: events never move a row backwards, a gap's
        /// catch-up brings it to the truth, and after the last listing (the reconnect's catch-up or the
        /// safety-net poll) every row is at the brokerage's status and filled quantity. Without silent
        /// losses the events and the gaps' catch-ups alone get it there.
        #[test]
        fn rows_end_at_the_brokerage_s_truth(
            quantity in 1u32..500,
            fills in proptest::collection::vec(1u32..300, 0..6),
            ending in ending(),
            deliveries in proptest::collection::vec(delivery(), 12),
            reads in proptest::collection::vec(any::<bool>(), 12),
        ) {
            let history = history(quantity, &fills, ending);
            let request = OrderRequest::market(OrderLeg::equity(Instruction::Buy, quantity, "AAPL"));
            let mut row = CopyRow::from_outcome(AccountId(1), request, &SubmitOutcome::Placed(ID), at(0));
            let mut silent_loss = false;
            for (index, (change, truth)) in history.iter().enumerate() {
                let before = shown(&row);
                match deliveries[index % deliveries.len()] {
                    Delivery::Delivered => { row.apply_event(change, at(index as i64)); }
                    Delivery::Twice => {
                        row.apply_event(change, at(index as i64));
                        let (changed, fit) = row.apply_event(change, at(index as i64));
                        // A repeated fill changes nothing.
                        if matches!(change, OrderChange::Filled { .. }) {
                            prop_assert!(!changed && fit == EventFit::Applied);
                        }
                    }
                    // The gap is seen with the next item; its catch-up lists the order as it is now.
                    Delivery::LostWithGap => { row.absorb(truth); }
                    Delivery::LostSilently => silent_loss = true,
                }
                if reads[index % reads.len()] {
                    row.absorb(truth);
                }
                prop_assert!(row.filled_quantity >= before.1, "filled went back: {before:?} -> {:?}", shown(&row));
                if let RowState::Order(status) = &before.0 {
                    if status.is_final() {
                        prop_assert_eq!(&row.state, &before.0);
                    }
                }
            }
            let (_, last) = history.last().cloned().unwrap_or_else(|| unreachable!("a history starts with its acceptance"));
            if !silent_loss {
                let accepted_only = history.len() == 1;
                if !accepted_only {
                    prop_assert_eq!(shown(&row), (RowState::Order(last.status.clone()), last.filled_quantity));
                }
            }
            row.absorb(&last);
            prop_assert_eq!(shown(&row), (RowState::Order(last.status.clone()), last.filled_quantity));
        }
    }
}
