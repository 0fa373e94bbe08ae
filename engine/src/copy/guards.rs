//! Guards: what an account's owner allows one order to be, checked after sizing.
//!
//! A guard cuts the quantity down or refuses the account's order, and says which guard and why; it
//! never lets more through than it allows. Orders that close (every leg reduces a position) are held
//! to the quantity per order, the orders per day and open-only; the allow and deny lists, the position
//! and the notional guards bound what an account opens, so a position can always be left. Exits are
//! capped at what is held before the guards see them.

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::{Deserialize, Serialize};

use crate::order::{AssetType, OrderLeg, OrderRequest};
use crate::wire_enum::wire_enum;

/// The most symbols an allow or deny list may hold.
pub const MAX_SYMBOLS: usize = 500;
/// The longest symbol a list may hold.
pub const MAX_SYMBOL_LEN: usize = 12;

wire_enum! {
    /// Which orders an account takes.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum OpenClose("open/close") {
        /// Opening and closing orders (the default).
        #[default]
        Any => "ANY",
        /// Opening orders only.
        OpenOnly => "OPEN_ONLY",
        /// Exits and closing orders only.
        CloseOnly => "CLOSE_ONLY",
    }
}

wire_enum! {
    /// What cut an account's quantity or refused its order: a guard, or its sizing.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum Guard("guard") {
        /// The sizing profile (or the equal split) gave less than one unit.
        Sizing => "SIZING",
        /// Maximum contracts or shares (spreads for a spread) per order.
        MaxQuantityPerOrder => "MAX_QUANTITY_PER_ORDER",
        /// Maximum position per symbol once the order (and the account's open orders) fill.
        MaxPositionPerSymbol => "MAX_POSITION_PER_SYMBOL",
        /// Maximum dollars one order may be worth.
        MaxNotionalPerOrder => "MAX_NOTIONAL_PER_ORDER",
        /// The symbol is not on the allow list.
        AllowSymbols => "ALLOW_SYMBOLS",
        /// The symbol is on the deny list.
        DenySymbols => "DENY_SYMBOLS",
        /// The account takes opening orders only.
        OpenOnly => "OPEN_ONLY",
        /// The account takes closing orders only.
        CloseOnly => "CLOSE_ONLY",
        /// Maximum orders per day.
        MaxOrdersPerDay => "MAX_ORDERS_PER_DAY",
    }
}

/// One account's guards (none set by default).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Guards {
    /// At most this many contracts, shares or spreads per order.
    pub max_quantity_per_order: Option<u32>,
    /// At most this many of one symbol (each leg's contract, or the stock) in the direction an
    /// opening order trades, counting what is held, the account's open orders and this one.
    pub max_position_per_symbol: Option<u32>,
    /// At most this many dollars per opening order (price × quantity, × 100 for options).
    pub max_notional_per_order: Option<Decimal>,
    /// When not empty, opening orders only of these underlyings or stock symbols.
    pub allow_symbols: Vec<String>,
    /// Never opening orders of these underlyings or stock symbols.
    pub deny_symbols: Vec<String>,
    /// Which orders the account takes.
    pub open_close: OpenClose,
    /// At most this many orders a day (US Eastern), counting every order copydesk sent the account.
    pub max_orders_per_day: Option<u32>,
}

/// What the guards make of one account's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Sent as sized.
    Pass,
    /// Sent for less.
    Cut {
        /// The quantity sent.
        to: u32,
        /// The guard that cut it (the tightest).
        guard: Guard,
        /// Why, naming the guard.
        reason: String,
    },
    /// Not sent.
    Refuse {
        /// The guard that refused it.
        guard: Guard,
        /// Why, naming the guard.
        reason: String,
    },
}

/// The underlying of an option leg (its OSI root) or the stock symbol, as lists name them.
#[must_use]
pub fn list_symbol(leg: &OrderLeg) -> &str {
    let symbol = leg.symbol.trim();
    if leg.asset_type == AssetType::Option {
        leg.symbol.get(..6).map_or(symbol, str::trim)
    } else {
        symbol
    }
}

/// What one unit of `order` is worth in dollars (its limit, net or stop price × the contract
/// multiplier), or `None` when the order carries no price (MARKET, trailing stops).
#[must_use]
pub fn unit_value(order: &OrderRequest) -> Option<Decimal> {
    let price = order.price.or(order.stop_price)?;
    let multiplier = order
        .legs
        .first()
        .map_or(1, |leg| leg.asset_type.multiplier());
    Some(price.abs() * Decimal::from(multiplier))
}

