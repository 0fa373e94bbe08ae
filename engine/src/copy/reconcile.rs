//! Settling a row whose write is not known (pending after a restart, or unsettled) from an account's
//! order listing: one matching order is adopted, none (in a listing that covers the whole send window)
//! means the write never happened, and anything else waits. Nothing is ever resent from here.

use super::CopyRow;
use crate::account::OrderListing;
use crate::broker::matches_request;
use crate::ids::BrokerOrderId;
use crate::order::OrderStatus;

/// How far the broker's clock may differ from ours around a send.
pub const CLOCK_SKEW: chrono::Duration = chrono::Duration::seconds(5);
/// The longest a write can take from its row's entry time; an order a write made is entered within
/// this window after it. Under the default policy the worst case is a little over three minutes: up
/// to 30 s waiting for the account's write budget, 30 s of throttled tries and a 10 s time limit,
/// a listing of 4 tries (about 45 s), then the one resend (30 s throttled and 10 s); an order refused
/// for its token starts once more after a refresh and another budget wait. Five minutes covers it.
pub const WRITE_WINDOW: chrono::Duration = chrono::Duration::minutes(5);
/// How long after a write started an empty listing is believed: a broker may list a new order a
/// little after it accepted it.
pub const LISTING_GRACE: chrono::Duration = chrono::Duration::seconds(10);

/// The reason given to a pending row whose write never reached the broker.
pub const NOT_SENT: &str = "not sent: copydesk stopped before sending";
/// The reason given to an unsettled row once a full listing shows no order.
pub const NOT_PLACED: &str = "not placed";

/// What a listing says of a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    /// The order the write made: the row takes it.
    Adopt(BrokerOrderId),
    /// No order was made: the row becomes `FAILED_TO_PLACE` with this reason.
    NotPlaced(String),
    /// Several orders match: the row stays (or becomes) `UNSETTLED` with this reason.
    Ambiguous(String),
    /// The listing cannot tell yet.
    Wait,
}

