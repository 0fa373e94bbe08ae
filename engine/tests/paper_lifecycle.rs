//! Paper brokerage behaviour through the `Brokerage` trait, on a hand-moved clock.

mod support;

use anyhow::{Context, Result};
use chrono::Duration;
use engine::broker::paper::{FaultConfig, PaperConfig};
use engine::broker::{AccountKind, BrokerError, Brokerage, ConnectivityError};
use engine::order::{
    AssetType, Duration as OrderDuration, Instruction, LinkBasis, LinkType, OrderLeg, OrderRequest,
    OrderStatus, OrderType, Session,
};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use support::{Desk, frozen, monday};

const CALL_230: &str = "AAPL  241018C00230000";
const CALL_235: &str = "AAPL  241018C00235000";

fn aapl(instruction: Instruction, quantity: u32) -> OrderLeg {
    OrderLeg::equity(instruction, quantity, "AAPL")
}

#[tokio::test]
async fn market_buy_fills_at_once_at_the_ask_and_books_cash_and_position() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let id = desk
        .place(&OrderRequest::market(aapl(Instruction::Buy, 10)))
        .await?;
    let order = desk.order(id).await?;
    assert_eq!(order.status, OrderStatus::Filled);
    assert_eq!((order.filled_quantity, order.remaining_quantity), (10, 0));
    assert_eq!(order.average_fill_price, Some(dec!(230.05)));
    assert_eq!(order.close_time, Some(monday()?));
    assert_eq!(
        order
            .legs
            .first()
            .and_then(|l| l.description.clone())
            .as_deref(),
        Some("Apple Inc")
    );

    let account = desk.paper.account(desk.token(), &desk.hash).await?;
    assert_eq!(account.kind, AccountKind::Margin);
    let position = account.position("AAPL").context("AAPL position")?;
    assert_eq!((position.long_quantity, position.short_quantity), (10, 0));
    assert_eq!(position.average_price, dec!(230.05));
    assert_eq!(position.market_value, dec!(2300.00));
    let b = &account.balances;
    assert_eq!(b.cash_balance, Some(dec!(97699.50)));
    assert_eq!(b.liquidation_value, Some(dec!(99999.50)));
    assert_eq!(b.long_market_value, Some(dec!(2300.00)));
    assert_eq!(b.available_funds, Some(dec!(98849.50)));
    assert_eq!(b.buying_power, Some(dec!(197699.00)));
    assert_eq!(b.cash_available_for_trading, None);
    Ok(())
}

#[tokio::test]
async fn limit_orders_work_until_the_market_crosses() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let buy = desk
        .place(&OrderRequest::limit(aapl(Instruction::Buy, 10), dec!(225)))
        .await?;
    let order = desk.order(buy).await?;
    assert_eq!(
        (order.status, order.filled_quantity),
        (OrderStatus::Working, 0)
    );

    desk.paper.set_price("AAPL", dec!(226))?;
    assert_eq!(desk.order(buy).await?.status, OrderStatus::Working);
    desk.paper.set_price("AAPL", dec!(224.90))?;
    let order = desk.order(buy).await?;
    assert_eq!(order.status, OrderStatus::Filled);
    assert_eq!(order.average_fill_price, Some(dec!(224.95)));

    let sell = desk
        .place(&OrderRequest::limit(aapl(Instruction::Sell, 10), dec!(230)))
        .await?;
    assert_eq!(desk.order(sell).await?.status, OrderStatus::Working);
    desk.paper.set_price("AAPL", dec!(230.10))?;
    let order = desk.order(sell).await?;
    assert_eq!(order.status, OrderStatus::Filled);
    assert_eq!(order.average_fill_price, Some(dec!(230.05)));
    Ok(())
}

#[tokio::test]
async fn large_resting_orders_fill_in_parts_one_step_at_a_time() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let id = desk
        .place(&OrderRequest::limit(aapl(Instruction::Buy, 250), dec!(231)))
        .await?;
    let order = desk.order(id).await?;
    assert_eq!(order.status, OrderStatus::Working);
    assert_eq!(
        (order.filled_quantity, order.remaining_quantity),
        (100, 150)
    );
    desk.advance(1);
    let order = desk.order(id).await?;
    assert_eq!(
        (order.status, order.filled_quantity),
        (OrderStatus::Working, 200)
    );
    desk.advance(1);
    let order = desk.order(id).await?;
    assert_eq!(
        (order.status, order.filled_quantity),
        (OrderStatus::Filled, 250)
    );
    let account = desk.paper.account(desk.token(), &desk.hash).await?;
    assert_eq!(account.position("AAPL").map(|p| p.long_quantity), Some(250));
    assert_eq!(desk.paper.fills(&desk.hash)?.len(), 3);
    Ok(())
}

