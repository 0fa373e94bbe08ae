//! What the agent's open copydesk orders would add to each account's positions once they fill, and how
//! many orders each account was sent today: the book's part of the guards' facts.

use std::collections::HashMap;

use chrono::{DateTime, Duration, NaiveTime, Utc};

use super::{CopyRow, RowState, SessionBook};
use crate::broker::schwab::streamer::from_eastern;
use crate::ids::{AccountId, AgentId, BrokerOrderId};

/// One opening leg of an open order: its symbol, whether it buys, and what is left to fill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenLeg {
    /// The leg's symbol.
    pub symbol: String,
    /// Whether it buys (adds to a long position) or sells (adds to a short one).
    pub buys: bool,
    /// The quantity not filled yet.
    pub remaining: u32,
}

/// The opening legs of the agent's open orders (pending and unsettled writes included: they may
/// have gone out), per account and symbol, and per order (so that a replace counts the order it
/// replaces once, as its replacement).
#[derive(Debug, Clone, Default)]
pub struct OpenOrders {
    /// Per account, per symbol: what open orders would buy and sell.
    by_symbol: HashMap<AccountId, HashMap<String, [u32; 2]>>,
    /// Each open order's opening legs.
    by_order: HashMap<(AccountId, BrokerOrderId), Vec<OpenLeg>>,
}

impl OpenOrders {
    /// The open orders of the agent's accounts for which `wanted` is true, read from the book.
    #[must_use]
    pub fn of(book: &SessionBook, agent: AgentId, wanted: impl Fn(AccountId) -> bool) -> Self {
        let mut open = Self::default();
        book.visit_rows(agent, |row| {
            if row.is_open() && wanted(row.account) {
                open.add(row);
            }
        });
        open
    }

    /// Counts an open row's opening legs.
    fn add(&mut self, row: &CopyRow) {
        for leg in row
            .request
            .legs
            .iter()
            .filter(|l| l.instruction.is_opening())
        {
            let remaining = leg.quantity.saturating_sub(row.filled_quantity);
            if remaining == 0 {
                continue;
            }
            let buys = leg.instruction.is_buy();
            let sides = self
                .by_symbol
                .entry(row.account)
                .or_default()
                .entry(leg.symbol.clone())
                .or_default();
            let side = &mut sides[usize::from(!buys)];
            *side = side.saturating_add(remaining);
            if let Some(order) = row.order_id {
                self.by_order
                    .entry((row.account, order))
                    .or_default()
                    .push(OpenLeg {
                        symbol: leg.symbol.clone(),
                        buys,
                        remaining,
                    });
            }
        }
    }

    /// What the account's open orders would buy (`buys`) or sell of `symbol` to open.
    #[must_use]
    pub fn opening(&self, account: AccountId, symbol: &str, buys: bool) -> u32 {
        self.by_symbol
            .get(&account)
            .and_then(|symbols| symbols.get(symbol))
            .map_or(0, |sides| sides[usize::from(!buys)])
    }

    /// The opening legs of one open order (none when it is not open).
    #[must_use]
    pub fn of_order(&self, account: AccountId, order: BrokerOrderId) -> &[OpenLeg] {
        self.by_order
            .get(&(account, order))
            .map_or(&[], Vec::as_slice)
    }
}

/// When the trading day of `now` began: midnight US Eastern.
#[must_use]
pub fn trading_day_start(now: DateTime<Utc>) -> DateTime<Utc> {
    // Eastern time is 4 or 5 hours behind UTC: the day of `now` there is the day of `now − 5 h`,
    // or the next one once its midnight has passed.
    let guess = (now - Duration::hours(5)).date_naive();
    let next = guess
        .succ_opt()
        .map(|day| from_eastern(day.and_time(NaiveTime::MIN)));
    match next {
        Some(next) if next <= now => next,
        _ => from_eastern(guess.and_time(NaiveTime::MIN)),
    }
}

