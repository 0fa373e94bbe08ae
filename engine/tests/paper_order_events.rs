//! The paper market's order events: one per lifecycle change, in order, and a timer that fills
//! orders nobody asks about.

mod support;

use std::collections::BTreeMap;
use std::sync::Arc;

use anyhow::{Context, Result, anyhow, bail};
use chrono::Duration;
use engine::broker::paper::{MARKET_STEP, PaperConfig};
use engine::broker::{Brokerage, FilledLeg, OrderChange, OrderEvent};
use engine::clock::Clock;
use engine::ids::BrokerOrderId;
use engine::order::{Instruction, OrderLeg, OrderRequest, OrderStatus};
use engine::pause::ManualPause;
use proptest::prelude::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use support::{Desk, frozen, monday};
use tokio::sync::broadcast::Receiver;
use tokio::sync::broadcast::error::TryRecvError;

fn aapl(instruction: Instruction, quantity: u32) -> OrderLeg {
    OrderLeg::equity(instruction, quantity, "AAPL")
}

/// The AAPL leg a buy's fill at `price` moved.
fn bought_aapl(price: Decimal) -> Vec<FilledLeg> {
    vec![FilledLeg::of_leg(
        &aapl(Instruction::Buy, 1),
        1,
        Some(price),
    )]
}

/// Every event published so far, without waiting.
fn drain(events: &mut Receiver<OrderEvent>) -> Result<Vec<OrderEvent>> {
    let mut seen = Vec::new();
    loop {
        match events.try_recv() {
            Ok(event) => seen.push(event),
            Err(TryRecvError::Empty) => return Ok(seen),
            Err(other) => bail!("order events: {other}"),
        }
    }
}

/// The (order, change) pairs of `events`, checking each names Alice's account.
fn changes(desk: &Desk, events: &[OrderEvent]) -> Result<Vec<(BrokerOrderId, OrderChange)>> {
    events
        .iter()
        .map(|e| {
            anyhow::ensure!(e.account == desk.hash, "event of another account: {e:?}");
            Ok((e.order, e.change.clone()))
        })
        .collect()
}

#[tokio::test]
async fn a_market_order_publishes_created_accepted_and_one_complete_fill() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let mut events = desk.paper.order_events();
    let id = desk
        .place(&OrderRequest::market(aapl(Instruction::Buy, 10)))
        .await?;
    let seen = drain(&mut events)?;
    assert_eq!(
        changes(&desk, &seen)?,
        vec![
            (id, OrderChange::Created),
            (id, OrderChange::Accepted),
            (
                id,
                OrderChange::Filled {
                    filled: 10,
                    remaining: 0,
                    price: dec!(230.05),
                    legs: bought_aapl(dec!(230.05)),
                }
            ),
        ]
    );
    let placed_at = monday()?;
    assert!(seen.iter().all(|e| e.at == placed_at));
    // Reading the order afterwards publishes nothing more.
    desk.order(id).await?;
    assert!(drain(&mut events)?.is_empty());
    Ok(())
}

#[tokio::test]
async fn a_resting_limit_publishes_each_partial_fill_and_the_last_one_closes_it() -> Result<()> {
    let desk = Desk::open(PaperConfig {
        fill_size_per_step: 60,
        ..frozen()
    })
    .await?;
    let mut events = desk.paper.order_events();
    let id = desk
        .place(&OrderRequest::limit(aapl(Instruction::Buy, 150), dec!(225)))
        .await?;
    assert_eq!(
        changes(&desk, &drain(&mut events)?)?,
        vec![(id, OrderChange::Created), (id, OrderChange::Accepted)]
    );
    desk.paper.set_price("AAPL", dec!(224.90))?;
    desk.advance(1);
    desk.order(id).await?;
    desk.advance(1);
    desk.order(id).await?;
    let fill = |filled, remaining| {
        (
            id,
            OrderChange::Filled {
                filled,
                remaining,
                price: dec!(224.95),
                legs: bought_aapl(dec!(224.95)),
            },
        )
    };
    assert_eq!(
        changes(&desk, &drain(&mut events)?)?,
        vec![fill(60, 90), fill(120, 30), fill(150, 0)]
    );
    let order = desk.order(id).await?;
    assert_eq!(
        (order.status, order.filled_quantity),
        (OrderStatus::Filled, 150)
    );
    Ok(())
}