#[tokio::test]
async fn market_orders_fill_whole_however_large() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let id = desk
        .place(&OrderRequest::market(aapl(Instruction::Buy, 300)))
        .await?;
    let order = desk.order(id).await?;
    assert_eq!(
        (order.status, order.filled_quantity),
        (OrderStatus::Filled, 300)
    );
    Ok(())
}

#[tokio::test]
async fn nothing_trades_against_a_side_nobody_quotes() -> Result<()> {
    const FAR_CALL: &str = "AAPL  241018C00400000";
    let desk = Desk::open(frozen()).await?;
    let quotes = desk
        .paper
        .quotes(desk.token(), &[FAR_CALL.to_owned()])
        .await?;
    let far = quotes.get(FAR_CALL).context("quote")?;
    assert_eq!(
        far.bid.unwrap_or_default(),
        Decimal::ZERO,
        "no bid that far out"
    );
    let ask = far.ask.context("an ask")?;
    assert!(ask > Decimal::ZERO);

    // Bought at the ask: someone offers it.
    let bought = desk
        .place(&OrderRequest::market(OrderLeg::option(
            Instruction::BuyToOpen,
            2,
            FAR_CALL,
        )))
        .await?;
    let order = desk.order(bought).await?;
    assert_eq!(
        (order.status, order.average_fill_price),
        (OrderStatus::Filled, Some(ask))
    );

    // Sold at market with no bid: it keeps working instead of filling at 0.00.
    let sold = desk
        .place(&OrderRequest::market(OrderLeg::option(
            Instruction::SellToClose,
            2,
            FAR_CALL,
        )))
        .await?;
    desk.clock.advance(Duration::seconds(5));
    let order = desk.order(sold).await?;
    assert_eq!(
        (
            order.status,
            order.filled_quantity,
            order.average_fill_price
        ),
        (OrderStatus::Working, 0, None)
    );

    // A spread one of whose sold legs has no bid does not trade either.
    let mut market_spread = OrderRequest::vertical(
        OrderType::Market,
        1,
        Decimal::ZERO,
        [
            OrderLeg::option(Instruction::BuyToOpen, 1, CALL_230),
            OrderLeg::option(Instruction::SellToOpen, 1, FAR_CALL),
        ],
    );
    market_spread.price = None;
    let spread = desk.place(&market_spread).await?;
    desk.clock.advance(Duration::seconds(5));
    let order = desk.order(spread).await?;
    assert_eq!(
        (order.status, order.filled_quantity),
        (OrderStatus::Working, 0)
    );
    Ok(())
}

#[tokio::test]
async fn stop_orders_trigger_on_the_mark_and_fill_like_market_orders() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    desk.place(&OrderRequest::market(aapl(Instruction::Buy, 10)))
        .await?;
    let sell_stop = desk
        .place(&OrderRequest::stop(aapl(Instruction::Sell, 10), dec!(220)))
        .await?;
    desk.paper.set_price("AAPL", dec!(221))?;
    assert_eq!(desk.order(sell_stop).await?.status, OrderStatus::Working);
    desk.paper.set_price("AAPL", dec!(219.50))?;
    let order = desk.order(sell_stop).await?;
    assert_eq!(order.status, OrderStatus::Filled);
    assert_eq!(order.average_fill_price, Some(dec!(219.45)));

    let buy_stop = desk
        .place(&OrderRequest::stop(aapl(Instruction::Buy, 5), dec!(240)))
        .await?;
    desk.paper.set_price("AAPL", dec!(239.99))?;
    assert_eq!(desk.order(buy_stop).await?.status, OrderStatus::Working);
    desk.paper.set_price("AAPL", dec!(241))?;
    let order = desk.order(buy_stop).await?;
    assert_eq!(order.status, OrderStatus::Filled);
    assert_eq!(order.average_fill_price, Some(dec!(241.05)));
    Ok(())
}

#[tokio::test]
async fn stop_limit_triggers_then_waits_for_its_limit() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    desk.place(&OrderRequest::market(aapl(Instruction::Buy, 10)))
        .await?;
    let id = desk
        .place(&OrderRequest::stop_limit(
            aapl(Instruction::Sell, 10),
            dec!(220),
            dec!(219.80),
        ))
        .await?;
    desk.paper.set_price("AAPL", dec!(219.50))?;
    let order = desk.order(id).await?;
    assert_eq!(
        (order.status, order.filled_quantity),
        (OrderStatus::Working, 0)
    );
    desk.paper.set_price("AAPL", dec!(219.90))?;
    let order = desk.order(id).await?;
    assert_eq!(order.status, OrderStatus::Filled);
    assert_eq!(order.average_fill_price, Some(dec!(219.85)));
    Ok(())
}

