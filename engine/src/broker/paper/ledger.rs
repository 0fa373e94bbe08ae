//! An account's cash, holdings and the fills that produced them.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::ids::BrokerOrderId;
use crate::order::{AssetType, Instruction};

/// One execution of one leg.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Fill {
    /// The order that filled.
    pub order: BrokerOrderId,
    /// When it filled.
    pub time: DateTime<Utc>,
    /// Ticker or OSI symbol of the leg.
    pub symbol: String,
    /// The leg's instruction.
    pub instruction: Instruction,
    /// Units filled (shares or contracts).
    pub quantity: u32,
    /// Price per share.
    pub price: Decimal,
    /// Equity or option.
    pub asset_type: AssetType,
}

impl Fill {
    /// Money that changed hands: quantity × price × multiplier.
    #[must_use]
    pub fn amount(&self) -> Decimal {
        Decimal::from(self.quantity) * self.price * Decimal::from(self.asset_type.multiplier())
    }

    /// Quantity with the sign of its effect on the position (buys positive).
    #[must_use]
    pub fn signed_quantity(&self) -> i64 {
        let units = i64::from(self.quantity);
        if self.instruction.is_buy() {
            units
        } else {
            -units
        }
    }
}

/// A net position in one symbol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holding {
    /// Long (positive) or short (negative) quantity.
    pub net: i64,
    /// A fraction of a share held long beyond `net` (reinvested dividends), below one; orders never
    /// trade it.
    pub fraction: Decimal,
    /// Average price per share of the open quantity.
    pub average_price: Decimal,
    /// Equity or option.
    pub asset_type: AssetType,
}

/// Cash and holdings of one paper account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ledger {
    /// Cash balance (may go negative on a margin account).
    pub cash: Decimal,
    holdings: BTreeMap<String, Holding>,
    fills: Vec<Fill>,
}

impl Ledger {
    /// An account holding only `cash`.
    #[must_use]
    pub fn new(cash: Decimal) -> Self {
        Self {
            cash,
            holdings: BTreeMap::new(),
            fills: Vec::new(),
        }
    }

    /// Books a fill: moves cash and updates the position and its average price.
    pub fn apply(&mut self, fill: Fill) {
        let amount = fill.amount();
        if fill.instruction.is_buy() {
            self.cash -= amount;
        } else {
            self.cash += amount;
        }
        let delta = fill.signed_quantity();
        let holding = self
            .holdings
            .entry(fill.symbol.clone())
            .or_insert_with(|| Holding {
                net: 0,
                fraction: Decimal::ZERO,
                average_price: Decimal::ZERO,
                asset_type: fill.asset_type.clone(),
            });
        let before = holding.net;
        let after = before + delta;
        if before == 0 || (before.signum() != after.signum() && after != 0) {
            holding.average_price = fill.price;
        } else if before.signum() == delta.signum() {
            let old = Decimal::from(before.abs()) * holding.average_price;
            let new = Decimal::from(delta.abs()) * fill.price;
            holding.average_price = ((old + new) / Decimal::from(after.abs())).round_dp(4);
        }
        holding.net = after;
        if after == 0 && holding.fraction.is_zero() {
            self.holdings.remove(&fill.symbol);
        }
        self.fills.push(fill);
    }

    /// Books a dividend of `symbol` reinvested as `shares` (fractions allowed) at `price`: the shares
    /// are added to a long or empty holding and the average price takes them in; cash is unchanged (the
    /// dividend paid for them).
    ///
    /// # Errors
    /// The reason, when `shares` is not positive or the account is short `symbol`.
    pub fn reinvest(
        &mut self,
        symbol: &str,
        shares: Decimal,
        price: Decimal,
        asset_type: AssetType,
    ) -> Result<(), String> {
        if shares <= Decimal::ZERO || price <= Decimal::ZERO {
            return Err("shares and price must be positive".to_owned());
        }
        let holding = self
            .holdings
            .entry(symbol.to_owned())
            .or_insert_with(|| Holding {
                net: 0,
                fraction: Decimal::ZERO,
                average_price: Decimal::ZERO,
                asset_type,
            });
        if holding.net < 0 {
            return Err(format!("the account is short {symbol}"));
        }
        let held = Decimal::from(holding.net) + holding.fraction;
        let after = held + shares;
        holding.average_price =
            ((held * holding.average_price + shares * price) / after).round_dp(4);
        holding.net = i64::try_from(after.trunc()).unwrap_or(i64::MAX);
        holding.fraction = after.fract();
        Ok(())
    }

