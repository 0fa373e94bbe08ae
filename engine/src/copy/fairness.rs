//! The fairness record of a session: who got which price, and how far apart the accounts' orders
//! reached the market and filled.
//!
//! Computed from the rows as the accounts' order listings last reported them (filled quantity, average
//! fill price, the broker's entered time and fill times), never from raw executions.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

use super::{CopyRow, CopySession, TradeKind};
use crate::ids::{AccountId, BrokerOrderId, SessionId};
use crate::order::{AssetType, Instruction, OrderRequest, OrderType};

/// Which fill price is the better one for the accounts of a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BetterPrice {
    /// Buying (or paying a net debit): the lower price is better.
    Lower,
    /// Selling (or receiving a net credit): the higher price is better.
    Higher,
}

impl BetterPrice {
    /// The side of an order: a net credit is received, a net debit paid; otherwise the first leg's
    /// instruction decides (buys pay, sells receive).
    #[must_use]
    pub fn of(request: &OrderRequest) -> Self {
        match request.order_type {
            OrderType::NetCredit => Self::Higher,
            OrderType::NetDebit => Self::Lower,
            _ => {
                let buys = request
                    .legs
                    .first()
                    .is_none_or(|leg| Instruction::is_buy(leg.instruction));
                if buys { Self::Lower } else { Self::Higher }
            }
        }
    }

    /// How much worse `price` is than `reference` per unit (negative when it is better).
    #[must_use]
    pub fn worse_by(self, price: Decimal, reference: Decimal) -> Decimal {
        match self {
            Self::Lower => price - reference,
            Self::Higher => reference - price,
        }
    }
}

/// One account's part of the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountFill {
    /// The account.
    pub account: AccountId,
    /// Its order, once known.
    pub order_id: Option<BrokerOrderId>,
    /// The row's status word.
    pub status: String,
    /// Units ordered (contracts, spreads or shares).
    pub quantity: u32,
    /// Units filled.
    pub filled_quantity: u32,
    /// The average fill price per unit, once something filled.
    pub average_price: Option<Decimal>,
    /// Dollars this account's fills were worse than the session's VWAP (negative when better): the
    /// per-unit difference × filled units × the contract multiplier.
    pub against_vwap: Option<Decimal>,
    /// When the broker received the order.
    pub accepted_at: Option<DateTime<Utc>>,
    /// When its first fill happened.
    pub first_fill_at: Option<DateTime<Utc>>,
    /// When its latest fill happened.
    pub last_fill_at: Option<DateTime<Utc>>,
}

/// The fairness figures of one session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FairnessRecord {
    /// The session.
    pub session: SessionId,
    /// Its kind.
    pub kind: TradeKind,
    /// When the command was given.
    pub created_at: DateTime<Utc>,
    /// Which price is better for these orders.
    pub better: BetterPrice,
    /// Dollars per unit of price per unit of quantity: 100 for options (per contract, or per spread
    /// for verticals), 1 for shares.
    pub multiplier: u32,
    /// One entry per account, in the session's row order.
    pub accounts: Vec<AccountFill>,
    /// Units filled across the accounts.
    pub filled_quantity: u64,
    /// The volume-weighted average fill price: Σ(price × filled) / Σ filled.
    pub vwap: Option<Decimal>,
    /// The best average fill price of an account.
    pub best_price: Option<Decimal>,
    /// The worst average fill price of an account.
    pub worst_price: Option<Decimal>,
    /// Worst minus best, per unit (never negative).
    pub spread: Option<Decimal>,
    /// Dollars the accounts that filled worse than the VWAP gave up against it: Σ over those accounts
    /// of the per-unit difference × filled units × multiplier (what the others gained; 0 when every
    /// account got the same price).
    pub cost_against_vwap: Decimal,
    /// Time from the first to the last order the broker received.
    pub send_skew: Option<chrono::Duration>,
    /// Time from the command to the first fill of any account.
    pub first_fill_after: Option<chrono::Duration>,
    /// Time from the command to the latest fill of any account.
    pub last_fill_after: Option<chrono::Duration>,
}

