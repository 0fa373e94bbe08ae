//! What an account may still spend: cash and margin rules over marked-to-market holdings.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use super::market::Market;
use crate::broker::AccountKind;
use crate::order::{OptionSymbol, PutCall};

/// Loan value of long stock in a margin account.
const LONG_STOCK_LOAN: Decimal = Decimal::from_parts(5, 0, 0, false, 1);
/// Charge on short stock beyond its proceeds (proceeds + 50 %).
const SHORT_STOCK_CHARGE: Decimal = Decimal::from_parts(15, 0, 0, false, 1);
/// Share of the underlying charged for an uncovered short option.
const NAKED_OPTION_RATE: Decimal = Decimal::from_parts(2, 0, 0, false, 1);
const CONTRACT: Decimal = Decimal::ONE_HUNDRED;

/// Money figures of an account at current marks.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Funds {
    /// Cash balance.
    pub cash: Decimal,
    /// Money available for new positions (margin: available funds; cash: cash less collateral).
    pub available: Decimal,
    /// Cash plus the market value of every holding.
    pub equity: Decimal,
    /// Value of long stock.
    pub long_market_value: Decimal,
    /// Value of short stock (negative).
    pub short_market_value: Decimal,
    /// Value of long options.
    pub long_option_market_value: Decimal,
    /// Value of short options (negative).
    pub short_option_market_value: Decimal,
    /// Why the holdings are not allowed in this account kind, if they are not.
    pub forbidden: Option<&'static str>,
}

type SpreadKey = (String, NaiveDate, PutCall);

/// Values `positions` (net quantities by symbol) with `cash` in an account of `kind`.
#[must_use]
pub fn assess(
    kind: AccountKind,
    cash: Decimal,
    positions: &BTreeMap<String, i64>,
    market: &Market,
) -> Funds {
    let margin = kind == AccountKind::Margin;
    let mut funds = Funds {
        cash,
        available: cash,
        equity: cash,
        ..Funds::default()
    };
    let mut longs: BTreeMap<SpreadKey, Vec<(Decimal, i64)>> = BTreeMap::new();
    let mut shorts: BTreeMap<SpreadKey, Vec<(Decimal, i64, Decimal, Decimal)>> = BTreeMap::new();
    for (symbol, net) in positions.iter().filter(|(_, n)| **n != 0) {
        let Some(prices) = market.prices(symbol) else {
            continue;
        };
        let units = Decimal::from(*net);
        if market.listing(symbol).is_some() {
            let value = units * prices.mark;
            funds.equity += value;
            if *net > 0 {
                funds.long_market_value += value;
                if margin {
                    funds.available += value * LONG_STOCK_LOAN;
                }
            } else {
                funds.short_market_value += value;
                if margin {
                    funds.available += value * SHORT_STOCK_CHARGE;
                } else {
                    funds.forbidden = Some("short stock needs a margin account");
                }
            }
            continue;
        }
        let Ok(option) = OptionSymbol::parse(symbol) else {
            continue;
        };
        let value = units * prices.mark * CONTRACT;
        funds.equity += value;
        let key = (option.root().to_owned(), option.expiry(), option.put_call());
        if *net > 0 {
            funds.long_option_market_value += value;
            longs.entry(key).or_default().push((option.strike(), *net));
        } else {
            funds.short_option_market_value += value;
            let spot = market
                .underlying_of(&option)
                .map_or(Decimal::ZERO, |(_, s)| s);
            shorts
                .entry(key)
                .or_default()
                .push((option.strike(), -*net, prices.mark, spot));
        }
    }
    for (key, short_legs) in shorts {
        let mut available_longs = longs.remove(&key).unwrap_or_default();
        for (strike, mut quantity, mark, spot) in short_legs {
            while quantity > 0 {
                let best = available_longs
                    .iter_mut()
                    .filter(|(_, q)| *q > 0)
                    .map(|leg| (spread_loss(key.2, strike, leg.0), leg))
                    .min_by_key(|(loss, _)| *loss);
                let Some((loss, leg)) = best else {
                    break;
                };
                let paired = quantity.min(leg.1);
                leg.1 -= paired;
                quantity -= paired;
                funds.available -= loss * CONTRACT * Decimal::from(paired);
            }
            if quantity > 0 {
                if margin {
                    let charge = (mark + spot * NAKED_OPTION_RATE) * CONTRACT;
                    funds.available -= charge * Decimal::from(quantity);
                } else {
                    funds.forbidden = Some("uncovered short options need a margin account");
                }
            }
        }
    }
    funds
}