/// How many orders copydesk sent each of the agent's accounts since `since` (every row whose write
/// went out or may have: all but those refused before sending).
#[must_use]
pub fn orders_since(
    book: &SessionBook,
    agent: AgentId,
    since: DateTime<Utc>,
) -> HashMap<AccountId, u32> {
    let mut counts: HashMap<AccountId, u32> = HashMap::new();
    book.visit_rows(agent, |row| {
        if row.state != RowState::FailedToPlace && row.entered_time >= since {
            *counts.entry(row.account).or_default() += 1;
        }
    });
    counts
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use rust_decimal_macros::dec;

    use super::*;
    use crate::broker::SubmitOutcome;
    use crate::copy::{CopySession, TradeKind};
    use crate::ids::SessionId;
    use crate::order::{Instruction, OrderLeg, OrderRequest, OrderStatus};

    fn utc(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, min, 0)
            .single()
            .unwrap_or_default()
    }

    #[test]
    fn the_trading_day_starts_at_eastern_midnight() {
        // Summer (UTC−4): 03:59 UTC is still the day before there.
        assert_eq!(
            trading_day_start(utc(2026, 7, 2, 3, 59)),
            utc(2026, 7, 1, 4, 0)
        );
        assert_eq!(
            trading_day_start(utc(2026, 7, 2, 4, 0)),
            utc(2026, 7, 2, 4, 0)
        );
        assert_eq!(
            trading_day_start(utc(2026, 7, 2, 23, 0)),
            utc(2026, 7, 2, 4, 0)
        );
        // Winter (UTC−5).
        assert_eq!(
            trading_day_start(utc(2026, 1, 15, 4, 30)),
            utc(2026, 1, 14, 5, 0)
        );
        assert_eq!(
            trading_day_start(utc(2026, 1, 15, 5, 0)),
            utc(2026, 1, 15, 5, 0)
        );
    }

    fn row(
        account: u64,
        order: Option<i64>,
        request: OrderRequest,
        state: RowState,
        at: DateTime<Utc>,
    ) -> CopyRow {
        let mut row = CopyRow::pending(AccountId(account), request, None, at);
        if let Some(order) = order {
            row.settle(&SubmitOutcome::Placed(BrokerOrderId(order)));
        }
        row.state = state;
        row
    }

    #[test]
    fn open_opening_legs_and_todays_orders_are_counted_from_the_book() {
        let agent = AgentId(1);
        let buy = |q| {
            OrderRequest::limit(
                OrderLeg::option(Instruction::BuyToOpen, q, "AAPL  241018C00230000"),
                dec!(1),
            )
        };
        let sell = OrderRequest::limit(
            OrderLeg::option(Instruction::SellToClose, 4, "AAPL  241018C00230000"),
            dec!(1),
        );
        let today = utc(2026, 7, 2, 15, 0);
        let yesterday = utc(2026, 7, 1, 15, 0);
        let mut partly = row(
            1,
            Some(11),
            buy(5),
            RowState::Order(OrderStatus::Working),
            today,
        );
        partly.filled_quantity = 2;
        let rows = vec![
            partly,
            row(1, None, buy(4), RowState::Pending, today),
            row(
                1,
                Some(12),
                buy(9),
                RowState::Order(OrderStatus::Filled),
                yesterday,
            ),
            row(
                1,
                Some(13),
                sell,
                RowState::Order(OrderStatus::Working),
                today,
            ),
            row(1, None, buy(7), RowState::FailedToPlace, today),
            row(
                2,
                Some(21),
                buy(1),
                RowState::Order(OrderStatus::Working),
                yesterday,
            ),
        ];
        let book = SessionBook::new();
        book.put(CopySession {
            id: SessionId(1),
            agent,
            kind: TradeKind::Common,
            created_at: today,
            rows,
            replaced_session: None,
        });
        let open = OpenOrders::of(&book, agent, |a| a == AccountId(1));
        let symbol = "AAPL  241018C00230000";
        assert_eq!(open.opening(AccountId(1), symbol, true), 3 + 4);
        assert_eq!(open.opening(AccountId(1), symbol, false), 0);
        assert_eq!(open.opening(AccountId(2), symbol, true), 0, "not wanted");
        assert_eq!(
            open.of_order(AccountId(1), BrokerOrderId(11)),
            &[OpenLeg {
                symbol: symbol.to_owned(),
                buys: true,
                remaining: 3
            }]
        );
        assert!(open.of_order(AccountId(1), BrokerOrderId(12)).is_empty());
        let counts = orders_since(&book, agent, trading_day_start(today));
        assert_eq!(counts.get(&AccountId(1)), Some(&3));
        assert_eq!(counts.get(&AccountId(2)), None);
        assert!(orders_since(&book, AgentId(2), yesterday).is_empty());
    }
}