impl FairnessRecord {
    /// The record of a session as its rows stand.
    #[must_use]
    pub fn of(session: &CopySession) -> Self {
        let first_request = session.rows.first().map(|r| &*r.request);
        let better = first_request.map_or(BetterPrice::Lower, BetterPrice::of);
        let multiplier = first_request
            .and_then(|r| r.legs.first())
            .map_or(1, |leg| AssetType::multiplier(&leg.asset_type));
        let fills: Vec<(Decimal, u32)> = session.rows.iter().filter_map(fill_of).collect();
        let filled_quantity: u64 = fills.iter().map(|(_, q)| u64::from(*q)).sum();
        let vwap = vwap(&fills);
        let worse_first = |a: &Decimal, b: &Decimal| better.worse_by(*a, *b).cmp(&Decimal::ZERO);
        let best_price = fills.iter().map(|(p, _)| *p).min_by(worse_first);
        let worst_price = fills.iter().map(|(p, _)| *p).max_by(worse_first);
        let spread = best_price
            .zip(worst_price)
            .map(|(best, worst)| better.worse_by(worst, best));
        let dollars = Decimal::from(multiplier);
        let accounts: Vec<AccountFill> = session
            .rows
            .iter()
            .map(|row| AccountFill {
                account: row.account,
                order_id: row.order_id,
                status: row.status_word(),
                quantity: row.request.total_quantity(),
                filled_quantity: row.filled_quantity,
                average_price: fill_of(row).map(|(p, _)| p),
                against_vwap: fill_of(row).zip(vwap).map(|((price, filled), vwap)| {
                    better.worse_by(price, vwap) * Decimal::from(filled) * dollars
                }),
                accepted_at: row.accepted_at,
                first_fill_at: row.first_fill_at.filter(|_| row.filled_quantity > 0),
                last_fill_at: row.last_fill_at.filter(|_| row.filled_quantity > 0),
            })
            .collect();
        let cost_against_vwap = accounts
            .iter()
            .filter_map(|a| a.against_vwap)
            .filter(|d| d.is_sign_positive())
            .sum();
        let accepted = accounts.iter().filter_map(|a| a.accepted_at);
        let send_skew = accepted
            .clone()
            .max()
            .zip(accepted.min())
            .map(|(last, first)| last - first);
        let since_command = |at: DateTime<Utc>| at - session.created_at;
        let first_fill_after = accounts
            .iter()
            .filter_map(|a| a.first_fill_at)
            .min()
            .map(since_command);
        let last_fill_after = accounts
            .iter()
            .filter_map(|a| a.last_fill_at.or(a.first_fill_at))
            .max()
            .map(since_command);
        Self {
            session: session.id,
            kind: session.kind,
            created_at: session.created_at,
            better,
            multiplier,
            accounts,
            filled_quantity,
            vwap,
            best_price,
            worst_price,
            spread,
            cost_against_vwap,
            send_skew,
            first_fill_after,
            last_fill_after,
        }
    }
}

/// A row's fill: its average price and filled units, when something filled at a known price.
fn fill_of(row: &CopyRow) -> Option<(Decimal, u32)> {
    let price = row.average_price?;
    (row.filled_quantity > 0).then_some((price, row.filled_quantity))
}