#[tokio::test]
async fn cancel_replace_reject_and_expiry_each_publish_one_final_event() -> Result<()> {
    let desk = Desk::open(PaperConfig {
        access_lifetime: Duration::days(1),
        ..frozen()
    })
    .await?;
    let limit = OrderRequest::limit(aapl(Instruction::Buy, 10), dec!(200));
    let canceled = desk.place(&limit).await?;
    let replaced = desk.place(&limit).await?;
    let mut events = desk.paper.order_events();

    desk.paper
        .cancel_order(desk.token(), &desk.hash, canceled)
        .await?;
    let successor = desk
        .paper
        .replace_order(
            desk.token(),
            &desk.hash,
            replaced,
            &OrderRequest::limit(aapl(Instruction::Buy, 10), dec!(201)),
        )
        .await?
        .context("replacement id")?;
    let refused = desk
        .place(&OrderRequest::market(aapl(Instruction::Buy, 100_000)))
        .await?;
    assert_eq!(
        changes(&desk, &drain(&mut events)?)?,
        vec![
            (canceled, OrderChange::Canceled),
            (replaced, OrderChange::Replaced { by: successor }),
            (successor, OrderChange::Created),
            (successor, OrderChange::Accepted),
            (refused, OrderChange::Created),
            (
                refused,
                OrderChange::Rejected {
                    reason: "Order rejected: insufficient buying power".to_owned()
                }
            ),
        ]
    );
    assert_eq!(
        desk.order(refused).await?.status_description.as_deref(),
        Some("Order rejected: insufficient buying power")
    );

    // The DAY order expires at the 21:00 UTC close, stamped with the close.
    desk.advance(7 * 3600);
    desk.order(successor).await?;
    let expired = drain(&mut events)?;
    assert_eq!(
        changes(&desk, &expired)?,
        vec![(successor, OrderChange::Expired)]
    );
    assert_eq!(
        expired.first().map(|e| e.at),
        Some(monday()? + Duration::hours(6))
    );
    Ok(())
}

#[tokio::test]
async fn an_activation_delay_separates_created_from_accepted() -> Result<()> {
    let desk = Desk::open(PaperConfig {
        activation_delay: Duration::seconds(5),
        ..frozen()
    })
    .await?;
    let mut events = desk.paper.order_events();
    let id = desk
        .place(&OrderRequest::limit(aapl(Instruction::Buy, 10), dec!(200)))
        .await?;
    assert_eq!(
        changes(&desk, &drain(&mut events)?)?,
        vec![(id, OrderChange::Created)]
    );
    desk.advance(5);
    desk.order(id).await?;
    assert_eq!(
        changes(&desk, &drain(&mut events)?)?,
        vec![(id, OrderChange::Accepted)]
    );
    Ok(())
}

#[tokio::test]
async fn the_stepper_fills_orders_nobody_reads_while_someone_listens() -> Result<()> {
    let desk = Desk::open(PaperConfig {
        activation_delay: Duration::seconds(3),
        fill_size_per_step: 60,
        ..frozen()
    })
    .await?;
    let market = Arc::clone(&desk.paper);
    let pause = ManualPause::new(desk.clock.clone());
    let stepper = tokio::spawn(async move { market.run_market(pause).await });

    // Nobody listens: the stepper idles and the clock stands still, however long it runs.
    let id = desk
        .place(&OrderRequest::limit(aapl(Instruction::Buy, 100), dec!(231)))
        .await?;
    for _ in 0..20 {
        tokio::task::yield_now().await;
    }
    assert_eq!(desk.clock.now(), monday()?);

    // A listener arrives: the order activates after its delay and fills in steps, unasked.
    let mut events = desk.paper.order_events();
    let mut seen = Vec::new();
    while !seen
        .iter()
        .any(|(_, c): &(BrokerOrderId, OrderChange)| c.is_final())
    {
        let event = events.recv().await?;
        seen.push((event.order, event.change));
    }
    assert_eq!(
        seen,
        vec![
            (id, OrderChange::Accepted),
            (
                id,
                OrderChange::Filled {
                    filled: 60,
                    remaining: 40,
                    price: dec!(230.05),
                    legs: bought_aapl(dec!(230.05)),
                }
            ),
            (
                id,
                OrderChange::Filled {
                    filled: 100,
                    remaining: 0,
                    price: dec!(230.05),
                    legs: bought_aapl(dec!(230.05)),
                }
            ),
        ]
    );
    let stepped = desk.clock.now() - monday()?;
    assert_eq!(stepped, Duration::seconds(4));
    assert_eq!(MARKET_STEP, std::time::Duration::from_secs(1));

    // Nothing is open any more: the stepper stops moving the clock.
    for _ in 0..20 {
        tokio::task::yield_now().await;
    }
    assert_eq!(desk.clock.now() - monday()?, stepped);
    stepper.abort();
    Ok(())
}

#[derive(Debug, Clone)]
enum Action {
    /// Buy or sell AAPL: None is MARKET, Some(cents) a LIMIT this far from 230.
    Place {
        buy: bool,
        quantity: u32,
        limit_offset: Option<i64>,
    },
    Cancel(usize),
    Replace(usize, i64),
    /// Set AAPL to 230 plus this many cents.
    Move(i64),
    /// Seconds forward (some long enough to reach the close).
    Advance(i64),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        4 => (any::<bool>(), 1_u32..300, prop::option::of(-300_i64..300))
            .prop_map(|(buy, quantity, limit_offset)| Action::Place { buy, quantity, limit_offset }),
        2 => (0_usize..16).prop_map(Action::Cancel),
        2 => (0_usize..16, -300_i64..300).prop_map(|(pick, offset)| Action::Replace(pick, offset)),
        3 => (-400_i64..400).prop_map(Action::Move),
        2 => prop_oneof![1_i64..5, 3_600_i64..30_000].prop_map(Action::Advance),
    ]
}

