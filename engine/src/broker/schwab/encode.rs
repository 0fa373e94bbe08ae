//! Builds Schwab order request bodies from copydesk's order requests.

use crate::order::{ComplexOrderStrategy, OrderRequest};

use super::models::{WireInstrumentRequest, WireOrderLegRequest, WireOrderRequest};

/// Every order copydesk sends is a single order strategy (no OCO or triggers).
const ORDER_STRATEGY_SINGLE: &str = "SINGLE";

/// The JSON body for `POST .../orders` or `PUT .../orders/{id}`.
///
/// The top-level quantity is sent only for complex (spread) orders, where it is the number of spreads.
#[must_use]
pub fn order_body(request: &OrderRequest) -> WireOrderRequest {
    let complex = request.complex_order_strategy_type != ComplexOrderStrategy::None;
    WireOrderRequest {
        session: request.session.as_str().to_owned(),
        duration: request.duration.as_str().to_owned(),
        order_type: request.order_type.as_str().to_owned(),
        complex_order_strategy_type: Some(request.complex_order_strategy_type.as_str().to_owned()),
        quantity: if complex {
            Some(request.total_quantity())
        } else {
            None
        },
        price: request.price,
        stop_price: request.stop_price,
        stop_price_link_basis: request.stop_price_link_basis.map(|b| b.as_str().to_owned()),
        stop_price_link_type: request.stop_price_link_type.map(|t| t.as_str().to_owned()),
        stop_price_offset: request.stop_price_offset,
        order_strategy_type: ORDER_STRATEGY_SINGLE.to_owned(),
        order_leg_collection: request
            .legs
            .iter()
            .map(|leg| WireOrderLegRequest {
                instruction: leg.instruction.as_str().to_owned(),
                quantity: leg.quantity,
                instrument: WireInstrumentRequest {
                    symbol: leg.symbol.clone(),
                    asset_type: leg.asset_type.as_str().to_owned(),
                },
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::broker::schwab::fixture::schwab_fixture;
    use crate::order::{Duration, Instruction, LinkType, OrderLeg, OrderType, Session};
    use rust_decimal_macros::dec;
    use serde_json::Value;

    fn assert_body(request: &OrderRequest, fixture: &str) {
        let written = serde_json::to_value(order_body(request)).expect("body serializes");
        let expected: Value = serde_json::from_str(fixture).expect("fixture is json");
        assert_eq!(written, expected);
    }

    #[test]
    fn single_leg_option_orders() {
        assert_body(
            &OrderRequest::limit(
                OrderLeg::option(Instruction::BuyToOpen, 3, "MSFT  241115C00420000"),
                dec!(4.15),
            ),
            schwab_fixture!("http_post_order_option_limit"),
        );
        assert_body(
            &OrderRequest::market(OrderLeg::option(
                Instruction::SellToClose,
                1,
                "KO    241220P00057500",
            )),
            schwab_fixture!("http_post_order_option_market"),
        );
    }

    #[test]
    fn verticals_send_the_spread_count_and_net_price() {
        let debit = OrderRequest::vertical(
            OrderType::NetDebit,
            2,
            dec!(1.35),
            [
                OrderLeg::option(Instruction::BuyToOpen, 1, "QQQ   241115P00480000"),
                OrderLeg::option(Instruction::SellToOpen, 1, "QQQ   241115P00475000"),
            ],
        );
        assert_body(
            &debit,
            schwab_fixture!("http_post_order_vertical_net_debit"),
        );
        let credit = OrderRequest::vertical(
            OrderType::NetCredit,
            1,
            dec!(0.85),
            [
                OrderLeg::option(Instruction::SellToOpen, 1, "SPY   241115C00600000"),
                OrderLeg::option(Instruction::BuyToOpen, 1, "SPY   241115C00605000"),
            ],
        )
        .with_duration(Duration::GoodTillCancel);
        assert_body(
            &credit,
            schwab_fixture!("http_post_order_vertical_net_credit"),
        );
    }

    #[test]
    fn stock_orders_of_every_type() {
        let msft = |instruction, quantity| OrderLeg::equity(instruction, quantity, "MSFT");
        let ko = |instruction| OrderLeg::equity(instruction, 100, "KO");
        assert_body(
            &OrderRequest::market(msft(Instruction::Buy, 25)),
            schwab_fixture!("http_post_order_stock_market"),
        );
        assert_body(
            &OrderRequest::limit(ko(Instruction::SellShort), dec!(58.25))
                .with_session(Session::Seamless)
                .with_duration(Duration::GoodTillCancel),
            schwab_fixture!("http_post_order_stock_limit"),
        );
        assert_body(
            &OrderRequest::stop(msft(Instruction::Sell, 50), dec!(405.00)),
            schwab_fixture!("http_post_order_stock_stop"),
        );
        assert_body(
            &OrderRequest::stop_limit(ko(Instruction::BuyToCover), dec!(59.25), dec!(59.50))
                .with_duration(Duration::GoodTillCancel),
            schwab_fixture!("http_post_order_stock_stop_limit"),
        );
        assert_body(
            &OrderRequest::trailing_stop(msft(Instruction::Sell, 50), LinkType::Percent, dec!(5))
                .with_duration(Duration::GoodTillCancel),
            schwab_fixture!("http_post_order_stock_trailing_stop"),
        );
    }

    #[test]
    fn bodies_read_back_into_the_same_request() {
        let request = OrderRequest::stop_limit(
            OrderLeg::equity(Instruction::BuyToCover, 100, "KO"),
            dec!(59.25),
            dec!(59.50),
        );
        let back = super::super::parse::order_request(order_body(&request)).expect("reads back");
        assert_eq!(back, request);
    }
}