/// The tightest cap found so far and which guard set it.
struct Tightest {
    cap: u32,
    guard: Option<Guard>,
    /// For the position guard: the leg and what the account already has in its direction.
    position: Option<(usize, i64)>,
    /// For the notional guard: one unit's value.
    unit: Decimal,
}

impl Tightest {
    fn offer(&mut self, cap: u32, guard: Guard) -> bool {
        if cap < self.cap {
            self.cap = cap;
            self.guard = Some(guard);
            return true;
        }
        false
    }
}

impl Guards {
    /// Whether no guard is set.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// Checks `order` (at its sized quantity) for an account that has sent `orders_today` orders today,
    /// where `exposure(symbol, buys)` is what the account already has of `symbol` in the direction an
    /// opening leg trades (held plus open orders; negative when it holds the other way).
    pub fn check(
        &self,
        order: &OrderRequest,
        orders_today: u32,
        mut exposure: impl FnMut(&str, bool) -> i64,
    ) -> Verdict {
        let refuse = |guard, reason: String| Verdict::Refuse {
            guard,
            reason: format!("{reason}; nothing was sent to this account"),
        };
        let opens = order.legs.iter().any(|l| l.instruction.is_opening());
        let closes = order.legs.iter().any(|l| l.instruction.is_closing());
        match self.open_close {
            OpenClose::CloseOnly if opens => {
                return refuse(
                    Guard::CloseOnly,
                    "close-only: this account takes exits and closing orders only".to_owned(),
                );
            }
            OpenClose::OpenOnly if closes => {
                return refuse(
                    Guard::OpenOnly,
                    "open-only: this account takes opening orders only".to_owned(),
                );
            }
            _ => {}
        }
        if opens {
            for leg in order.legs.iter().filter(|l| l.instruction.is_opening()) {
                let name = list_symbol(leg);
                if self
                    .deny_symbols
                    .iter()
                    .any(|s| s.eq_ignore_ascii_case(name))
                {
                    return refuse(
                        Guard::DenySymbols,
                        format!("deny list: {name} is on this account's deny list"),
                    );
                }
                if !self.allow_symbols.is_empty()
                    && !self
                        .allow_symbols
                        .iter()
                        .any(|s| s.eq_ignore_ascii_case(name))
                {
                    return refuse(
                        Guard::AllowSymbols,
                        format!("allow list: {name} is not on this account's allow list"),
                    );
                }
            }
        }
        if let Some(max) = self.max_orders_per_day
            && orders_today >= max
        {
            return refuse(
                Guard::MaxOrdersPerDay,
                format!(
                    "maximum orders per day: {orders_today} of its {max} orders were sent today"
                ),
            );
        }
        let asked = order.total_quantity();
        let mut tightest = Tightest {
            cap: asked,
            guard: None,
            position: None,
            unit: Decimal::ZERO,
        };
        if let Some(max) = self.max_quantity_per_order {
            tightest.offer(max, Guard::MaxQuantityPerOrder);
        }
        if opens && let Some(max) = self.max_position_per_symbol {
            for (index, leg) in order.legs.iter().enumerate() {
                if !leg.instruction.is_opening() {
                    continue;
                }
                let already = exposure(&leg.symbol, leg.instruction.is_buy());
                let room = (i64::from(max) - already).clamp(0, i64::from(u32::MAX));
                if tightest.offer(
                    u32::try_from(room).unwrap_or(u32::MAX),
                    Guard::MaxPositionPerSymbol,
                ) {
                    tightest.position = Some((index, already));
                }
            }
        }
        if opens && let Some(max) = self.max_notional_per_order {
            let Some(unit) = unit_value(order) else {
                return refuse(
                    Guard::MaxNotionalPerOrder,
                    format!(
                        "maximum notional per order: a {} order has no price to value it by against ${}",
                        order.order_type,
                        max.normalize()
                    ),
                );
            };
            if unit > Decimal::ZERO {
                let fit = (max / unit).floor().to_u32().unwrap_or(u32::MAX);
                if tightest.offer(fit, Guard::MaxNotionalPerOrder) {
                    tightest.unit = unit;
                }
            }
        }
        let Some(guard) = tightest.guard else {
            return Verdict::Pass;
        };
        let detail = self.detail(order, guard, &tightest);
        if tightest.cap == 0 {
            refuse(guard, detail)
        } else {
            Verdict::Cut {
                to: tightest.cap,
                guard,
                reason: format!("{detail}; cut from {asked} to {}", tightest.cap),
            }
        }
    }

