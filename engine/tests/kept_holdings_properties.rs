//! Holdings kept from the paper market's fill events, delivered doubled and late among random
//! orders, partial fills, cancels and replaces, equal the positions the market reports.

mod support;

use std::collections::BTreeMap;

use anyhow::{Context, Result, anyhow};
use chrono::Duration;
use engine::account::{KeptHoldings, legs_of_fill};
use engine::broker::paper::PaperConfig;
use engine::broker::{AccountSnapshot, Brokerage, OrderChange, OrderEvent};
use engine::ids::BrokerOrderId;
use engine::order::{
    ComplexOrderStrategy, Instruction, OrderLeg, OrderRequest, OrderType, PutCall,
};
use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use support::{Desk, frozen};
use tokio::sync::broadcast::Receiver;
use tokio::sync::broadcast::error::TryRecvError;

#[derive(Debug, Clone)]
enum Action {
    /// Buy or sell AAPL or MSFT, at market or at a limit this many cents from 230 / 420.
    Place {
        msft: bool,
        buy: bool,
        quantity: u32,
        limit_offset: Option<i64>,
    },
    /// Open (or close) a call vertical of this many spreads at market.
    Vertical { open: bool, spreads: u32 },
    /// Cancel the n-th order placed (modulo).
    Cancel(usize),
    /// Replace the n-th order placed (modulo) with a limit this many cents away.
    Replace(usize, i64),
    /// Move both stocks by this many cents.
    Move(i64),
    /// Seconds forward.
    Advance(i64),
}

/// How one event reaches the kept holdings.
#[derive(Debug, Clone, Copy)]
enum Delivery {
    Once,
    Twice,
    /// Once, then an earlier event again.
    ThenReplay(usize),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        5 => (any::<bool>(), any::<bool>(), 1_u32..120, prop::option::of(-200_i64..200)).prop_map(
            |(msft, buy, quantity, limit_offset)| Action::Place { msft, buy, quantity, limit_offset }
        ),
        1 => (any::<bool>(), 1_u32..6).prop_map(|(open, spreads)| Action::Vertical { open, spreads }),
        2 => (0_usize..16).prop_map(Action::Cancel),
        2 => (0_usize..16, -200_i64..200).prop_map(|(pick, offset)| Action::Replace(pick, offset)),
        3 => (-300_i64..300).prop_map(Action::Move),
        2 => prop_oneof![1_i64..5, 3_600_i64..30_000].prop_map(Action::Advance),
    ]
}

fn delivery() -> impl Strategy<Value = Delivery> {
    prop_oneof![
        3 => Just(Delivery::Once),
        1 => Just(Delivery::Twice),
        1 => (0_usize..1000).prop_map(Delivery::ThenReplay),
    ]
}

fn stock_price(base: Decimal, offset: i64) -> Decimal {
    (base + Decimal::new(offset, 2)).max(Decimal::ONE)
}

/// Two adjacent AAPL calls of the nearest expiry (lower strike first).
async fn call_pair(desk: &Desk) -> Result<(String, String)> {
    let chain = desk
        .paper
        .option_chain(desk.token(), "AAPL", PutCall::Call)
        .await?;
    let strikes = chain.expirations.values().next().context("an expiry")?;
    let near: Vec<&String> = strikes
        .iter()
        .filter(|(strike, _)| strike.0 >= dec!(230))
        .filter_map(|(_, contracts)| contracts.first().map(|c| &c.symbol))
        .take(2)
        .collect();
    match near.as_slice() {
        [low, high] => Ok(((*low).clone(), (*high).clone())),
        _ => Err(anyhow!("two strikes above 230")),
    }
}

async fn act(desk: &Desk, action: &Action, placed: &mut Vec<BrokerOrderId>) -> Result<()> {
    match action {
        Action::Place {
            msft,
            buy,
            quantity,
            limit_offset,
        } => {
            let (symbol, base) = if *msft {
                ("MSFT", dec!(420))
            } else {
                ("AAPL", dec!(230))
            };
            let instruction = if *buy {
                Instruction::Buy
            } else {
                Instruction::Sell
            };
            let leg = OrderLeg::equity(instruction, *quantity, symbol);
            let request = match limit_offset {
                None => OrderRequest::market(leg),
                Some(offset) => OrderRequest::limit(leg, stock_price(base, *offset)),
            };
            // A refusal (a sale of more than is held, buying power) is part of what is exercised.
            if let Ok(Some(id)) = desk
                .paper
                .place_order(desk.token(), &desk.hash, &request)
                .await
            {
                placed.push(id);
            }
        }
        Action::Vertical { open, spreads } => {
            let (low, high) = call_pair(desk).await?;
            let legs = if *open {
                vec![
                    OrderLeg::option(Instruction::BuyToOpen, 1, low),
                    OrderLeg::option(Instruction::SellToOpen, 1, high),
                ]
            } else {
                vec![
                    OrderLeg::option(Instruction::SellToClose, 1, low),
                    OrderLeg::option(Instruction::BuyToClose, 1, high),
                ]
            };
            let request = OrderRequest::spread(
                ComplexOrderStrategy::Vertical,
                OrderType::Market,
                *spreads,
                None,
                legs,
            );
            if let Ok(Some(id)) = desk
                .paper
                .place_order(desk.token(), &desk.hash, &request)
                .await
            {
                placed.push(id);
            }
        }
        Action::Cancel(pick) => {
            if let Some(id) = placed.get(pick % placed.len().max(1)) {
                let _ = desk.paper.cancel_order(desk.token(), &desk.hash, *id).await;
            }
        }
        Action::Replace(pick, offset) => {
            if let Some(id) = placed.get(pick % placed.len().max(1)).copied() {
                let order = desk.order(id).await?;
                if order.legs.len() == 1 {
                    let leg = order.legs[0].to_leg();
                    let base = if leg.symbol == "MSFT" {
                        dec!(420)
                    } else {
                        dec!(230)
                    };
                    let request = OrderRequest::limit(leg, stock_price(base, *offset));
                    if let Ok(Some(new)) = desk
                        .paper
                        .replace_order(desk.token(), &desk.hash, id, &request)
                        .await
                    {
                        placed.push(new);
                    }
                }
            }
        }
        Action::Move(offset) => {
            desk.paper
                .set_price("AAPL", stock_price(dec!(230), *offset))?;
            desk.paper
                .set_price("MSFT", stock_price(dec!(420), *offset))?;
        }
        Action::Advance(seconds) => desk.advance(*seconds),
    }
    Ok(())
}

