//! Holdings kept from executions: each fill event moves the account's positions at once (quantity and
//! average cost per leg), counted once per order and cumulative quantity; a positions read confirms,
//! and where it disagrees the read wins.

use std::collections::{HashMap, VecDeque};

use rust_decimal::Decimal;

use crate::broker::{AccountSnapshot, FillSide, FilledLeg, Position};
use crate::ids::BrokerOrderId;
use crate::order::{AssetType, BrokerOrder, OptionSymbol};

/// Orders whose applied quantity is remembered per account; the oldest are forgotten past this many
/// (an event of a forgotten order could only count again days after its fills).
pub const REMEMBERED_ORDERS: usize = 4096;
/// How far a read's average price may lie from the kept one before they disagree (half a cent: the
/// brokerage's own rounding stays within it).
pub const AVERAGE_TOLERANCE: Decimal = Decimal::from_parts(5, 0, 0, false, 3);

/// What taking one fill event did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FillTaken {
    /// The holdings moved by the quantity the event added.
    Kept,
    /// The event added nothing: its quantity was counted already (a doubled or late event).
    Counted,
    /// The quantity is counted, but the holdings could not be moved (the event named no legs, or no
    /// positions were read yet): the confirming read sets them.
    Unkept,
}

/// A symbol whose read position differs from what the fills made of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// The symbol.
    pub symbol: String,
    /// Net quantity the fills made (negative when short).
    pub kept_quantity: i64,
    /// Net quantity the read says.
    pub read_quantity: i64,
    /// Average price the fills made (`None` when a fill of it came without a price).
    pub kept_average: Option<Decimal>,
    /// Average price the read says.
    pub read_average: Decimal,
}

/// A symbol fills moved since positions were last read.
#[derive(Debug, Clone, Copy)]
struct Touch {
    /// The fill generation that last moved it.
    generation: u64,
    /// Whether every fill that moved it had a price (its kept average can be checked).
    priced: bool,
}

/// One account's kept holdings bookkeeping (the positions themselves live in its snapshot).
#[derive(Debug, Default)]
pub struct KeptHoldings {
    applied: HashMap<BrokerOrderId, u32>,
    applied_order: VecDeque<BrokerOrderId>,
    touched: HashMap<String, Touch>,
    generation: u64,
    /// The generation of the last fill that could not move the positions.
    last_unkept: u64,
}

impl KeptHoldings {
    /// The count of fills taken so far (kept or not); a read notes it when it starts, so that fills kept while it was
    /// on its way are not taken for disagreements.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Takes one fill event of `order` (cumulative `filled`): only the quantity beyond what was counted
    /// for the order moves `snapshot`'s positions, each leg by that quantity times its units per unit
    /// of the order, at its own price (the average stays when the leg has none).
    pub fn take_fill(
        &mut self,
        order: BrokerOrderId,
        filled: u32,
        legs: &[FilledLeg],
        snapshot: Option<&mut AccountSnapshot>,
    ) -> FillTaken {
        let counted = self.applied.get(&order).copied().unwrap_or(0);
        if filled <= counted {
            return FillTaken::Counted;
        }
        if self.applied.insert(order, filled).is_none() {
            self.applied_order.push_back(order);
            if self.applied_order.len() > REMEMBERED_ORDERS {
                if let Some(forgotten) = self.applied_order.pop_front() {
                    self.applied.remove(&forgotten);
                }
            }
        }
        self.generation += 1;
        let Some(snapshot) = snapshot.filter(|_| !legs.is_empty()) else {
            self.last_unkept = self.generation;
            return FillTaken::Unkept;
        };
        let added = filled - counted;
        for leg in legs {
            let units = added.saturating_mul(leg.per_unit.max(1));
            move_position(&mut snapshot.positions, leg, units);
            let touch = self.touched.entry(leg.symbol.clone()).or_insert(Touch {
                generation: self.generation,
                priced: true,
            });
            touch.generation = self.generation;
            touch.priced &= leg.price.is_some();
        }
        FillTaken::Kept
    }