/// Most a short option can lose per share when covered by a long one of the same series.
fn spread_loss(side: PutCall, short_strike: Decimal, long_strike: Decimal) -> Decimal {
    match side {
        PutCall::Call => (long_strike - short_strike).max(Decimal::ZERO),
        PutCall::Put => (short_strike - long_strike).max(Decimal::ZERO),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::broker::paper::config::PaperConfig;
    use crate::broker::paper::universe;
    use chrono::TimeZone;
    use chrono::Utc;
    use rust_decimal_macros::dec;

    fn market() -> anyhow::Result<Market> {
        let now = Utc
            .with_ymd_and_hms(2024, 10, 14, 15, 0, 0)
            .single()
            .ok_or_else(|| anyhow::anyhow!("fixed test date"))?;
        Ok(Market::new(
            universe::bundled()?,
            &PaperConfig::default(),
            now,
        ))
    }

    fn positions(items: &[(&str, i64)]) -> BTreeMap<String, i64> {
        items.iter().map(|(s, n)| ((*s).to_owned(), *n)).collect()
    }

    #[test]
    fn long_stock_lends_half_its_value_on_margin_only() -> anyhow::Result<()> {
        let market = market()?;
        let held = positions(&[("AAPL", 100)]);
        let margin = assess(AccountKind::Margin, dec!(1000), &held, &market);
        assert_eq!(margin.long_market_value, dec!(23000));
        assert_eq!(margin.equity, dec!(24000));
        assert_eq!(margin.available, dec!(12500));
        let cash = assess(AccountKind::Cash, dec!(1000), &held, &market);
        assert_eq!(cash.available, dec!(1000));
        assert_eq!(cash.forbidden, None);
        Ok(())
    }

    #[test]
    fn short_stock_is_margin_only() -> anyhow::Result<()> {
        let market = market()?;
        let held = positions(&[("AAPL", -10)]);
        let margin = assess(AccountKind::Margin, dec!(2300), &held, &market);
        assert_eq!(margin.available, dec!(-1150));
        let cash = assess(AccountKind::Cash, dec!(2300), &held, &market);
        assert_eq!(cash.forbidden, Some("short stock needs a margin account"));
        Ok(())
    }

    #[test]
    fn covered_short_options_charge_the_spread_width_only() -> anyhow::Result<()> {
        let market = market()?;
        // Bear call: short 230, long 235 → at most 5 × 100 per spread.
        let held = positions(&[("AAPL  241018C00230000", -2), ("AAPL  241018C00235000", 2)]);
        let cash = assess(AccountKind::Cash, dec!(5000), &held, &market);
        assert_eq!(cash.forbidden, None);
        assert_eq!(cash.available, dec!(4000));
        // Bull call: short 235 covered by long 230 → no charge.
        let held = positions(&[("AAPL  241018C00230000", 2), ("AAPL  241018C00235000", -2)]);
        assert_eq!(
            assess(AccountKind::Cash, dec!(5000), &held, &market).available,
            dec!(5000)
        );
        // Naked: forbidden in cash, charged on margin.
        let held = positions(&[("AAPL  241018C00235000", -1)]);
        let cash = assess(AccountKind::Cash, dec!(5000), &held, &market);
        assert!(cash.forbidden.is_some());
        let margin = assess(AccountKind::Margin, dec!(5000), &held, &market);
        assert!(margin.available < dec!(5000) - dec!(4600));
        Ok(())
    }
}
