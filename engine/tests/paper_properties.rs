//! Properties of the paper brokerage under random orders and price moves.

mod support;

use std::collections::BTreeMap;

use anyhow::{Result, anyhow};
use chrono::Duration;
use engine::broker::Brokerage;
use engine::broker::paper::PaperConfig;
use engine::ids::BrokerOrderId;
use engine::order::{Instruction, OrderLeg, OrderRequest, OrderStatus, OrderType};
use proptest::prelude::*;
use rust_decimal::Decimal;
use support::{Desk, frozen};

const CALL_230: &str = "AAPL  241018C00230000";
const CALL_235: &str = "AAPL  241018C00235000";
const SYMBOLS: [&str; 3] = ["AAPL", "F", "SPY"];
const INSTRUCTIONS: [Instruction; 4] = [
    Instruction::Buy,
    Instruction::Sell,
    Instruction::SellShort,
    Instruction::BuyToCover,
];

#[derive(Debug, Clone)]
enum Action {
    Place {
        symbol: usize,
        instruction: usize,
        quantity: u32,
        /// None: MARKET; Some(cents): LIMIT this far from the mark.
        limit_offset: Option<i64>,
    },
    Move {
        symbol: usize,
        /// Percent change, in tenths.
        change: i64,
    },
    Advance(i64),
    /// A 230/235 AAPL call vertical: debit (true) or credit, spreads, net price in cents.
    Vertical {
        debit: bool,
        spreads: u32,
        net_cents: i64,
    },
    Cancel(usize),
    Replace(usize, i64),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        4 => (0..SYMBOLS.len(), 0..INSTRUCTIONS.len(), 1_u32..250, prop::option::of(-150_i64..150))
            .prop_map(|(symbol, instruction, quantity, limit_offset)| Action::Place {
                symbol,
                instruction,
                quantity,
                limit_offset,
            }),
        3 => (0..SYMBOLS.len(), -50_i64..50).prop_map(|(symbol, change)| Action::Move { symbol, change }),
        2 => (1_i64..90).prop_map(Action::Advance),
        2 => (any::<bool>(), 1_u32..80, 1_i64..500)
            .prop_map(|(debit, spreads, net_cents)| Action::Vertical { debit, spreads, net_cents }),
        1 => (0_usize..16).prop_map(Action::Cancel),
        1 => (0_usize..16, -150_i64..150).prop_map(|(pick, offset)| Action::Replace(pick, offset)),
    ]
}

fn config(seed: u64) -> PaperConfig {
    PaperConfig {
        seed,
        volatility_scale: 1.0,
        access_lifetime: Duration::days(30),
        fill_size_per_step: 60,
        ..frozen()
    }
}

async fn mark(desk: &Desk, symbol: &str) -> Result<Decimal> {
    let quotes = desk
        .paper
        .quotes(desk.token(), &[symbol.to_owned()])
        .await?;
    quotes
        .get(symbol)
        .and_then(|q| q.mark)
        .ok_or_else(|| anyhow!("{symbol} quoted"))
}