/// Σ(price × units) / Σ units; `None` when nothing filled.
fn vwap(fills: &[(Decimal, u32)]) -> Option<Decimal> {
    let units: Decimal = fills.iter().map(|(_, q)| Decimal::from(*q)).sum();
    if units.is_zero() {
        return None;
    }
    let notional: Decimal = fills.iter().map(|(p, q)| *p * Decimal::from(*q)).sum();
    notional.checked_div(units)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::RowState;
    use crate::ids::AgentId;
    use crate::order::{OrderLeg, OrderStatus};
    use chrono::TimeZone;
    use proptest::prelude::*;
    use rust_decimal_macros::dec;

    fn at(millis: i64) -> DateTime<Utc> {
        Utc.timestamp_millis_opt(1_730_000_000_000 + millis)
            .single()
            .unwrap_or(DateTime::UNIX_EPOCH)
    }

    fn filled_row(
        account: u64,
        request: &OrderRequest,
        filled: u32,
        price: Option<Decimal>,
        accepted_ms: i64,
        fills_ms: (i64, i64),
    ) -> CopyRow {
        let mut row = CopyRow::pending(AccountId(account), request.clone(), None, at(0));
        row.order_id = Some(BrokerOrderId(i64::try_from(account).unwrap_or(0) + 100));
        row.state = RowState::Order(if filled == request.total_quantity() {
            OrderStatus::Filled
        } else {
            OrderStatus::Working
        });
        row.filled_quantity = filled;
        row.average_price = price;
        row.accepted_at = Some(at(accepted_ms));
        if filled > 0 {
            row.first_fill_at = Some(at(fills_ms.0));
            row.last_fill_at = Some(at(fills_ms.1));
        }
        row
    }

    fn session(kind: TradeKind, rows: Vec<CopyRow>) -> CopySession {
        CopySession {
            id: SessionId(7),
            agent: AgentId(1),
            kind,
            created_at: at(0),
            rows,
            replaced_session: None,
        }
    }

    fn call(instruction: Instruction, quantity: u32) -> OrderRequest {
        OrderRequest::limit(
            OrderLeg::option(instruction, quantity, "AAPL  241018C00200000"),
            dec!(3.50),
        )
    }

    #[test]
    fn bought_calls_give_the_vwap_spread_and_dollar_cost_per_contract() {
        let buy = call(Instruction::BuyToOpen, 1);
        let record = FairnessRecord::of(&session(
            TradeKind::Common,
            vec![
                filled_row(1, &buy, 1, Some(dec!(3.40)), 120, (300, 300)),
                filled_row(2, &buy, 3, Some(dec!(3.50)), 150, (400, 900)),
                filled_row(3, &buy, 0, None, 480, (0, 0)),
            ],
        ));
        // (1 × 3.40 + 3 × 3.50) / 4 = 3.475
        assert_eq!(record.vwap, Some(dec!(3.475)));
        assert_eq!(record.better, BetterPrice::Lower);
        assert_eq!(record.multiplier, 100);
        assert_eq!(record.filled_quantity, 4);
        assert_eq!(
            (record.best_price, record.worst_price, record.spread),
            (Some(dec!(3.40)), Some(dec!(3.50)), Some(dec!(0.10)))
        );
        // Account 2 paid 0.025 over the VWAP on 3 contracts of 100: $7.50; account 1 gained as much.
        assert_eq!(record.accounts[1].against_vwap, Some(dec!(7.500)));
        assert_eq!(record.accounts[0].against_vwap, Some(dec!(-7.500)));
        assert_eq!(record.accounts[2].against_vwap, None);
        assert_eq!(record.cost_against_vwap, dec!(7.5));
        assert_eq!(record.send_skew, Some(chrono::Duration::milliseconds(360)));
        assert_eq!(
            record.first_fill_after,
            Some(chrono::Duration::milliseconds(300))
        );
        assert_eq!(
            record.last_fill_after,
            Some(chrono::Duration::milliseconds(900))
        );
        assert_eq!(record.accounts[2].status, "WORKING");
    }

    #[test]
    fn sold_shares_count_the_higher_price_as_better_at_one_dollar_per_share() {
        let sell = OrderRequest::market(OrderLeg::equity(Instruction::Sell, 10, "KO"));
        let record = FairnessRecord::of(&session(
            TradeKind::Stock,
            vec![
                filled_row(1, &sell, 10, Some(dec!(58.10)), 0, (10, 10)),
                filled_row(2, &sell, 10, Some(dec!(58.30)), 5, (20, 20)),
            ],
        ));
        assert_eq!(record.better, BetterPrice::Higher);
        assert_eq!(record.multiplier, 1);
        assert_eq!(record.vwap, Some(dec!(58.20)));
        assert_eq!(
            (record.best_price, record.worst_price, record.spread),
            (Some(dec!(58.30)), Some(dec!(58.10)), Some(dec!(0.20)))
        );
        // Account 1 got 0.10 less than the VWAP on 10 shares.
        assert_eq!(record.cost_against_vwap, dec!(1.00));
    }

    #[test]
    fn a_net_credit_spread_is_better_received_higher() {
        let mut credit = call(Instruction::SellToOpen, 1);
        credit.order_type = OrderType::NetCredit;
        assert_eq!(BetterPrice::of(&credit), BetterPrice::Higher);
        let mut debit = call(Instruction::SellToOpen, 1);
        debit.order_type = OrderType::NetDebit;
        assert_eq!(BetterPrice::of(&debit), BetterPrice::Lower);
    }

    #[test]
    fn a_session_without_fills_has_no_prices_and_no_cost() {
        let buy = call(Instruction::BuyToOpen, 2);
        let mut failed = CopyRow::failed(AccountId(4), buy.clone(), "no".into(), at(0));
        failed.filled_quantity = 0;
        let record = FairnessRecord::of(&session(
            TradeKind::Common,
            vec![failed, filled_row(5, &buy, 0, None, 10, (0, 0))],
        ));
        assert_eq!(
            (record.vwap, record.spread, record.first_fill_after),
            (None, None, None)
        );
        assert_eq!(record.cost_against_vwap, Decimal::ZERO);
        assert_eq!(record.send_skew, Some(chrono::Duration::zero()));
        assert_eq!(record.accounts[0].status, "FAILED_TO_PLACE");
    }

    fn fills() -> impl Strategy<Value = Vec<(i64, u32)>> {
        prop::collection::vec((1_i64..1_000_000, 1_u32..500), 1..40)
    }

    proptest! {
        #[test]
        fn the_vwap_lies_between_the_lowest_and_highest_fill(fills in fills(), sells in any::<bool>()) {
            let instruction = if sells { Instruction::SellToClose } else { Instruction::BuyToOpen };
            let rows: Vec<CopyRow> = fills
                .iter()
                .enumerate()
                .map(|(i, (cents, filled))| {
                    let request = call(instruction, *filled);
                    let index = u64::try_from(i).unwrap_or(0);
                    filled_row(index + 1, &request, *filled, Some(Decimal::new(*cents, 4)), 0, (1, 1))
                })
                .collect();
            let record = FairnessRecord::of(&session(TradeKind::Common, rows));
            let prices: Vec<Decimal> = fills.iter().map(|(c, _)| Decimal::new(*c, 4)).collect();
            let min = prices.iter().min().copied().unwrap_or_default();
            let max = prices.iter().max().copied().unwrap_or_default();
            let vwap = record.vwap.unwrap_or(Decimal::MIN);
            prop_assert!(min <= vwap && vwap <= max, "{min} <= {vwap} <= {max}");
            prop_assert!(record.cost_against_vwap >= Decimal::ZERO);
            prop_assert_eq!(record.spread, Some(max - min));
        }

        #[test]
        fn the_dollar_cost_is_zero_when_every_account_got_the_same_price(
            cents in 1_i64..1_000_000,
            quantities in prop::collection::vec(1_u32..500, 1..40),
        ) {
            let price = Decimal::new(cents, 4);
            let rows: Vec<CopyRow> = quantities
                .iter()
                .enumerate()
                .map(|(i, filled)| {
                    let request = call(Instruction::BuyToOpen, *filled);
                    let index = u64::try_from(i).unwrap_or(0);
                    filled_row(index + 1, &request, *filled, Some(price), 0, (1, 1))
                })
                .collect();
            let record = FairnessRecord::of(&session(TradeKind::Common, rows));
            prop_assert_eq!(record.cost_against_vwap, Decimal::ZERO);
            prop_assert_eq!(record.vwap, Some(price));
            prop_assert_eq!(record.spread, Some(Decimal::ZERO));
        }
    }
}