    /// Open holdings by symbol.
    #[must_use]
    pub fn holdings(&self) -> &BTreeMap<String, Holding> {
        &self.holdings
    }

    /// Net quantity held of `symbol` (0 when none).
    #[must_use]
    pub fn net(&self, symbol: &str) -> i64 {
        self.holdings.get(symbol).map_or(0, |h| h.net)
    }

    /// Every fill booked, oldest first.
    #[must_use]
    pub fn fills(&self) -> &[Fill] {
        &self.fills
    }

    /// Net quantities by symbol, for what-if calculations.
    #[must_use]
    pub fn net_positions(&self) -> BTreeMap<String, i64> {
        self.holdings
            .iter()
            .map(|(symbol, h)| (symbol.clone(), h.net))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn a_reinvested_dividend_adds_a_fraction_that_sales_of_whole_shares_leave() {
        let mut ledger = Ledger::new(dec!(1000));
        ledger.apply(fill(Instruction::Buy, 2, dec!(100)));
        ledger
            .reinvest("AAPL", dec!(0.75), dec!(120), AssetType::Equity)
            .expect("reinvested");
        let held = ledger.holdings().get("AAPL").expect("held");
        assert_eq!((held.net, held.fraction), (2, dec!(0.75)));
        assert_eq!(held.average_price, dec!(105.4545));
        assert_eq!(ledger.cash, dec!(800), "the dividend paid for the shares");
        ledger
            .reinvest("AAPL", dec!(0.5), dec!(120), AssetType::Equity)
            .expect("reinvested");
        let held = ledger.holdings().get("AAPL").expect("held");
        assert_eq!((held.net, held.fraction), (3, dec!(0.25)));
        // Selling the whole shares leaves the fraction held.
        ledger.apply(fill(Instruction::Sell, 3, dec!(130)));
        let held = ledger.holdings().get("AAPL").expect("the fraction stays");
        assert_eq!((held.net, held.fraction), (0, dec!(0.25)));
        assert_eq!(
            ledger.reinvest("AAPL", dec!(0), dec!(120), AssetType::Equity),
            Err("shares and price must be positive".to_owned())
        );
    }

    fn fill(instruction: Instruction, quantity: u32, price: Decimal) -> Fill {
        Fill {
            order: BrokerOrderId(1),
            time: DateTime::<Utc>::UNIX_EPOCH,
            symbol: "AAPL".into(),
            instruction,
            quantity,
            price,
            asset_type: AssetType::Equity,
        }
    }

    #[test]
    fn buys_and_sells_move_cash_and_average_price() {
        let mut ledger = Ledger::new(dec!(10000));
        ledger.apply(fill(Instruction::Buy, 10, dec!(100)));
        ledger.apply(fill(Instruction::Buy, 10, dec!(110)));
        assert_eq!(ledger.cash, dec!(7900));
        assert_eq!(ledger.net("AAPL"), 20);
        assert_eq!(
            ledger.holdings().get("AAPL").map(|h| h.average_price),
            Some(dec!(105))
        );
        ledger.apply(fill(Instruction::Sell, 5, dec!(120)));
        assert_eq!(ledger.cash, dec!(8500));
        assert_eq!(
            ledger.holdings().get("AAPL").map(|h| h.average_price),
            Some(dec!(105))
        );
        ledger.apply(fill(Instruction::Sell, 15, dec!(90)));
        assert_eq!(ledger.net("AAPL"), 0);
        assert!(ledger.holdings().is_empty());
        assert_eq!(ledger.fills().len(), 4);
    }

    #[test]
    fn options_count_a_hundred_shares_and_shorts_go_negative() {
        let mut ledger = Ledger::new(dec!(1000));
        ledger.apply(Fill {
            symbol: "AAPL  241018C00210000".into(),
            asset_type: AssetType::Option,
            ..fill(Instruction::SellToOpen, 2, dec!(1.25))
        });
        assert_eq!(ledger.cash, dec!(1250));
        assert_eq!(ledger.net("AAPL  241018C00210000"), -2);
        ledger.apply(fill(Instruction::SellShort, 3, dec!(10)));
        ledger.apply(fill(Instruction::BuyToCover, 5, dec!(8)));
        assert_eq!(ledger.net("AAPL"), 2);
        assert_eq!(
            ledger.holdings().get("AAPL").map(|h| h.average_price),
            Some(dec!(8))
        );
    }
}
