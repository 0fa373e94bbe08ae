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
    use crate::order::{
        Duration, Instruction, LegForm, LegRule, LinkType, OrderLeg, OrderType, Session,
        StockAction, StockForm, StockOrder, Vertical,
    };
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

    fn leg(
        symbol: &str,
        instruction: &str,
        order_type: &str,
        quantity: &str,
        price: &str,
    ) -> LegForm {
        LegForm {
            symbol: symbol.into(),
            instruction: instruction.into(),
            order_type: order_type.into(),
            quantity: quantity.into(),
            price: price.into(),
        }
    }

    fn staged(legs: &[LegForm], rule: LegRule) -> Vertical {
        Vertical::from_form(legs, rule).expect("a well-formed spread")
    }

    #[test]
    fn spreads_built_from_staged_legs() {
        let market = staged(
            &[
                leg("IWM   241115C00225000", "BUY_TO_OPEN", "MARKET", "1", "0"),
                leg(
                    "IWM   241115C00230000",
                    "SELL_TO_OPEN",
                    "LIMIT",
                    "1",
                    "1.10",
                ),
            ],
            LegRule::Opening,
        );
        assert_body(
            &market.request(4),
            schwab_fixture!("http_post_order_vertical_market"),
        );
        let zero = staged(
            &[
                leg(
                    "AMD   241220P00140000",
                    "SELL_TO_OPEN",
                    "LIMIT",
                    "1",
                    "2.35",
                ),
                leg("AMD   241220P00135000", "BUY_TO_OPEN", "LIMIT", "1", "2.35"),
            ],
            LegRule::Opening,
        );
        assert_body(
            &zero.request(1),
            schwab_fixture!("http_post_order_vertical_net_zero"),
        );
        let debit = staged(
            &[
                leg("QQQ   241115P00480000", "BUY_TO_OPEN", "LIMIT", "2", "6.10"),
                leg(
                    "QQQ   241115P00475000",
                    "SELL_TO_OPEN",
                    "LIMIT",
                    "2",
                    "4.75",
                ),
            ],
            LegRule::Opening,
        );
        assert_body(
            &debit.request(2),
            schwab_fixture!("http_post_order_vertical_net_debit"),
        );
        assert_body(
            &debit.closing().request(2),
            schwab_fixture!("http_post_order_vertical_close_net_credit"),
        );
        let condor = staged(
            &[
                leg("SPY   241115P00560000", "BUY_TO_OPEN", "LIMIT", "1", "1.05"),
                leg(
                    "SPY   241115P00565000",
                    "SELL_TO_OPEN",
                    "LIMIT",
                    "1",
                    "1.60",
                ),
                leg(
                    "SPY   241115C00600000",
                    "SELL_TO_OPEN",
                    "LIMIT",
                    "1",
                    "1.45",
                ),
                leg("SPY   241115C00605000", "BUY_TO_OPEN", "LIMIT", "1", "0.80"),
            ],
            LegRule::Opening,
        );
        assert_body(
            &condor.request(3),
            schwab_fixture!("http_post_order_iron_condor_net_credit"),
        );
    }

    #[test]
    fn stock_orders_built_from_the_form() {
        let form = |instruction: &str, session: &str, order_type: &str| StockForm {
            symbol: "brk.b".into(),
            instruction: instruction.into(),
            session: session.into(),
            duration: String::new(),
            order_type: order_type.into(),
            quantity: "40".into(),
            price: "0".into(),
            stop_price: "0".into(),
            stop_price_link_type: "VALUE".into(),
            stop_price_offset: "0.10".into(),
            stop_price_link_basis: "MARK".into(),
        };
        let short = StockOrder::from_form(
            &StockForm {
                price: "451.20".into(),
                ..form("SELL_SHORT", "EXT", "LIMIT")
            },
            StockAction::Place,
        )
        .expect("a short sale");
        assert_body(
            &short.request(40),
            schwab_fixture!("http_post_order_stock_limit_ext"),
        );
        let cover = StockOrder::from_form(
            &form("BUY_TO_COVER", "GTC", "TRAILING_STOP"),
            StockAction::Exit,
        )
        .expect("a trailing cover");
        assert_body(
            &cover.request(40),
            schwab_fixture!("http_post_order_stock_trailing_stop_value"),
        );
    }

    #[test]
    fn the_trailing_offset_goes_out_as_a_number_and_prices_as_text() {
        let stop = OrderRequest::trailing_stop(
            OrderLeg::equity(Instruction::Sell, 10, "SPY"),
            LinkType::Value,
            dec!(0.25),
        );
        let text = serde_json::to_string(&order_body(&stop)).expect("serializes");
        assert!(text.contains(r#""stopPriceOffset":0.25"#), "{text}");
        assert!(text.contains(r#""stopPriceLinkBasis":"BID""#), "{text}");
        let limit = OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 1, "SPY"), dec!(570.10));
        let text = serde_json::to_string(&order_body(&limit)).expect("serializes");
        assert!(text.contains(r#""price":"570.10""#), "{text}");
    }

    #[test]
    fn a_fund_leg_keeps_its_asset_type() {
        let etf = OrderLeg {
            asset_type: crate::order::AssetType::CollectiveInvestment,
            ..OrderLeg::equity(Instruction::Sell, 10, "GDX")
        };
        let body = order_body(&OrderRequest::limit(etf, dec!(35.5)));
        assert_eq!(
            body.order_leg_collection
                .first()
                .map(|l| l.instrument.asset_type.as_str()),
            Some("COLLECTIVE_INVESTMENT")
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
        let condor = OrderRequest::spread(
            ComplexOrderStrategy::IronCondor,
            OrderType::NetZero,
            2,
            None,
            vec![
                OrderLeg::option(Instruction::BuyToOpen, 1, "SPY   241115P00560000"),
                OrderLeg::option(Instruction::SellToOpen, 1, "SPY   241115P00565000"),
                OrderLeg::option(Instruction::SellToOpen, 1, "SPY   241115C00600000"),
                OrderLeg::option(Instruction::BuyToOpen, 1, "SPY   241115C00605000"),
            ],
        );
        let back = super::super::parse::order_request(order_body(&condor)).expect("reads back");
        assert_eq!(back, condor);
    }
}