    /// The filled quantity of `order` the fills already counted (0 for an order none counted, or one
    /// counted so long ago that it is forgotten).
    #[must_use]
    pub fn counted(&self, order: BrokerOrderId) -> u32 {
        self.applied.get(&order).copied().unwrap_or(0)
    }

    /// Whether a fill that could not move the positions came after fill generation `started`.
    #[must_use]
    pub fn unkept_after(&self, started: u64) -> bool {
        self.last_unkept > started
    }

    /// Compares a positions read that started at fill generation `started` with the positions the
    /// fills made (`kept`), symbol by symbol for the symbols fills moved before the read started, and
    /// forgets those. Returns the disagreements, and whether fills moved symbols while the read was
    /// on its way (the read may not know them: the positions are to be read again).
    pub fn confirm(
        &mut self,
        started: u64,
        kept: Option<&AccountSnapshot>,
        read: &AccountSnapshot,
    ) -> (Vec<Disagreement>, bool) {
        let mut disagreements = Vec::new();
        self.touched.retain(|symbol, touch| {
            if touch.generation > started {
                return true;
            }
            let kept = kept.and_then(|k| k.position(symbol));
            let read = read.position(symbol);
            let quantity = |p: Option<&Position>| p.map_or(0, Position::net_quantity);
            let average = |p: Option<&Position>| p.map_or(Decimal::ZERO, |p| p.average_price);
            let (kept_quantity, read_quantity) = (quantity(kept), quantity(read));
            let averages_differ = touch.priced
                && kept_quantity != 0
                && (average(kept) - average(read)).abs() > AVERAGE_TOLERANCE;
            if kept_quantity != read_quantity || averages_differ {
                disagreements.push(Disagreement {
                    symbol: symbol.clone(),
                    kept_quantity,
                    read_quantity,
                    kept_average: touch.priced.then(|| average(kept)),
                    read_average: average(read),
                });
            }
            false
        });
        disagreements.sort_by(|a, b| a.symbol.cmp(&b.symbol));
        let pending = !self.touched.is_empty() || self.unkept_after(started);
        (disagreements, pending)
    }
}

/// The legs a fill moved: the event's own, unless the account knows the order with other legs (an
/// event naming only one leg of a spread), whose legs then move at the event's prices for their
/// symbols (a single leg at the execution's `price`), else at none.
#[must_use]
pub fn legs_of_fill(
    known: Option<&BrokerOrder>,
    told: &[FilledLeg],
    price: Decimal,
) -> Vec<FilledLeg> {
    let Some(known) = known.filter(|k| !k.legs.is_empty()) else {
        return told.to_vec();
    };
    let same = told.len() == known.legs.len()
        && told
            .iter()
            .zip(&known.legs)
            .all(|(t, k)| t.symbol == k.symbol);
    if same {
        return told.to_vec();
    }
    let single = known.legs.len() == 1;
    known
        .legs
        .iter()
        .map(|leg| {
            let told_price = told
                .iter()
                .find(|t| t.symbol == leg.symbol)
                .and_then(|t| t.price);
            let price = if single { Some(price) } else { told_price };
            FilledLeg::of_leg(&leg.to_leg(), known.quantity, price)
        })
        .collect()
}