    /// The words naming `guard` and its figures.
    fn detail(&self, order: &OrderRequest, guard: Guard, tightest: &Tightest) -> String {
        match guard {
            Guard::MaxQuantityPerOrder => format!(
                "maximum quantity per order: at most {}",
                self.max_quantity_per_order.unwrap_or_default()
            ),
            Guard::MaxPositionPerSymbol => {
                let (leg, already) = tightest.position.unwrap_or_default();
                let symbol = order.legs.get(leg).map_or("", |l| l.symbol.trim());
                format!(
                    "maximum position per symbol: at most {} of {symbol}, and the account already has {already} with its open orders",
                    self.max_position_per_symbol.unwrap_or_default()
                )
            }
            Guard::MaxNotionalPerOrder => format!(
                "maximum notional per order: at most ${}, and one unit is worth ${}",
                self.max_notional_per_order.unwrap_or_default().normalize(),
                tightest.unit.normalize()
            ),
            other => other.as_str().to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal_macros::dec;

    use super::*;
    use crate::order::{Instruction, OrderType};

    const CALL: &str = "AAPL  241018C00230000";

    fn option(instruction: Instruction, quantity: u32) -> OrderRequest {
        OrderRequest::limit(OrderLeg::option(instruction, quantity, CALL), dec!(2.5))
    }

    fn none(_: &str, _: bool) -> i64 {
        0
    }

    #[test]
    fn no_guard_passes_everything() {
        let guards = Guards::default();
        assert!(guards.is_empty());
        assert_eq!(
            guards.check(&option(Instruction::BuyToOpen, 50), 99, none),
            Verdict::Pass
        );
    }

    #[test]
    fn quantity_and_notional_cut_naming_the_tightest() {
        let guards = Guards {
            max_quantity_per_order: Some(8),
            max_notional_per_order: Some(dec!(1000)),
            ..Guards::default()
        };
        // $250 a contract: 4 fit in $1,000, fewer than the 8 per order.
        assert_eq!(
            guards.check(&option(Instruction::BuyToOpen, 10), 0, none),
            Verdict::Cut {
                to: 4,
                guard: Guard::MaxNotionalPerOrder,
                reason: "maximum notional per order: at most $1000, and one unit is worth $250; cut from 10 to 4".into()
            }
        );
        let loose = Guards {
            max_notional_per_order: Some(dec!(100000)),
            ..guards.clone()
        };
        assert_eq!(
            loose.check(&option(Instruction::BuyToOpen, 10), 0, none),
            Verdict::Cut {
                to: 8,
                guard: Guard::MaxQuantityPerOrder,
                reason: "maximum quantity per order: at most 8; cut from 10 to 8".into()
            }
        );
        let tight = Guards {
            max_notional_per_order: Some(dec!(100)),
            ..Guards::default()
        };
        assert_eq!(
            tight.check(&option(Instruction::BuyToOpen, 1), 0, none),
            Verdict::Refuse {
                guard: Guard::MaxNotionalPerOrder,
                reason: "maximum notional per order: at most $100, and one unit is worth $250; nothing was sent to this account".into()
            }
        );
        let market = OrderRequest::market(OrderLeg::option(Instruction::BuyToOpen, 1, CALL));
        assert!(matches!(
            tight.check(&market, 0, none),
            Verdict::Refuse { guard: Guard::MaxNotionalPerOrder, reason } if reason.contains("a MARKET order has no price")
        ));
        // An exit is never held to the notional (a position can always be left), but to the quantity.
        assert_eq!(tight.check(&market_exit(3), 0, none), Verdict::Pass);
        assert!(matches!(
            guards.check(&market_exit(9), 0, none),
            Verdict::Cut {
                to: 8,
                guard: Guard::MaxQuantityPerOrder,
                ..
            }
        ));
    }

    fn market_exit(quantity: u32) -> OrderRequest {
        OrderRequest::market(OrderLeg::option(Instruction::SellToClose, quantity, CALL))
    }

    #[test]
    fn the_position_counts_what_is_held_in_the_order_direction() {
        let guards = Guards {
            max_position_per_symbol: Some(10),
            ..Guards::default()
        };
        let long_seven = |_: &str, buys: bool| if buys { 7 } else { -7 };
        assert_eq!(
            guards.check(&option(Instruction::BuyToOpen, 5), 0, long_seven),
            Verdict::Cut {
                to: 3,
                guard: Guard::MaxPositionPerSymbol,
                reason: "maximum position per symbol: at most 10 of AAPL  241018C00230000, and the account already has 7 with its open orders; cut from 5 to 3".into()
            }
        );
        // Writing calls against a long position goes the other way: room for 17.
        assert_eq!(
            guards.check(&option(Instruction::SellToOpen, 5), 0, long_seven),
            Verdict::Pass
        );
        let full = |_: &str, _: bool| 12;
        assert!(matches!(
            guards.check(&option(Instruction::BuyToOpen, 1), 0, full),
            Verdict::Refuse {
                guard: Guard::MaxPositionPerSymbol,
                ..
            }
        ));
        assert_eq!(guards.check(&market_exit(50), 0, full), Verdict::Pass);
    }

    #[test]
    fn open_close_lists_and_orders_per_day_refuse() {
        let close_only = Guards {
            open_close: OpenClose::CloseOnly,
            ..Guards::default()
        };
        assert_eq!(
            close_only.check(&option(Instruction::BuyToOpen, 1), 0, none),
            Verdict::Refuse {
                guard: Guard::CloseOnly,
                reason: "close-only: this account takes exits and closing orders only; nothing was sent to this account".into()
            }
        );
        assert_eq!(close_only.check(&market_exit(1), 0, none), Verdict::Pass);
        let open_only = Guards {
            open_close: OpenClose::OpenOnly,
            ..Guards::default()
        };
        assert!(matches!(
            open_only.check(&market_exit(1), 0, none),
            Verdict::Refuse { guard: Guard::OpenOnly, reason } if reason.starts_with("open-only")
        ));
        let lists = Guards {
            allow_symbols: vec!["MSFT".into(), "AAPL".into()],
            deny_symbols: vec!["TSLA".into()],
            ..Guards::default()
        };
        assert_eq!(
            lists.check(&option(Instruction::BuyToOpen, 1), 0, none),
            Verdict::Pass
        );
        let tsla = OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 1, "TSLA"), dec!(200));
        assert_eq!(
            lists.check(&tsla, 0, none),
            Verdict::Refuse {
                guard: Guard::DenySymbols,
                reason: "deny list: TSLA is on this account's deny list; nothing was sent to this account".into()
            }
        );
        let spy = OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 1, "SPY"), dec!(500));
        assert!(matches!(
            lists.check(&spy, 0, none),
            Verdict::Refuse { guard: Guard::AllowSymbols, reason } if reason.starts_with("allow list: SPY is not")
        ));
        // Leaving a denied position is never refused by a list.
        let sell = OrderRequest::limit(OrderLeg::equity(Instruction::Sell, 1, "TSLA"), dec!(200));
        assert_eq!(lists.check(&sell, 0, none), Verdict::Pass);
        let daily = Guards {
            max_orders_per_day: Some(3),
            ..Guards::default()
        };
        assert_eq!(daily.check(&sell, 2, none), Verdict::Pass);
        assert_eq!(
            daily.check(&sell, 3, none),
            Verdict::Refuse {
                guard: Guard::MaxOrdersPerDay,
                reason: "maximum orders per day: 3 of its 3 orders were sent today; nothing was sent to this account".into()
            }
        );
    }

    #[test]
    fn a_spread_is_valued_at_its_net_and_counted_per_leg() {
        let spread = OrderRequest::vertical(
            OrderType::NetDebit,
            4,
            dec!(1.2),
            [
                OrderLeg::option(Instruction::BuyToOpen, 4, CALL),
                OrderLeg::option(Instruction::SellToOpen, 4, "AAPL  241018C00240000"),
            ],
        );
        assert_eq!(unit_value(&spread), Some(dec!(120)));
        let guards = Guards {
            max_position_per_symbol: Some(5),
            ..Guards::default()
        };
        // Short 3 of the upper leg already: the sold leg has room for 2 more.
        let exposure = |symbol: &str, buys: bool| {
            if symbol.ends_with("240000") && !buys {
                3
            } else {
                0
            }
        };
        assert!(matches!(
            guards.check(&spread, 0, exposure),
            Verdict::Cut { to: 2, guard: Guard::MaxPositionPerSymbol, reason } if reason.contains("AAPL  241018C00240000")
        ));
        assert_eq!(list_symbol(&spread.legs[0]), "AAPL");
    }
}
