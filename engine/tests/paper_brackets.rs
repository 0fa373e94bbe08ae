//! Brackets at the paper market (placed by an account owner, never by copydesk): a TRIGGER's children
//! wait for its fill, an OCO's children cancel each other, and every order of a bracket names what it
//! sits under.

mod support;

use anyhow::{Context, Result};
use engine::broker::paper::{Bracket, PlacedBracket};
use engine::broker::{BrokerError, Brokerage};
use engine::order::{
    AssetType, BrokerOrder, Instruction, OrderLeg, OrderRequest, OrderStatus, OrderStrategy,
};
use rust_decimal_macros::dec;
use support::{Desk, frozen};

fn spy(instruction: Instruction, quantity: u32) -> OrderLeg {
    OrderLeg::equity(instruction, quantity, "SPY")
}

/// Buy 10 SPY, then a stop at 560 and a take-profit at 590 that cancel each other.
fn bracket(entry: rust_decimal::Decimal) -> Bracket {
    Bracket {
        first: Some(OrderRequest::limit(spy(Instruction::Buy, 10), entry)),
        one_cancels_other: true,
        children: vec![
            OrderRequest::stop(spy(Instruction::Sell, 10), dec!(560)),
            OrderRequest::limit(spy(Instruction::Sell, 10), dec!(590)),
        ],
    }
}

async fn place(desk: &Desk, bracket: &Bracket) -> Result<PlacedBracket> {
    Ok(desk
        .paper
        .place_bracket(desk.token(), &desk.hash, bracket)
        .await?)
}

async fn statuses(desk: &Desk, placed: &PlacedBracket) -> Result<Vec<OrderStatus>> {
    let mut all = Vec::new();
    for id in placed.first.iter().chain(&placed.children) {
        all.push(desk.order(*id).await?.status);
    }
    Ok(all)
}

#[tokio::test]
async fn children_wait_for_the_first_order_then_one_cancels_the_other() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    // SPY at 575 (bid 574.xx): a buy at 570 rests.
    let placed = place(&desk, &bracket(dec!(570))).await?;
    let container = placed.container.context("an OCO container id")?;
    let first = placed.first.context("a first order")?;
    assert_eq!(
        statuses(&desk, &placed).await?,
        [
            OrderStatus::Working,
            OrderStatus::AwaitingParentOrder,
            OrderStatus::AwaitingParentOrder
        ]
    );
    let entry = desk.order(first).await?;
    assert_eq!(
        (entry.strategy.clone(), entry.parent),
        (OrderStrategy::Trigger, None)
    );
    for id in &placed.children {
        let child: BrokerOrder = desk.order(*id).await?;
        assert_eq!(
            (child.strategy.clone(), child.parent),
            (OrderStrategy::Single, Some(container))
        );
        assert_eq!(
            child.legs.first().map(|l| l.asset_type.clone()),
            Some(AssetType::CollectiveInvestment)
        );
        assert!(!child.is_standalone());
    }

    desk.paper.set_price("SPY", dec!(569))?;
    assert_eq!(
        statuses(&desk, &placed).await?,
        [
            OrderStatus::Filled,
            OrderStatus::Working,
            OrderStatus::Working
        ]
    );
    desk.paper.set_price("SPY", dec!(591))?;
    assert_eq!(
        statuses(&desk, &placed).await?,
        [
            OrderStatus::Filled,
            OrderStatus::Canceled,
            OrderStatus::Filled
        ]
    );
    let account = desk.paper.account(desk.token(), &desk.hash).await?;
    assert!(
        account.position("SPY").is_none(),
        "the take-profit sold it all"
    );
    Ok(())
}

#[tokio::test]
async fn canceling_the_first_order_cancels_its_children() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let placed = place(&desk, &bracket(dec!(570))).await?;
    let first = placed.first.context("a first order")?;
    desk.paper
        .cancel_order(desk.token(), &desk.hash, first)
        .await?;
    assert_eq!(
        statuses(&desk, &placed).await?,
        [
            OrderStatus::Canceled,
            OrderStatus::Canceled,
            OrderStatus::Canceled
        ]
    );
    Ok(())
}

#[tokio::test]
async fn a_bare_oco_works_at_once_on_a_holding() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    desk.place(&OrderRequest::market(spy(Instruction::Buy, 10)))
        .await?;
    let oco = Bracket {
        first: None,
        ..bracket(dec!(0))
    };
    let placed = place(&desk, &oco).await?;
    assert_eq!(placed.first, None);
    assert_eq!(
        statuses(&desk, &placed).await?,
        [OrderStatus::Working, OrderStatus::Working]
    );
    desk.paper.set_price("SPY", dec!(559))?;
    assert_eq!(
        statuses(&desk, &placed).await?,
        [OrderStatus::Filled, OrderStatus::Canceled]
    );
    Ok(())
}

#[tokio::test]
async fn a_malformed_bracket_is_refused_and_nothing_is_recorded() -> Result<()> {
    let desk = Desk::open(frozen()).await?;
    let lonely = Bracket {
        children: vec![OrderRequest::stop(spy(Instruction::Sell, 10), dec!(560))],
        ..bracket(dec!(570))
    };
    assert_eq!(
        place(&desk, &lonely).await.map_err(|e| e.to_string()),
        Err(
            BrokerError::rejected("invalid order: an OCO needs at least two child orders")
                .to_string()
        )
    );
    assert!(desk.all_orders().await?.is_empty());
    Ok(())
}