/// Moves the position in the leg's symbol by `units` on its side: long and short net out, the
/// average takes in what adds to the holding (a new or flipped holding starts at the price), the
/// market value follows at the mark it had; a holding that comes to nothing goes away.
fn move_position(positions: &mut Vec<Position>, leg: &FilledLeg, units: u32) {
    let index = match positions.iter().position(|p| p.symbol == leg.symbol) {
        Some(index) => index,
        None => {
            positions.push(new_position(leg));
            positions.len() - 1
        }
    };
    let Some(position) = positions.get_mut(index) else {
        return;
    };
    let before = position.net_quantity();
    let delta = match leg.side {
        FillSide::Buy => i64::from(units),
        FillSide::Sell => -i64::from(units),
    };
    let after = before + delta;
    let multiplier = Decimal::from(position.asset_type.multiplier());
    let mark = if before == 0 {
        leg.price.unwrap_or(position.average_price) * multiplier
    } else {
        position.market_value / Decimal::from(before)
    };
    if let Some(price) = leg.price {
        if before == 0 || (before.signum() != after.signum() && after != 0) {
            position.average_price = price;
        } else if before.signum() == delta.signum() {
            let old = Decimal::from(before.abs()) * position.average_price;
            let new = Decimal::from(delta.abs()) * price;
            position.average_price = ((old + new) / Decimal::from(after.abs())).round_dp(4);
        }
    }
    position.long_quantity = u32::try_from(after.max(0)).unwrap_or(u32::MAX);
    position.short_quantity = u32::try_from((-after).max(0)).unwrap_or(u32::MAX);
    position.settled_long_quantity = position.settled_long_quantity.min(position.long_quantity);
    position.settled_short_quantity = position.settled_short_quantity.min(position.short_quantity);
    position.market_value = (mark * Decimal::from(after)).round_dp(2);
    if after == 0 && position.long_fraction.is_zero() && position.short_fraction.is_zero() {
        positions.remove(index);
    }
}