#[tokio::test]
async fn trailing_stops_follow_the_mark_by_value_and_by_percent() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    desk.place(&OrderRequest::market(aapl(Instruction::Buy, 20)))
        .await?;
    let by_value = desk
        .place(
            &OrderRequest::trailing_stop(aapl(Instruction::Sell, 10), LinkType::Value, dec!(5))
                .with_link_basis(LinkBasis::Mark),
        )
        .await?;
    let by_percent = desk
        .place(
            &OrderRequest::trailing_stop(aapl(Instruction::Sell, 10), LinkType::Percent, dec!(10))
                .with_link_basis(LinkBasis::Mark),
        )
        .await?;
    assert_eq!(desk.order(by_value).await?.stop_price, Some(dec!(225.00)));
    assert_eq!(desk.order(by_percent).await?.stop_price, Some(dec!(207.00)));

    desk.paper.set_price("AAPL", dec!(240))?;
    assert_eq!(desk.order(by_value).await?.stop_price, Some(dec!(235.00)));
    assert_eq!(desk.order(by_percent).await?.stop_price, Some(dec!(216.00)));
    desk.paper.set_price("AAPL", dec!(236))?;
    assert_eq!(desk.order(by_value).await?.status, OrderStatus::Working);
    assert_eq!(desk.order(by_value).await?.stop_price, Some(dec!(235.00)));

    desk.paper.set_price("AAPL", dec!(234.90))?;
    let order = desk.order(by_value).await?;
    assert_eq!(order.status, OrderStatus::Filled);
    assert_eq!(order.average_fill_price, Some(dec!(234.85)));
    assert_eq!(desk.order(by_percent).await?.status, OrderStatus::Working);

    desk.paper.set_price("AAPL", dec!(215.50))?;
    let order = desk.order(by_percent).await?;
    assert_eq!(order.status, OrderStatus::Filled);
    assert_eq!(order.average_fill_price, Some(dec!(215.45)));
    Ok(())
}

#[tokio::test]
async fn a_trailing_stop_follows_its_basis_bid_by_default() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    desk.place(&OrderRequest::market(aapl(Instruction::Buy, 40)))
        .await?;
    // AAPL at 230: bid 229.95, ask 230.05, mark 230, last 230.
    let trail = |basis: Option<LinkBasis>| {
        let stop =
            OrderRequest::trailing_stop(aapl(Instruction::Sell, 10), LinkType::Value, dec!(5));
        basis.map_or(stop.clone(), |b| stop.with_link_basis(b))
    };
    let mut stops = Vec::new();
    for basis in [
        None,
        Some(LinkBasis::Ask),
        Some(LinkBasis::Last),
        Some(LinkBasis::Mark),
    ] {
        stops.push(desk.place(&trail(basis)).await?);
    }
    let mut triggers = Vec::new();
    for id in &stops {
        let order = desk.order(*id).await?;
        triggers.push((order.stop_price_link_basis, order.stop_price));
    }
    assert_eq!(
        triggers,
        [
            (Some(LinkBasis::Bid), Some(dec!(224.95))),
            (Some(LinkBasis::Ask), Some(dec!(225.05))),
            (Some(LinkBasis::Last), Some(dec!(225.00))),
            (Some(LinkBasis::Mark), Some(dec!(225.00))),
        ]
    );
    desk.paper.set_price("AAPL", dec!(240))?;
    let bid_stop = desk.order(stops[0]).await?;
    assert_eq!(bid_stop.stop_price, Some(dec!(234.95)));
    Ok(())
}

#[tokio::test]
async fn a_fund_trades_as_a_stock_and_is_reported_as_collective_investment() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let buy = desk
        .place(&OrderRequest::market(OrderLeg::equity(
            Instruction::Buy,
            12,
            "SPY",
        )))
        .await?;
    let order = desk.order(buy).await?;
    assert_eq!(order.status, OrderStatus::Filled);
    assert_eq!(
        order.legs.first().map(|l| l.asset_type.clone()),
        Some(AssetType::CollectiveInvestment)
    );
    let account = desk.paper.account(desk.token(), &desk.hash).await?;
    let spy = account.position("SPY").context("SPY position")?;
    assert_eq!(
        (&spy.asset_type, spy.long_quantity),
        (&AssetType::CollectiveInvestment, 12)
    );
    // A listed fund order echoed back (its legs COLLECTIVE_INVESTMENT) is an order like any other.
    let sell = OrderRequest {
        legs: vec![OrderLeg {
            instruction: Instruction::Sell,
            ..order.to_request().legs.remove(0)
        }],
        ..OrderRequest::limit(OrderLeg::equity(Instruction::Sell, 12, "SPY"), dec!(600))
    };
    let resting = desk.place(&sell).await?;
    let replaced = desk
        .paper
        .replace_order(
            desk.token(),
            &desk.hash,
            resting,
            &OrderRequest::limit(OrderLeg::equity(Instruction::Sell, 12, "SPY"), dec!(590)),
        )
        .await?
        .context("a new id")?;
    let now = desk.order(replaced).await?;
    assert_eq!(
        (
            now.status,
            now.price,
            now.legs.first().map(|l| l.asset_type.clone())
        ),
        (
            OrderStatus::Working,
            Some(dec!(590)),
            Some(AssetType::CollectiveInvestment)
        )
    );
    let aapl_buy = desk
        .place(&OrderRequest::market(aapl(Instruction::Buy, 1)))
        .await?;
    assert_eq!(
        desk.order(aapl_buy)
            .await?
            .legs
            .first()
            .map(|l| l.asset_type.clone()),
        Some(AssetType::Equity)
    );
    Ok(())
}