/// What `listing` says of `row` (pending or unsettled), never adopting a `claimed` id.
#[must_use]
pub fn resolve(row: &CopyRow, listing: OrderListing<'_>, claimed: &[BrokerOrderId]) -> Resolution {
    let from = row.entered_time - CLOCK_SKEW;
    let to = row.entered_time + WRITE_WINDOW + CLOCK_SKEW;
    if listing.from > from {
        return Resolution::Wait;
    }
    let settled_listing = listing.at >= row.entered_time + LISTING_GRACE;
    let not_placed = || {
        if row.state == super::RowState::Pending {
            NOT_SENT.to_owned()
        } else {
            NOT_PLACED.to_owned()
        }
    };
    let matching = |excluded: Option<BrokerOrderId>| -> Vec<BrokerOrderId> {
        listing
            .orders
            .iter()
            .filter(|o| !claimed.contains(&o.id) && Some(o.id) != excluded)
            .filter(|o| matches_request(o, &row.request, from, to))
            .map(|o| o.id)
            .collect()
    };
    let pick = |found: Vec<BrokerOrderId>| match found.as_slice() {
        [one] => Some(Resolution::Adopt(*one)),
        [] => None,
        many => Some(Resolution::Ambiguous(format!(
            "{} matching orders are listed",
            many.len()
        ))),
    };
    match row.replaces {
        None => pick(matching(None)).unwrap_or_else(|| {
            if settled_listing {
                Resolution::NotPlaced(not_placed())
            } else {
                Resolution::Wait
            }
        }),
        Some(old) => {
            let Some(previous) = listing.orders.iter().find(|o| o.id == old) else {
                return Resolution::Wait;
            };
            match &previous.status {
                OrderStatus::Replaced => pick(matching(Some(old))).unwrap_or(Resolution::Wait),
                OrderStatus::PendingReplace => Resolution::Wait,
                status if status.is_final() => {
                    Resolution::NotPlaced(format!("order {old} is {status} and was not replaced"))
                }
                status if settled_listing => Resolution::NotPlaced(format!(
                    "{}; order {old} is still {status}",
                    not_placed()
                )),
                _ => Resolution::Wait,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, TimeZone, Utc};
    use rust_decimal_macros::dec;

    use super::*;
    use crate::broker::listed_order;
    use crate::copy::RowState;
    use crate::ids::AccountId;
    use crate::order::{BrokerOrder, Instruction, OrderLeg, OrderRequest};

    fn at(second: i64) -> DateTime<Utc> {
        // A fixed, valid date: `single` cannot fail for it.
        let base = Utc
            .with_ymd_and_hms(2024, 10, 14, 15, 0, 0)
            .single()
            .unwrap_or_default();
        base + chrono::Duration::seconds(second)
    }

    fn request() -> OrderRequest {
        OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 3, "AAPL"), dec!(100))
    }

    fn listed(id: i64, request: &OrderRequest, second: i64, status: OrderStatus) -> BrokerOrder {
        listed_order(request, BrokerOrderId(id), at(second), status)
    }

    fn pending() -> CopyRow {
        CopyRow::pending(AccountId(1), request(), None, at(0))
    }

    fn listing(orders: &[BrokerOrder], second: i64) -> OrderListing<'_> {
        OrderListing {
            orders,
            from: at(-3600),
            at: at(second),
        }
    }

    #[test]
    fn one_match_is_adopted_and_claimed_ids_are_never_taken() {
        let orders = [listed(7, &request(), 1, OrderStatus::Working)];
        assert_eq!(
            resolve(&pending(), listing(&orders, 30), &[]),
            Resolution::Adopt(BrokerOrderId(7))
        );
        assert_eq!(
            resolve(&pending(), listing(&orders, 30), &[BrokerOrderId(7)]),
            Resolution::NotPlaced(NOT_SENT.into())
        );
    }

    #[test]
    fn an_order_a_slow_write_entered_minutes_after_its_row_is_still_its_own() {
        // Budget wait, throttled tries, a lost answer, a listing and the resend: 200 s after the row.
        let orders = [listed(7, &request(), 200, OrderStatus::Working)];
        assert_eq!(
            resolve(&pending(), listing(&orders, 230), &[]),
            Resolution::Adopt(BrokerOrderId(7))
        );
        // An order entered after the window is another write's.
        let later = [listed(8, &request(), 5 * 60 + 10, OrderStatus::Working)];
        assert_eq!(
            resolve(&pending(), listing(&later, 400), &[]),
            Resolution::NotPlaced(NOT_SENT.into())
        );
    }

    #[test]
    fn none_is_believed_only_after_the_grace_and_when_the_listing_covers_the_send() {
        assert_eq!(resolve(&pending(), listing(&[], 3), &[]), Resolution::Wait);
        assert_eq!(
            resolve(&pending(), listing(&[], 11), &[]),
            Resolution::NotPlaced(NOT_SENT.into())
        );
        let late = OrderListing {
            orders: &[],
            from: at(-1),
            at: at(60),
        };
        assert_eq!(resolve(&pending(), late, &[]), Resolution::Wait);
        let mut unsettled = pending();
        unsettled.state = RowState::Unsettled;
        assert_eq!(
            resolve(&unsettled, listing(&[], 60), &[]),
            Resolution::NotPlaced(NOT_PLACED.into())
        );
    }

    #[test]
    fn two_matches_stay_unsettled_and_other_orders_do_not_count() {
        let other = OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 4, "AAPL"), dec!(100));
        let orders = [
            listed(7, &request(), 1, OrderStatus::Working),
            listed(8, &request(), 2, OrderStatus::Filled),
            listed(9, &other, 2, OrderStatus::Working),
            listed(10, &request(), 400, OrderStatus::Working),
        ];
        assert_eq!(
            resolve(&pending(), listing(&orders, 500), &[]),
            Resolution::Ambiguous("2 matching orders are listed".into())
        );
    }

    #[test]
    fn a_replace_follows_the_old_order() {
        let row = CopyRow::pending(AccountId(1), request(), Some(BrokerOrderId(5)), at(0));
        let old = |status| listed(5, &request(), -100, status);
        let new = listed(6, &request(), 1, OrderStatus::Working);
        assert_eq!(
            resolve(
                &row,
                listing(&[old(OrderStatus::Replaced), new.clone()], 30),
                &[]
            ),
            Resolution::Adopt(BrokerOrderId(6))
        );
        assert_eq!(
            resolve(&row, listing(&[old(OrderStatus::Working)], 30), &[]),
            Resolution::NotPlaced(format!("{NOT_SENT}; order 5 is still WORKING"))
        );
        assert_eq!(
            resolve(&row, listing(&[old(OrderStatus::Working)], 2), &[]),
            Resolution::Wait
        );
        assert_eq!(
            resolve(&row, listing(&[old(OrderStatus::Filled)], 2), &[]),
            Resolution::NotPlaced("order 5 is FILLED and was not replaced".into())
        );
        assert_eq!(resolve(&row, listing(&[new], 30), &[]), Resolution::Wait);
    }
}