/// An empty holding of the leg's instrument (an option's side and underlying from its symbol).
fn new_position(leg: &FilledLeg) -> Position {
    let option = OptionSymbol::parse(&leg.symbol).ok();
    let asset_type = leg.asset_type.clone().unwrap_or(if option.is_some() {
        AssetType::Option
    } else {
        AssetType::Equity
    });
    Position {
        symbol: leg.symbol.clone(),
        description: None,
        asset_type,
        put_call: option.as_ref().map(OptionSymbol::put_call),
        underlying: option.as_ref().map(|o| o.root().to_owned()),
        long_quantity: 0,
        short_quantity: 0,
        average_price: Decimal::ZERO,
        settled_long_quantity: 0,
        settled_short_quantity: 0,
        market_value: Decimal::ZERO,
        long_fraction: Decimal::ZERO,
        short_fraction: Decimal::ZERO,
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal_macros::dec;

    use super::*;
    use crate::broker::{AccountKind, AccountNumber, Balances};
    use crate::order::PutCall;

    const CALL: &str = "AAPL  261218C00200000";
    const SHORT_CALL: &str = "AAPL  261218C00210000";

    fn snapshot(positions: Vec<Position>) -> AccountSnapshot {
        AccountSnapshot {
            account_number: AccountNumber("12345678".into()),
            kind: AccountKind::Margin,
            balances: Balances::default(),
            positions,
        }
    }

    fn leg(symbol: &str, side: FillSide, price: Option<Decimal>) -> FilledLeg {
        FilledLeg {
            symbol: symbol.into(),
            asset_type: None,
            side,
            per_unit: 1,
            price,
        }
    }

    fn held(snapshot: &AccountSnapshot, symbol: &str) -> Option<(i64, Decimal, Decimal)> {
        snapshot
            .position(symbol)
            .map(|p| (p.net_quantity(), p.average_price, p.market_value))
    }

    #[test]
    fn partial_fills_count_only_what_they_add_and_doubled_events_nothing() {
        let mut kept = KeptHoldings::default();
        let mut account = snapshot(Vec::new());
        let buy = |price| vec![leg("AAPL", FillSide::Buy, Some(price))];
        let order = BrokerOrderId(7);
        assert_eq!(
            kept.take_fill(order, 4, &buy(dec!(100)), Some(&mut account)),
            FillTaken::Kept
        );
        assert_eq!(
            kept.take_fill(order, 10, &buy(dec!(110)), Some(&mut account)),
            FillTaken::Kept
        );
        // The same events again, and a late one, change nothing.
        for filled in [10, 4, 9] {
            assert_eq!(
                kept.take_fill(order, filled, &buy(dec!(999)), Some(&mut account)),
                FillTaken::Counted
            );
        }
        assert_eq!(
            held(&account, "AAPL"),
            Some((10, dec!(106), dec!(1000))),
            "the market value follows the mark it had"
        );
        let position = account.position("AAPL").cloned();
        assert_eq!(
            position.map(|p| (p.asset_type, p.put_call, p.description)),
            Some((AssetType::Equity, None, None))
        );
        // A replace's successor is another order: its fills start at 0.
        kept.take_fill(BrokerOrderId(8), 2, &buy(dec!(112)), Some(&mut account));
        assert_eq!(held(&account, "AAPL").map(|h| h.0), Some(12));
        assert_eq!(kept.generation(), 3);
    }

    #[test]
    fn sells_reduce_then_flip_and_a_closed_holding_goes_away() {
        let mut kept = KeptHoldings::default();
        let mut account = snapshot(Vec::new());
        let sell = |price| vec![leg("AAPL", FillSide::Sell, Some(price))];
        let buy = |price| vec![leg("AAPL", FillSide::Buy, Some(price))];
        kept.take_fill(BrokerOrderId(1), 10, &buy(dec!(100)), Some(&mut account));
        kept.take_fill(BrokerOrderId(2), 4, &sell(dec!(120)), Some(&mut account));
        assert_eq!(held(&account, "AAPL"), Some((6, dec!(100), dec!(600))));
        kept.take_fill(BrokerOrderId(3), 8, &sell(dec!(90)), Some(&mut account));
        assert_eq!(held(&account, "AAPL"), Some((-2, dec!(90), dec!(-200))));
        kept.take_fill(BrokerOrderId(4), 2, &buy(dec!(95)), Some(&mut account));
        assert_eq!(held(&account, "AAPL"), None);
    }

    #[test]
    fn a_vertical_moves_both_legs_by_the_spreads_and_keeps_unpriced_averages() {
        let mut kept = KeptHoldings::default();
        let mut account = snapshot(Vec::new());
        let priced = vec![
            leg(CALL, FillSide::Buy, Some(dec!(5.1))),
            leg(SHORT_CALL, FillSide::Sell, Some(dec!(2.05))),
        ];
        kept.take_fill(BrokerOrderId(1), 3, &priced, Some(&mut account));
        assert_eq!(held(&account, CALL), Some((3, dec!(5.1), dec!(1530))));
        assert_eq!(
            held(&account, SHORT_CALL),
            Some((-3, dec!(2.05), dec!(-615)))
        );
        let option = account.position(CALL).cloned();
        assert_eq!(
            option.map(|p| (p.asset_type, p.put_call, p.underlying)),
            Some((AssetType::Option, Some(PutCall::Call), Some("AAPL".into())))
        );
        // Two more spreads without leg prices: quantities move, averages stay.
        let unpriced = vec![
            leg(CALL, FillSide::Buy, None),
            leg(SHORT_CALL, FillSide::Sell, None),
        ];
        kept.take_fill(BrokerOrderId(2), 2, &unpriced, Some(&mut account));
        assert_eq!(
            held(&account, CALL).map(|h| (h.0, h.1)),
            Some((5, dec!(5.1)))
        );
        assert_eq!(
            held(&account, SHORT_CALL).map(|h| (h.0, h.1)),
            Some((-5, dec!(2.05)))
        );
        // Such averages are not checked against the read; quantities are.
        let mut read = account.clone();
        for position in &mut read.positions {
            position.average_price = dec!(4);
        }
        let (disagreements, pending) = kept.confirm(kept.generation(), Some(&account), &read);
        assert_eq!(disagreements, Vec::new());
        assert!(!pending);
    }

    #[test]
    fn without_legs_or_a_read_the_quantity_is_counted_but_nothing_moves() {
        let mut kept = KeptHoldings::default();
        let mut account = snapshot(Vec::new());
        assert_eq!(
            kept.take_fill(BrokerOrderId(1), 5, &[], Some(&mut account)),
            FillTaken::Unkept
        );
        assert!(account.positions.is_empty());
        let buy = vec![leg("AAPL", FillSide::Buy, Some(dec!(1)))];
        assert_eq!(
            kept.take_fill(BrokerOrderId(1), 5, &buy, Some(&mut account)),
            FillTaken::Counted
        );
        assert_eq!(
            kept.take_fill(BrokerOrderId(2), 5, &buy, None),
            FillTaken::Unkept
        );
        // A read that started before them is not the confirmation: the positions are read again.
        assert_eq!(kept.generation(), 2);
        assert_eq!(kept.confirm(1, None, &account), (Vec::new(), true));
        assert!(kept.unkept_after(1) && !kept.unkept_after(2));
        assert_eq!(kept.confirm(2, None, &account), (Vec::new(), false));
    }

    #[test]
    fn a_read_that_disagrees_is_reported_and_fills_after_its_start_wait_for_the_next() {
        let mut kept = KeptHoldings::default();
        let mut account = snapshot(Vec::new());
        kept.take_fill(
            BrokerOrderId(1),
            10,
            &[leg("AAPL", FillSide::Buy, Some(dec!(100)))],
            Some(&mut account),
        );
        let started = kept.generation();
        kept.take_fill(
            BrokerOrderId(2),
            1,
            &[leg("MSFT", FillSide::Buy, Some(dec!(400)))],
            Some(&mut account),
        );
        let mut read = snapshot(vec![account.positions[0].clone()]);
        read.positions[0].long_quantity = 9;
        read.positions[0].average_price = dec!(100.004);
        let (disagreements, pending) = kept.confirm(started, Some(&account), &read);
        assert_eq!(
            disagreements,
            vec![Disagreement {
                symbol: "AAPL".into(),
                kept_quantity: 10,
                read_quantity: 9,
                kept_average: Some(dec!(100)),
                read_average: dec!(100.004),
            }]
        );
        assert!(pending, "MSFT filled while the read was on its way");
        // The next read confirms MSFT; an average off by more than the tolerance disagrees.
        let mut read = snapshot(vec![account.positions[1].clone()]);
        read.positions[0].average_price = dec!(400.01);
        let (disagreements, pending) = kept.confirm(kept.generation(), Some(&account), &read);
        assert_eq!(
            disagreements
                .iter()
                .map(|d| d.symbol.as_str())
                .collect::<Vec<_>>(),
            vec!["MSFT"]
        );
        assert!(!pending);
        let (disagreements, _) = kept.confirm(kept.generation(), Some(&account), &read);
        assert!(disagreements.is_empty(), "confirmed symbols are forgotten");
    }

    #[test]
    fn an_order_known_with_more_legs_than_the_event_names_moves_them_all() {
        use crate::order::{Instruction, OrderLeg, OrderRequest, OrderType};
        let request = OrderRequest::vertical(
            OrderType::NetDebit,
            2,
            dec!(3),
            [
                OrderLeg::option(Instruction::BuyToOpen, 1, CALL),
                OrderLeg::option(Instruction::SellToOpen, 1, SHORT_CALL),
            ],
        );
        let order = crate::broker::listed_order(
            &request,
            BrokerOrderId(5),
            chrono::DateTime::<chrono::Utc>::UNIX_EPOCH,
            crate::order::OrderStatus::Working,
        );
        let told = vec![leg(CALL, FillSide::Buy, Some(dec!(3)))];
        let legs = legs_of_fill(Some(&order), &told, dec!(3));
        assert_eq!(
            legs.iter()
                .map(|l| (l.symbol.as_str(), l.side, l.per_unit, l.price))
                .collect::<Vec<_>>(),
            vec![
                (CALL, FillSide::Buy, 1, Some(dec!(3))),
                (SHORT_CALL, FillSide::Sell, 1, None)
            ]
        );
        assert_eq!(legs_of_fill(None, &told, dec!(3)), told);
    }
}