#[tokio::test]
async fn extended_sessions_refuse_all_but_limit_orders() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let refused = desk
        .paper
        .place_order(
            desk.token(),
            &desk.hash,
            &OrderRequest::market(aapl(Instruction::Buy, 1)).with_session(Session::Seamless),
        )
        .await;
    assert_eq!(
        refused,
        Err(BrokerError::rejected(
            "invalid order: session: only LIMIT orders work in the SEAMLESS session, not a MARKET order"
        ))
    );
    assert!(desk.all_orders().await?.is_empty(), "nothing is recorded");
    let limit = desk
        .place(
            &OrderRequest::limit(aapl(Instruction::Buy, 1), dec!(200))
                .with_session(Session::Seamless),
        )
        .await?;
    assert_eq!(desk.order(limit).await?.status, OrderStatus::Working);
    Ok(())
}

#[tokio::test]
async fn a_canceled_order_has_no_average_and_a_partly_filled_one_keeps_its_fills() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let unfilled = desk
        .place(&OrderRequest::limit(aapl(Instruction::Buy, 10), dec!(200)))
        .await?;
    desk.paper
        .cancel_order(desk.token(), &desk.hash, unfilled)
        .await?;
    let order = desk.order(unfilled).await?;
    assert_eq!(
        (
            order.status,
            order.filled_quantity,
            order.average_fill_price
        ),
        (OrderStatus::Canceled, 0, None)
    );
    let partly = desk
        .place(&OrderRequest::limit(aapl(Instruction::Buy, 250), dec!(231)))
        .await?;
    desk.paper
        .cancel_order(desk.token(), &desk.hash, partly)
        .await?;
    let order = desk.order(partly).await?;
    assert_eq!(
        (
            order.status,
            order.filled_quantity,
            order.average_fill_price
        ),
        (OrderStatus::Canceled, 100, Some(dec!(230.05)))
    );
    Ok(())
}

async fn mark(desk: &Desk, symbol: &str) -> Result<Decimal> {
    let quotes = desk
        .paper
        .quotes(desk.token(), &[symbol.to_owned()])
        .await?;
    quotes.get(symbol).and_then(|q| q.mark).context("quoted")
}

#[tokio::test]
async fn stops_and_trailing_stops_trigger_on_the_random_walk() -> Result<()> {
    let desk = Desk::open(PaperConfig {
        volatility_scale: 25.0,
        access_lifetime: Duration::days(1),
        ..frozen()
    })
    .await?;
    desk.place(&OrderRequest::market(aapl(Instruction::Buy, 20)))
        .await?;
    let start = mark(&desk, "AAPL").await?;
    let stop_price = (start - dec!(2)).round_dp(2);
    let offset = dec!(1.50);
    let stop = desk
        .place(&OrderRequest::stop(aapl(Instruction::Sell, 10), stop_price))
        .await?;
    let trailing = desk
        .place(
            &OrderRequest::trailing_stop(aapl(Instruction::Sell, 10), LinkType::Value, offset)
                .with_link_basis(LinkBasis::Mark),
        )
        .await?;
    let mut highest = start;
    let (mut stopped_at, mut trailed_at) = (None, None);
    for step in 1..=3600 {
        desk.advance(1);
        let now = mark(&desk, "AAPL").await?;
        if stopped_at.is_none() {
            let order = desk.order(stop).await?;
            if order.status == OrderStatus::Filled {
                assert!(
                    now <= stop_price,
                    "step {step}: filled above the stop at {now}"
                );
                stopped_at = Some(step);
            } else {
                assert_eq!(order.status, OrderStatus::Working, "step {step}");
                assert!(
                    now > stop_price,
                    "step {step}: {now} passed the stop unfilled"
                );
            }
        }
        if trailed_at.is_none() {
            highest = highest.max(now);
            let trigger = (highest - offset).round_dp(2);
            let order = desk.order(trailing).await?;
            if order.status == OrderStatus::Filled {
                assert!(
                    now <= trigger,
                    "step {step}: filled above the trail at {now}"
                );
                trailed_at = Some(step);
            } else {
                assert_eq!(order.stop_price, Some(trigger), "step {step}");
                assert!(
                    now > trigger,
                    "step {step}: {now} passed the trail unfilled"
                );
            }
        }
        if stopped_at.is_some() && trailed_at.is_some() {
            break;
        }
    }
    assert!(
        stopped_at.is_some() && trailed_at.is_some(),
        "both stops trigger within the hour: {stopped_at:?} {trailed_at:?}"
    );
    Ok(())
}

