//! Whether an order listed at the broker is the one a lost write sent.

use chrono::{DateTime, Utc};

use crate::order::{BrokerOrder, OrderLeg, OrderRequest, OrderType};

/// Whether `order` carries exactly what `request` asked for and was entered within `[from, to]`.
///
/// Only an order that stands alone can be copydesk's (copydesk never places brackets): an order of a
/// bracket never matches. Compares legs (symbol, instruction, quantity, in any order; a fund listed as
/// COLLECTIVE_INVESTMENT matches the EQUITY leg sent), total quantity, order type, session, duration,
/// price, stop price (the trailing offset for trailing stops) and entry time.
#[must_use]
pub fn matches_request(
    order: &BrokerOrder,
    request: &OrderRequest,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> bool {
    let stops_match = if request.order_type == OrderType::TrailingStop {
        order.stop_price_offset == request.stop_price_offset
            && order.stop_price_link_type == request.stop_price_link_type
    } else {
        order.stop_price == request.stop_price
    };
    order.is_standalone()
        && order.entered_time >= from
        && order.entered_time <= to
        && order.order_type == request.order_type
        && order.session == request.session
        && order.duration == request.duration
        && order.quantity == request.total_quantity()
        && same_price(order, request)
        && stops_match
        && same_legs(order, &request.legs)
}

/// Prices agree; orders that carry no price (MARKET, NET_ZERO) may be listed with a zero one.
fn same_price(order: &BrokerOrder, request: &OrderRequest) -> bool {
    let unpriced = matches!(request.order_type, OrderType::Market | OrderType::NetZero);
    if unpriced {
        order.price.unwrap_or_default().is_zero() && request.price.unwrap_or_default().is_zero()
    } else {
        order.price == request.price
    }
}

fn same_legs(order: &BrokerOrder, legs: &[OrderLeg]) -> bool {
    let key = |symbol: &str, leg: (&str, u32)| (symbol.trim().to_owned(), leg.0.to_owned(), leg.1);
    let mut listed: Vec<_> = order
        .legs
        .iter()
        .map(|l| key(&l.symbol, (l.instruction.as_str(), l.quantity)))
        .collect();
    let mut asked: Vec<_> = legs
        .iter()
        .map(|l| key(&l.symbol, (l.instruction.as_str(), l.quantity)))
        .collect();
    listed.sort();
    asked.sort();
    listed == asked
}

/// An order as a broker would list it for `request` (tests of matching and reconciling).
#[cfg(test)]
pub(crate) fn listed_order(
    request: &OrderRequest,
    id: crate::ids::BrokerOrderId,
    entered: DateTime<Utc>,
    status: crate::order::OrderStatus,
) -> BrokerOrder {
    use crate::order::{AssetType, BrokerOrderLeg, ComplexOrderStrategy, Duration, Session};
    BrokerOrder {
        id,
        session: Session::Normal,
        duration: Duration::Day,
        order_type: request.order_type.clone(),
        complex_order_strategy_type: ComplexOrderStrategy::None,
        quantity: request.total_quantity(),
        filled_quantity: 0,
        remaining_quantity: request.total_quantity(),
        price: request.price,
        stop_price: request.stop_price,
        stop_price_link_basis: None,
        stop_price_link_type: None,
        stop_price_offset: None,
        status,
        status_description: None,
        entered_time: entered,
        close_time: None,
        legs: request
            .legs
            .iter()
            .map(|l| BrokerOrderLeg {
                instruction: l.instruction,
                quantity: l.quantity,
                symbol: l.symbol.clone(),
                asset_type: AssetType::Equity,
                description: None,
                put_call: None,
                underlying: None,
            })
            .collect(),
        average_fill_price: None,
        first_fill_time: None,
        last_fill_time: None,
        strategy: crate::order::OrderStrategy::Single,
        parent: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::BrokerOrderId;
    use crate::order::{ComplexOrderStrategy, Instruction, OrderStatus, OrderType};
    use chrono::TimeZone;
    use rust_decimal_macros::dec;

    fn at(second: u32) -> anyhow::Result<DateTime<Utc>> {
        Utc.with_ymd_and_hms(2024, 10, 14, 15, 0, second)
            .single()
            .ok_or_else(|| anyhow::anyhow!("fixed test date"))
    }

    fn listed(request: &OrderRequest, entered: DateTime<Utc>) -> BrokerOrder {
        listed_order(request, BrokerOrderId(1), entered, OrderStatus::Working)
    }

    #[test]
    fn same_order_in_the_window_matches_and_any_difference_does_not() -> anyhow::Result<()> {
        let request =
            OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 10, "AAPL"), dec!(230.00));
        let order = listed(&request, at(5)?);
        assert!(matches_request(&order, &request, at(0)?, at(10)?));
        assert!(!matches_request(&order, &request, at(6)?, at(10)?));
        assert!(!matches_request(&order, &request, at(0)?, at(4)?));

        let other_price = OrderRequest {
            price: Some(dec!(230.01)),
            ..request.clone()
        };
        assert!(!matches_request(&order, &other_price, at(0)?, at(10)?));
        let other_quantity =
            OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 11, "AAPL"), dec!(230));
        assert!(!matches_request(&order, &other_quantity, at(0)?, at(10)?));
        let other_side =
            OrderRequest::limit(OrderLeg::equity(Instruction::Sell, 10, "AAPL"), dec!(230));
        assert!(!matches_request(&order, &other_side, at(0)?, at(10)?));
        let other_symbol =
            OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 10, "MSFT"), dec!(230));
        assert!(!matches_request(&order, &other_symbol, at(0)?, at(10)?));
        let market = OrderRequest::market(OrderLeg::equity(Instruction::Buy, 10, "AAPL"));
        assert!(!matches_request(&order, &market, at(0)?, at(10)?));
        Ok(())
    }

    #[test]
    fn orders_of_a_bracket_never_match() -> anyhow::Result<()> {
        let request = OrderRequest::stop(OrderLeg::equity(Instruction::Sell, 10, "SPY"), dec!(560));
        let mut order = listed(&request, at(5)?);
        if let Some(leg) = order.legs.first_mut() {
            leg.asset_type = crate::order::AssetType::CollectiveInvestment;
        }
        assert!(matches_request(&order, &request, at(0)?, at(10)?));
        let child = BrokerOrder {
            parent: Some(BrokerOrderId(99)),
            ..order.clone()
        };
        assert!(!matches_request(&child, &request, at(0)?, at(10)?));
        let first = BrokerOrder {
            strategy: crate::order::OrderStrategy::Trigger,
            ..order
        };
        assert!(!matches_request(&first, &request, at(0)?, at(10)?));
        Ok(())
    }

    #[test]
    fn spreads_match_on_every_leg_and_unpriced_ones_on_a_zero_price() -> anyhow::Result<()> {
        let legs = vec![
            OrderLeg::option(Instruction::BuyToOpen, 1, "AAPL  241018C00230000"),
            OrderLeg::option(Instruction::SellToOpen, 1, "AAPL  241018C00235000"),
        ];
        let zero = OrderRequest::spread(
            ComplexOrderStrategy::Vertical,
            OrderType::NetZero,
            2,
            None,
            legs.clone(),
        );
        let mut listed_zero = listed(&zero, at(5)?);
        assert!(matches_request(&listed_zero, &zero, at(0)?, at(10)?));
        listed_zero.price = Some(dec!(0));
        assert!(matches_request(&listed_zero, &zero, at(0)?, at(10)?));
        listed_zero.price = Some(dec!(0.05));
        assert!(!matches_request(&listed_zero, &zero, at(0)?, at(10)?));

        let debit = OrderRequest::spread(
            ComplexOrderStrategy::Vertical,
            OrderType::NetDebit,
            2,
            Some(dec!(1.10)),
            legs.clone(),
        );
        let listed_debit = listed(&debit, at(5)?);
        assert!(matches_request(&listed_debit, &debit, at(0)?, at(10)?));
        let three = OrderRequest::spread(
            ComplexOrderStrategy::Vertical,
            OrderType::NetDebit,
            3,
            Some(dec!(1.10)),
            legs.clone(),
        );
        assert!(!matches_request(&listed_debit, &three, at(0)?, at(10)?));
        let closing = OrderRequest::spread(
            ComplexOrderStrategy::Vertical,
            OrderType::NetDebit,
            2,
            Some(dec!(1.10)),
            legs.iter().map(OrderLeg::reversed).collect(),
        );
        assert!(!matches_request(&listed_debit, &closing, at(0)?, at(10)?));
        Ok(())
    }
}