async fn act(desk: &Desk, action: &Action, placed: &mut Vec<BrokerOrderId>) -> Result<()> {
    let cents = |offset: i64| Decimal::new(offset, 2);
    match action {
        Action::Place {
            symbol,
            instruction,
            quantity,
            limit_offset,
        } => {
            let symbol = SYMBOLS[*symbol];
            let leg = OrderLeg::equity(INSTRUCTIONS[*instruction], *quantity, symbol);
            let request = match limit_offset {
                None => OrderRequest::market(leg),
                Some(offset) => {
                    let price = (mark(desk, symbol).await? + cents(*offset)).max(Decimal::ONE);
                    OrderRequest::limit(leg, price.round_dp(2))
                }
            };
            placed.push(desk.place(&request).await?);
        }
        Action::Move { symbol, change } => {
            let symbol = SYMBOLS[*symbol];
            let price = mark(desk, symbol).await? * (Decimal::ONE + Decimal::new(*change, 3));
            desk.paper
                .set_price(symbol, price.round_dp(2).max(Decimal::ONE))?;
        }
        Action::Advance(seconds) => desk.advance(*seconds),
        Action::Vertical {
            debit,
            spreads,
            net_cents,
        } => {
            let (lower, upper, order_type) = if *debit {
                (
                    Instruction::BuyToOpen,
                    Instruction::SellToOpen,
                    OrderType::NetDebit,
                )
            } else {
                (
                    Instruction::SellToOpen,
                    Instruction::BuyToOpen,
                    OrderType::NetCredit,
                )
            };
            let legs = [
                OrderLeg::option(lower, 1, CALL_230),
                OrderLeg::option(upper, 1, CALL_235),
            ];
            let request = OrderRequest::vertical(order_type, *spreads, cents(*net_cents), legs);
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
                let old = desk.order(id).await?;
                if old.legs.len() != 1 {
                    return Ok(());
                }
                let leg = old
                    .legs
                    .first()
                    .map(|l| l.to_leg())
                    .ok_or_else(|| anyhow!("leg"))?;
                let price = (mark(desk, &leg.symbol).await? + cents(*offset)).max(Decimal::ONE);
                let request = OrderRequest::limit(leg, price.round_dp(2));
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
    Ok(())
}

/// Cash and positions equal what the fills say; each order's filled quantity equals its fills.
async fn check_ledger(desk: &Desk, starting_cash: Decimal) -> Result<()> {
    let fills = desk.paper.fills(&desk.hash)?;
    let mut cash = starting_cash;
    let mut positions: BTreeMap<String, i64> = BTreeMap::new();
    let mut filled: BTreeMap<(BrokerOrderId, String), u32> = BTreeMap::new();
    for fill in &fills {
        if fill.instruction.is_buy() {
            cash -= fill.amount();
        } else {
            cash += fill.amount();
        }
        *positions.entry(fill.symbol.clone()).or_default() += fill.signed_quantity();
        *filled.entry((fill.order, fill.symbol.clone())).or_default() += fill.quantity;
    }
    positions.retain(|_, net| *net != 0);
    let account = desk.paper.account(desk.token(), &desk.hash).await?;
    anyhow::ensure!(
        account.balances.cash_balance == Some(cash),
        "cash {:?} vs fills {cash}",
        account.balances.cash_balance
    );
    let reported: BTreeMap<String, i64> = account
        .positions
        .iter()
        .map(|p| (p.symbol.clone(), p.net_quantity()))
        .collect();
    anyhow::ensure!(
        reported == positions,
        "positions {reported:?} vs fills {positions:?}"
    );
    for order in desk.all_orders().await? {
        // Every leg of a vertical fills one contract per spread.
        let from_fills = filled
            .iter()
            .filter(|((id, _), _)| *id == order.id)
            .map(|(_, units)| *units)
            .max()
            .unwrap_or(0);
        anyhow::ensure!(
            order.filled_quantity == from_fills,
            "order {} filled {} vs fills {from_fills}",
            order.id,
            order.filled_quantity
        );
        anyhow::ensure!(order.filled_quantity <= order.quantity);
    }
    Ok(())
}

/// No order leaves a final status; returns the statuses seen now.
async fn check_finals(
    desk: &Desk,
    seen: &BTreeMap<BrokerOrderId, OrderStatus>,
) -> Result<BTreeMap<BrokerOrderId, OrderStatus>> {
    let mut now = BTreeMap::new();
    for order in desk.all_orders().await? {
        if let Some(before) = seen.get(&order.id).filter(|s| s.is_final()) {
            anyhow::ensure!(
                *before == order.status,
                "order {} went from {before} to {}",
                order.id,
                order.status
            );
        }
        now.insert(order.id, order.status);
    }
    Ok(now)
}

fn run(seed: u64, actions: &[Action]) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()?;
    runtime.block_on(async {
        let config = config(seed);
        let starting_cash = config.starting_cash;
        let desk = Desk::open(config).await?;
        let mut placed = Vec::new();
        let mut statuses = BTreeMap::new();
        for action in actions {
            act(&desk, action, &mut placed).await?;
            check_ledger(&desk, starting_cash).await?;
            statuses = check_finals(&desk, &statuses).await?;
        }
        Ok(())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn fills_explain_cash_positions_and_filled_quantities_and_finals_stay_final(
        seed in 0_u64..1000,
        actions in prop::collection::vec(action(), 1..30),
    ) {
        let outcome = run(seed, &actions);
        prop_assert!(outcome.is_ok(), "{:?}", outcome.err());
    }
}