#[tokio::test]
async fn replace_marks_the_old_order_replaced_and_creates_a_new_one() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let old = desk
        .place(&OrderRequest::limit(aapl(Instruction::Buy, 10), dec!(200)))
        .await?;
    desk.advance(5);
    let new_request = OrderRequest::limit(aapl(Instruction::Buy, 12), dec!(201));
    let new = desk
        .paper
        .replace_order(desk.token(), &desk.hash, old, &new_request)
        .await?
        .context("new id")?;
    assert_ne!(new, old);
    let old_order = desk.order(old).await?;
    assert_eq!(old_order.status, OrderStatus::Replaced);
    assert_eq!(old_order.close_time, Some(monday()? + Duration::seconds(5)));
    let new_order = desk.order(new).await?;
    assert_eq!(
        (new_order.status, new_order.quantity),
        (OrderStatus::Working, 12)
    );
    assert_eq!(new_order.price, Some(dec!(201)));

    let again = desk
        .paper
        .replace_order(desk.token(), &desk.hash, old, &new_request)
        .await;
    assert_eq!(
        again,
        Err(BrokerError::rejected(format!(
            "order {old} cannot be replaced: it is REPLACED"
        )))
    );
    Ok(())
}

#[tokio::test]
async fn cancel_ends_open_orders_and_refuses_final_ones() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let resting = desk
        .place(&OrderRequest::limit(aapl(Instruction::Buy, 10), dec!(200)))
        .await?;
    desk.paper
        .cancel_order(desk.token(), &desk.hash, resting)
        .await?;
    let order = desk.order(resting).await?;
    assert_eq!(
        (order.status, order.remaining_quantity),
        (OrderStatus::Canceled, 10)
    );
    assert_eq!(
        desk.paper
            .cancel_order(desk.token(), &desk.hash, resting)
            .await,
        Err(BrokerError::rejected(format!(
            "order {resting} cannot be canceled: it is CANCELED"
        )))
    );
    let filled = desk
        .place(&OrderRequest::market(aapl(Instruction::Buy, 1)))
        .await?;
    assert_eq!(
        desk.paper
            .cancel_order(desk.token(), &desk.hash, filled)
            .await,
        Err(BrokerError::rejected(format!(
            "order {filled} cannot be canceled: it is FILLED"
        )))
    );
    let unknown = engine::ids::BrokerOrderId(42);
    assert_eq!(
        desk.paper
            .get_order(desk.token(), &desk.hash, unknown)
            .await,
        Err(BrokerError::rejected("order 42 not found"))
    );
    Ok(())
}

#[tokio::test]
async fn day_orders_expire_at_the_session_close_and_gtc_orders_do_not() -> Result<()> {
    let desk = Desk::open(PaperConfig {
        access_lifetime: Duration::days(1),
        ..frozen()
    })
    .await?;
    let day = desk
        .place(&OrderRequest::limit(aapl(Instruction::Buy, 10), dec!(200)))
        .await?;
    let gtc = desk
        .place(
            &OrderRequest::limit(aapl(Instruction::Buy, 10), dec!(200))
                .with_duration(OrderDuration::GoodTillCancel),
        )
        .await?;
    desk.advance(6 * 3600 - 1);
    assert_eq!(desk.order(day).await?.status, OrderStatus::Working);
    desk.advance(1);
    let order = desk.order(day).await?;
    assert_eq!(order.status, OrderStatus::Expired);
    assert_eq!(order.close_time, Some(monday()? + Duration::hours(6)));
    assert_eq!(desk.order(gtc).await?.status, OrderStatus::Working);
    Ok(())
}

#[tokio::test]
async fn orders_wait_in_pending_activation_until_activated() -> Result<()> {
    let desk = Desk::open(PaperConfig {
        activation_delay: Duration::seconds(2),
        ..frozen()
    })
    .await?;
    let id = desk
        .place(&OrderRequest::market(aapl(Instruction::Buy, 1)))
        .await?;
    assert_eq!(desk.order(id).await?.status, OrderStatus::PendingActivation);
    desk.advance(2);
    assert_eq!(desk.order(id).await?.status, OrderStatus::Filled);
    Ok(())
}