async fn act(desk: &Desk, action: &Action, placed: &mut Vec<BrokerOrderId>) -> Result<()> {
    let price = |offset: i64| (dec!(230) + Decimal::new(offset, 2)).max(Decimal::ONE);
    match action {
        Action::Place {
            buy,
            quantity,
            limit_offset,
        } => {
            let instruction = if *buy {
                Instruction::Buy
            } else {
                Instruction::Sell
            };
            let leg = aapl(instruction, *quantity);
            let request = match limit_offset {
                None => OrderRequest::market(leg),
                Some(offset) => OrderRequest::limit(leg, price(*offset)),
            };
            placed.push(desk.place(&request).await?);
        }
        Action::Cancel(pick) => {
            if let Some(id) = placed.get(pick % placed.len().max(1)) {
                // Cancelling a final order is refused; that is part of what is exercised.
                let _ = desk.paper.cancel_order(desk.token(), &desk.hash, *id).await;
            }
        }
        Action::Replace(pick, offset) => {
            if let Some(id) = placed.get(pick % placed.len().max(1)).copied() {
                let leg = desk
                    .order(id)
                    .await?
                    .legs
                    .first()
                    .map(|l| l.to_leg())
                    .ok_or_else(|| anyhow!("leg"))?;
                let request = OrderRequest::limit(leg, price(*offset));
                if let Ok(Some(new)) = desk
                    .paper
                    .replace_order(desk.token(), &desk.hash, id, &request)
                    .await
                {
                    placed.push(new);
                }
            }
        }
        Action::Move(offset) => desk.paper.set_price("AAPL", price(*offset))?,
        Action::Advance(seconds) => desk.advance(*seconds),
    }
    Ok(())
}

/// What the events say about one order.
#[derive(Debug, Default)]
struct Folded {
    status: Option<OrderStatus>,
    filled: u32,
}

/// Folds events into statuses and filled quantities, refusing an impossible sequence (a second
/// creation, anything before creation or after a final change, a fill that does not add up).
fn fold(events: &[OrderEvent]) -> Result<BTreeMap<BrokerOrderId, Folded>> {
    let mut orders: BTreeMap<BrokerOrderId, Folded> = BTreeMap::new();
    for event in events {
        let entry = orders.entry(event.order).or_default();
        let status = match (&entry.status, &event.change) {
            (None, OrderChange::Created) => OrderStatus::PendingActivation,
            (None, change) => bail!("{change:?} before Created on {}", event.order),
            (Some(s), change) if s.is_final() => bail!("{change:?} after {s} on {}", event.order),
            (Some(_), OrderChange::Created) => bail!("second Created on {}", event.order),
            (Some(_), OrderChange::Accepted) => OrderStatus::Working,
            (
                Some(_),
                OrderChange::Filled {
                    filled, remaining, ..
                },
            ) => {
                anyhow::ensure!(
                    *filled > entry.filled,
                    "a fill that adds nothing: {event:?}"
                );
                entry.filled = *filled;
                if *remaining == 0 {
                    OrderStatus::Filled
                } else {
                    OrderStatus::Working
                }
            }
            (Some(_), OrderChange::Canceled) => OrderStatus::Canceled,
            (Some(_), OrderChange::Replaced { .. }) => OrderStatus::Replaced,
            (Some(_), OrderChange::Rejected { .. }) => OrderStatus::Rejected,
            (Some(_), OrderChange::Expired) => OrderStatus::Expired,
        };
        entry.status = Some(status);
    }
    Ok(orders)
}

fn run(seed: u64, actions: &[Action]) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()?;
    runtime.block_on(async {
        let desk = Desk::open(PaperConfig {
            seed,
            volatility_scale: 1.0,
            access_lifetime: Duration::days(30),
            fill_size_per_step: 40,
            ..frozen()
        })
        .await?;
        let mut events = desk.paper.order_events();
        let mut placed = Vec::new();
        let mut seen = Vec::new();
        for action in actions {
            act(&desk, action, &mut placed).await?;
            seen.extend(drain(&mut events)?);
            let folded = fold(&seen)?;
            let orders = desk.all_orders().await?;
            seen.extend(drain(&mut events)?);
            let folded_after_read = fold(&seen)?;
            anyhow::ensure!(
                folded_after_read.len() == orders.len(),
                "{} orders, events of {}",
                orders.len(),
                folded_after_read.len()
            );
            for order in &orders {
                let from_events = folded_after_read
                    .get(&order.id)
                    .with_context(|| format!("no events for {}", order.id))?;
                anyhow::ensure!(
                    from_events.status.as_ref() == Some(&order.status)
                        && from_events.filled == order.filled_quantity,
                    "order {}: read {} filled {}, events say {:?} (before the read {:?})",
                    order.id,
                    order.status,
                    order.filled_quantity,
                    from_events,
                    folded.get(&order.id)
                );
            }
        }
        Ok(())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn events_fold_to_the_statuses_and_fills_the_market_reports(
        seed in 0_u64..1000,
        actions in prop::collection::vec(action(), 1..30),
    ) {
        let outcome = run(seed, &actions);
        prop_assert!(outcome.is_ok(), "{:?}", outcome.err());
    }
}