fn drain(events: &mut Receiver<OrderEvent>) -> Result<Vec<OrderEvent>> {
    let mut out = Vec::new();
    loop {
        match events.try_recv() {
            Ok(event) => out.push(event),
            Err(TryRecvError::Empty) => return Ok(out),
            Err(other) => return Err(anyhow!("event channel: {other}")),
        }
    }
}

/// Takes one event into the kept holdings (only fills move anything).
fn take(kept: &mut KeptHoldings, snapshot: &mut AccountSnapshot, event: &OrderEvent) {
    if let OrderChange::Filled {
        filled,
        price,
        legs,
        ..
    } = &event.change
    {
        let legs = legs_of_fill(None, legs, *price);
        kept.take_fill(event.order, *filled, &legs, Some(snapshot));
    }
}

/// Net quantity and average price by symbol.
fn holdings(snapshot: &AccountSnapshot) -> BTreeMap<String, (i64, Decimal)> {
    snapshot
        .positions
        .iter()
        .filter(|p| p.net_quantity() != 0)
        .map(|p| (p.symbol.clone(), (p.net_quantity(), p.average_price)))
        .collect()
}

/// Runs `actions`, checking after each; answers the holdings kept at the end.
fn run(
    seed: u64,
    actions: &[Action],
    deliveries: &[Delivery],
) -> Result<BTreeMap<String, (i64, Decimal)>> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()?;
    runtime.block_on(async {
        let desk = Desk::open(PaperConfig {
            seed,
            access_lifetime: Duration::days(30),
            fill_size_per_step: 40,
            ..frozen()
        })
        .await?;
        let mut events = desk.paper.order_events();
        let mut kept = KeptHoldings::default();
        let mut snapshot = desk.paper.account(desk.token(), &desk.hash).await?;
        let mut seen: Vec<OrderEvent> = Vec::new();
        let mut placed = Vec::new();
        for action in actions {
            act(&desk, action, &mut placed).await?;
            // Reading the orders steps the market to the clock.
            desk.all_orders().await?;
            for event in drain(&mut events)? {
                let how = deliveries
                    .get(seen.len() % deliveries.len().max(1))
                    .copied()
                    .unwrap_or(Delivery::Once);
                take(&mut kept, &mut snapshot, &event);
                match how {
                    Delivery::Once => {}
                    Delivery::Twice => take(&mut kept, &mut snapshot, &event),
                    Delivery::ThenReplay(pick) => {
                        if let Some(earlier) = seen.get(pick % seen.len().max(1)) {
                            take(&mut kept, &mut snapshot, earlier);
                        }
                    }
                }
                seen.push(event);
            }
            let read = desk.paper.account(desk.token(), &desk.hash).await?;
            let (kept_now, read_now) = (holdings(&snapshot), holdings(&read));
            anyhow::ensure!(
                kept_now.keys().eq(read_now.keys()),
                "kept {kept_now:?}, read {read_now:?}"
            );
            for (symbol, (quantity, average)) in &kept_now {
                let (read_quantity, read_average) = read_now[symbol];
                anyhow::ensure!(
                    *quantity == read_quantity
                        && (*average - read_average).abs() <= engine::account::AVERAGE_TOLERANCE,
                    "{symbol}: kept {quantity} at {average}, read {read_quantity} at {read_average}"
                );
            }
            // The confirming read finds nothing to correct.
            let (disagreements, pending) = kept.confirm(kept.generation(), Some(&snapshot), &read);
            anyhow::ensure!(disagreements.is_empty() && !pending, "{disagreements:?}");
        }
        Ok(holdings(&snapshot))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn kept_holdings_equal_the_positions_the_market_reports(
        seed in 0_u64..1000,
        actions in prop::collection::vec(action(), 1..30),
        deliveries in prop::collection::vec(delivery(), 1..40),
    ) {
        let outcome = run(seed, &actions, &deliveries);
        prop_assert!(outcome.is_ok(), "{:?}", outcome.err());
    }
}

/// Each replayed and doubled event of a partly filled order adds nothing once counted.
#[test]
fn a_partly_filled_order_delivered_twice_counts_once() -> Result<()> {
    let kept = run(
        7,
        &[
            Action::Place {
                msft: false,
                buy: true,
                quantity: 100,
                limit_offset: Some(50),
            },
            Action::Advance(1),
            Action::Advance(1),
            Action::Vertical {
                open: true,
                spreads: 3,
            },
        ],
        &[Delivery::Twice, Delivery::ThenReplay(0)],
    )?;
    let quantities: Vec<i64> = kept.values().map(|(quantity, _)| *quantity).collect();
    assert_eq!(
        quantities,
        vec![100, 3, -3],
        "AAPL and both legs of the vertical: {kept:?}"
    );
    Ok(())
}