#[tokio::test]
async fn unaffordable_orders_are_accepted_then_rejected_with_a_reason() -> Result<()> {
    let margin = Desk::open(PaperConfig {
        starting_cash: dec!(1000),
        ..frozen()
    })
    .await?;
    let id = margin
        .place(&OrderRequest::market(aapl(Instruction::Buy, 10)))
        .await?;
    let order = margin.order(id).await?;
    assert_eq!(order.status, OrderStatus::Rejected);
    assert_eq!(
        order.status_description.as_deref(),
        Some("Order rejected: insufficient buying power")
    );
    // On margin, 8 shares need only half their cost.
    let id = margin
        .place(&OrderRequest::market(aapl(Instruction::Buy, 8)))
        .await?;
    assert_eq!(margin.order(id).await?.status, OrderStatus::Filled);

    let cash = Desk::open(PaperConfig {
        starting_cash: dec!(1000),
        account_kind: AccountKind::Cash,
        ..frozen()
    })
    .await?;
    let id = cash
        .place(&OrderRequest::market(aapl(Instruction::Buy, 5)))
        .await?;
    let order = cash.order(id).await?;
    assert_eq!(order.status, OrderStatus::Rejected);
    assert_eq!(
        order.status_description.as_deref(),
        Some("Order rejected: insufficient cash available for trading")
    );
    let short = cash
        .place(&OrderRequest::market(aapl(Instruction::SellShort, 1)))
        .await?;
    assert_eq!(
        cash.order(short).await?.status_description.as_deref(),
        Some("Order rejected: short stock needs a margin account")
    );
    Ok(())
}

#[tokio::test]
async fn open_orders_hold_back_money_for_later_orders() -> Result<()> {
    let cash = Desk::open(PaperConfig {
        starting_cash: dec!(3000),
        account_kind: AccountKind::Cash,
        ..frozen()
    })
    .await?;
    let first = cash
        .place(&OrderRequest::limit(aapl(Instruction::Buy, 10), dec!(200)))
        .await?;
    assert_eq!(cash.order(first).await?.status, OrderStatus::Working);
    let account = cash.paper.account(cash.token(), &cash.hash).await?;
    assert_eq!(
        account.balances.cash_available_for_trading,
        Some(dec!(1000.00))
    );
    let second = cash
        .place(&OrderRequest::limit(aapl(Instruction::Buy, 10), dec!(200)))
        .await?;
    assert_eq!(cash.order(second).await?.status, OrderStatus::Rejected);
    Ok(())
}

#[tokio::test]
async fn closing_more_than_held_is_rejected() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    desk.place(&OrderRequest::market(aapl(Instruction::Buy, 5)))
        .await?;
    let id = desk
        .place(&OrderRequest::market(aapl(Instruction::Sell, 6)))
        .await?;
    let order = desk.order(id).await?;
    assert_eq!(order.status, OrderStatus::Rejected);
    assert_eq!(
        order.status_description.as_deref(),
        Some("Order rejected: the account does not hold 6 of AAPL to close")
    );
    Ok(())
}

#[tokio::test]
async fn unknown_symbols_and_invalid_orders_are_refused_without_an_order() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let unknown = OrderRequest::market(OrderLeg::equity(Instruction::Buy, 1, "ZZZZ"));
    assert_eq!(
        desk.paper
            .place_order(desk.token(), &desk.hash, &unknown)
            .await,
        Err(BrokerError::rejected("unknown symbol `ZZZZ`"))
    );
    let invalid = OrderRequest::single(OrderType::Limit, aapl(Instruction::Buy, 1));
    assert_eq!(
        desk.paper
            .place_order(desk.token(), &desk.hash, &invalid)
            .await,
        Err(BrokerError::rejected(
            "invalid order: price: a LIMIT order needs a price"
        ))
    );
    assert!(desk.all_orders().await?.is_empty());
    Ok(())
}

#[tokio::test]
async fn verticals_fill_as_one_order_at_a_net_price() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let quotes = desk
        .paper
        .quotes(desk.token(), &[CALL_230.to_owned(), CALL_235.to_owned()])
        .await?;
    let long = quotes.get(CALL_230).context("230 call quote")?;
    let short = quotes.get(CALL_235).context("235 call quote")?;
    let (long_ask, short_bid, long_mark) = (
        long.ask.context("230 call ask")?,
        short.bid.context("235 call bid")?,
        long.mark.context("230 call mark")?,
    );
    let natural = long_ask - short_bid;
    assert!(natural > Decimal::ZERO);

    let legs = [
        OrderLeg::option(Instruction::BuyToOpen, 1, CALL_230),
        OrderLeg::option(Instruction::SellToOpen, 1, CALL_235),
    ];
    let cheap = desk
        .place(&OrderRequest::vertical(
            OrderType::NetDebit,
            2,
            dec!(0.01),
            legs.clone(),
        ))
        .await?;
    assert_eq!(desk.order(cheap).await?.status, OrderStatus::Working);

    let id = desk
        .place(&OrderRequest::vertical(
            OrderType::NetDebit,
            2,
            natural + dec!(0.05),
            legs,
        ))
        .await?;
    let order = desk.order(id).await?;
    assert_eq!(
        (order.status, order.filled_quantity),
        (OrderStatus::Filled, 2)
    );
    assert_eq!(order.average_fill_price, Some(natural));
    assert_eq!(
        order
            .legs
            .first()
            .and_then(|l| l.description.clone())
            .as_deref(),
        Some("AAPL 10/18/2024 230.00 C")
    );

    let account = desk.paper.account(desk.token(), &desk.hash).await?;
    let long_position = account.position(CALL_230).context("long leg")?;
    let short_position = account.position(CALL_235).context("short leg")?;
    assert_eq!(long_position.net_quantity(), 2);
    assert_eq!(short_position.net_quantity(), -2);
    assert_eq!(long_position.average_price, long_ask);
    assert_eq!(long_position.underlying.as_deref(), Some("AAPL"));
    assert_eq!(
        account.balances.cash_balance,
        Some(dec!(100000) - natural * dec!(200))
    );
    assert_eq!(
        account.balances.long_option_market_value,
        Some(long_mark * dec!(200))
    );
    Ok(())
}

#[tokio::test]
async fn cash_accounts_report_cash_fields_and_no_buying_power() -> Result<()> {
    let desk = Desk::open(PaperConfig {
        account_kind: AccountKind::Cash,
        ..frozen()
    })
    .await?;
    desk.place(&OrderRequest::market(aapl(Instruction::Buy, 10)))
        .await?;
    let account = desk.paper.account(desk.token(), &desk.hash).await?;
    assert_eq!(account.kind, AccountKind::Cash);
    let b = &account.balances;
    assert_eq!(b.cash_balance, Some(dec!(97699.50)));
    assert_eq!(b.cash_available_for_trading, Some(dec!(97699.50)));
    assert_eq!(b.total_cash, Some(dec!(97699.50)));
    assert_eq!(b.buying_power, None);
    assert_eq!(b.available_funds, None);
    Ok(())
}

#[tokio::test]
async fn access_tokens_expire_refresh_works_until_the_login_dies() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let login = monday()?;
    assert_eq!(desk.tokens.access_expires_at, login + Duration::minutes(30));
    assert_eq!(
        desk.tokens.refresh_expires_at,
        Some(login + Duration::days(7))
    );

    desk.advance(30 * 60);
    assert_eq!(
        desk.paper.account_numbers(desk.token()).await,
        Err(BrokerError::TokenExpired)
    );
    let refreshed = desk.paper.refresh_token(&desk.tokens.refresh).await?;
    assert_eq!(
        refreshed.refresh_expires_at,
        Some(login + Duration::days(7))
    );
    assert_eq!(refreshed.access_expires_at, login + Duration::minutes(60));
    assert_eq!(
        desk.paper.account_numbers(&refreshed.access).await?.len(),
        1
    );

    desk.clock.set(login + Duration::days(7));
    assert_eq!(
        desk.paper.refresh_token(&desk.tokens.refresh).await,
        Err(BrokerError::ReauthorizationNeeded)
    );
    Ok(())
}

#[tokio::test]
async fn a_new_login_invalidates_the_previous_tokens() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let fresh = desk.log_in_again().await?;
    assert_eq!(
        desk.paper.account_numbers(desk.token()).await,
        Err(BrokerError::TokenExpired)
    );
    assert_eq!(
        desk.paper.refresh_token(&desk.tokens.refresh).await,
        Err(BrokerError::ReauthorizationNeeded)
    );
    let links = desk.paper.account_numbers(&fresh.access).await?;
    assert_eq!(links.first().map(|l| &l.hash), Some(&desk.hash));
    assert_eq!(desk.paper.accounts().len(), 1);
    Ok(())
}

#[tokio::test]
async fn the_live_token_check_agrees_with_the_listing_check() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    // Live: both pass, the listing names the account.
    assert_eq!(desk.paper.check_access_token_live(desk.token()), Ok(()));
    let links = desk.paper.check_access_token(desk.token())?;
    assert_eq!(links.first().map(|l| &l.hash), Some(&desk.hash));
    // Unknown.
    let stranger = engine::broker::AccessToken::new("not-a-token");
    assert_eq!(
        desk.paper.check_access_token_live(&stranger),
        Err(BrokerError::TokenExpired)
    );
    assert_eq!(
        desk.paper.check_access_token(&stranger),
        Err(BrokerError::TokenExpired)
    );
    // Superseded by a new login, then expired.
    let fresh = desk.log_in_again().await?;
    assert_eq!(
        desk.paper.check_access_token_live(desk.token()),
        Err(BrokerError::TokenExpired)
    );
    assert_eq!(desk.paper.check_access_token_live(&fresh.access), Ok(()));
    desk.advance(30 * 60);
    assert_eq!(
        desk.paper.check_access_token_live(&fresh.access),
        Err(BrokerError::TokenExpired)
    );
    assert_eq!(
        desk.paper.check_access_token(&fresh.access),
        Err(BrokerError::TokenExpired)
    );
    Ok(())
}

#[tokio::test]
async fn codes_are_single_use_and_short_lived() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    assert_eq!(
        desk.paper
            .exchange_code(&engine::broker::AuthorizationCode::new("PC.nope@"), "x")
            .await,
        Err(BrokerError::rejected("the authorization code is not valid"))
    );
    let code = desk.paper.authorize("bob", "pw")?;
    desk.advance(31);
    assert_eq!(
        desk.paper.exchange_code(&code, "x").await,
        Err(BrokerError::rejected("the authorization code has expired"))
    );
    assert_eq!(
        desk.paper.authorize("", "pw"),
        Err(BrokerError::rejected("username is required"))
    );
    assert_eq!(
        desk.paper.authorize("bob", ""),
        Err(BrokerError::rejected("password is required"))
    );
    let accounts = desk.paper.accounts();
    assert_eq!(accounts.len(), 2);
    for account in &accounts {
        assert_eq!(account.link.hash.0.len(), 64);
        assert!(account.link.hash.0.chars().all(|c| c.is_ascii_hexdigit()));
    }
    Ok(())
}

#[tokio::test]
async fn other_logins_cannot_reach_an_account() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let code = desk.paper.authorize("mallory", "pw")?;
    let theirs = desk.paper.exchange_code(&code, "x").await?;
    assert_eq!(
        desk.paper.account(&theirs.access, &desk.hash).await,
        Err(BrokerError::rejected("account not found"))
    );
    Ok(())
}

#[tokio::test]
async fn injected_faults_behave_like_a_bad_day_at_the_broker() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let order = OrderRequest::market(aapl(Instruction::Buy, 1));

    desk.paper.set_faults(FaultConfig {
        timeout_after_accept_rate: 1.0,
        ..FaultConfig::default()
    });
    assert_eq!(
        desk.paper
            .place_order(desk.token(), &desk.hash, &order)
            .await,
        Err(ConnectivityError::Timeout.into())
    );
    assert_eq!(
        desk.all_orders().await?.len(),
        1,
        "the timed-out order exists"
    );

    desk.paper.set_faults(FaultConfig {
        accepted_without_id_rate: 1.0,
        ..FaultConfig::default()
    });
    assert_eq!(
        desk.paper
            .place_order(desk.token(), &desk.hash, &order)
            .await,
        Ok(None)
    );
    assert_eq!(desk.all_orders().await?.len(), 2);

    desk.paper.set_faults(FaultConfig {
        error_rate: 1.0,
        ..FaultConfig::default()
    });
    assert_eq!(
        desk.paper
            .place_order(desk.token(), &desk.hash, &order)
            .await,
        Err(ConnectivityError::Server { status: 503 }.into())
    );
    desk.paper.set_faults(FaultConfig {
        write_limit_per_minute: Some(1),
        ..FaultConfig::default()
    });
    assert_eq!(desk.all_orders().await?.len(), 2, "the 5xx placed nothing");
    desk.place(&order).await?;
    assert_eq!(
        desk.paper
            .place_order(desk.token(), &desk.hash, &order)
            .await,
        Err(ConnectivityError::Throttled.into())
    );
    assert_eq!(
        desk.all_orders().await?.len(),
        3,
        "the throttled call placed nothing"
    );
    desk.advance(60);
    desk.place(&order).await?;
    assert_eq!(desk.paper.faults().write_limit_per_minute, Some(1));
    Ok(())
}

#[tokio::test]
async fn list_orders_filters_by_entered_time_newest_first() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let first = desk
        .place(&OrderRequest::limit(aapl(Instruction::Buy, 1), dec!(200)))
        .await?;
    desk.advance(10);
    let second = desk
        .place(&OrderRequest::limit(aapl(Instruction::Buy, 1), dec!(200)))
        .await?;
    let all: Vec<_> = desk.all_orders().await?.iter().map(|o| o.id).collect();
    assert_eq!(all, [second, first]);
    let later = desk
        .paper
        .list_orders(
            desk.token(),
            &desk.hash,
            monday()? + Duration::seconds(5),
            monday()? + Duration::seconds(10),
        )
        .await?;
    assert_eq!(later.iter().map(|o| o.id).collect::<Vec<_>>(), [second]);
    Ok(())
}

#[tokio::test]
async fn quotes_and_chains_through_the_trait() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let quotes = desk
        .paper
        .quotes(desk.token(), &["AAPL".to_owned(), "NOPE".to_owned()])
        .await?;
    assert_eq!(quotes.keys().collect::<Vec<_>>(), ["AAPL"]);
    let chain = desk
        .paper
        .option_chain(desk.token(), "AAPL", engine::order::PutCall::Put)
        .await?;
    assert_eq!(chain.underlying_price, dec!(230.00));
    assert_eq!(chain.expirations.len(), 10);
    assert_eq!(
        desk.paper
            .option_chain(desk.token(), "NOPE", engine::order::PutCall::Put)
            .await,
        Err(BrokerError::rejected("unknown symbol `NOPE`"))
    );
    assert_eq!(
        desk.paper.authorize_url("https://127.0.0.1:8182/cb"),
        "/paper/authorize?redirect_uri=https%3A%2F%2F127.0.0.1%3A8182%2Fcb"
    );
    Ok(())
}
