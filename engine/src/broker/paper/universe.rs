//! The symbols the paper market trades, read from the bundled `data/universe.csv`.

use rust_decimal::Decimal;

use crate::order::AssetType;

const UNIVERSE_CSV: &str = include_str!("../../../data/universe.csv");

/// One tradable stock or ETF.
#[derive(Debug, Clone, PartialEq)]
pub struct Listing {
    /// What its shares are, as Schwab reports them: EQUITY for a company, COLLECTIVE_INVESTMENT for
    /// an exchange-traded fund.
    pub asset_type: AssetType,
    /// Ticker, e.g. `AAPL` or `BRK.B`.
    pub symbol: String,
    /// Company or fund name.
    pub name: String,
    /// Price the market opens with.
    pub reference_price: Decimal,
    /// Annual volatility of its random walk and its options.
    pub volatility: f64,
}

impl Listing {
    /// The root of its option symbols (the ticker without dots, e.g. `BRKB`).
    #[must_use]
    pub fn option_root(&self) -> String {
        self.symbol.replace('.', "")
    }
}

/// Why the universe file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("universe.csv line {line}: {problem}")]
pub struct UniverseError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong there.
    pub problem: String,
}

/// The bundled universe.
///
/// # Errors
/// [`UniverseError`] if the bundled file is malformed (a build defect caught by tests).
pub fn bundled() -> Result<Vec<Listing>, UniverseError> {
    parse(UNIVERSE_CSV)
}

/// Reads `symbol,name,price,volatility,asset_type` lines after a header line (the asset type EQUITY or
/// COLLECTIVE_INVESTMENT).
///
/// # Errors
/// [`UniverseError`] naming the first malformed line.
pub fn parse(csv: &str) -> Result<Vec<Listing>, UniverseError> {
    let mut listings = Vec::new();
    for (index, row) in csv.lines().enumerate().skip(1) {
        let line = index + 1;
        if row.trim().is_empty() {
            continue;
        }
        let problem = |problem: &str| UniverseError {
            line,
            problem: problem.to_owned(),
        };
        let fields: Vec<&str> = row.split(',').collect();
        let [symbol, name, price, volatility, asset_type] = fields.as_slice() else {
            return Err(problem("expected 5 comma-separated fields"));
        };
        let asset_type = AssetType::parse_lenient(asset_type);
        if !asset_type.is_stock() {
            return Err(problem(
                "asset type must be EQUITY or COLLECTIVE_INVESTMENT",
            ));
        }
        let reference_price: Decimal = price.parse().map_err(|_| problem("bad price"))?;
        let volatility: f64 = volatility.parse().map_err(|_| problem("bad volatility"))?;
        if reference_price <= Decimal::ZERO || !(0.0..5.0).contains(&volatility) {
            return Err(problem("price must be positive and volatility in [0, 5)"));
        }
        listings.push(Listing {
            asset_type,
            symbol: (*symbol).to_owned(),
            name: (*name).to_owned(),
            reference_price,
            volatility,
        });
    }
    Ok(listings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_universe_has_about_fifty_unique_symbols() -> anyhow::Result<()> {
        let listings = bundled()?;
        assert!((45..=60).contains(&listings.len()), "{}", listings.len());
        let mut symbols: Vec<&str> = listings.iter().map(|l| l.symbol.as_str()).collect();
        symbols.sort_unstable();
        symbols.dedup();
        assert_eq!(symbols.len(), listings.len());
        let roots: Vec<String> = listings.iter().map(Listing::option_root).collect();
        assert!(roots.iter().all(|r| r.len() <= 6));
        let funds: Vec<&str> = listings
            .iter()
            .filter(|l| l.asset_type == AssetType::CollectiveInvestment)
            .map(|l| l.symbol.as_str())
            .collect();
        assert_eq!(funds, ["SPY", "QQQ", "IWM"]);
        Ok(())
    }

    #[test]
    fn malformed_lines_are_named() {
        let err =
            parse("symbol,name,price,volatility,asset_type\nAAPL,Apple,abc,0.2,EQUITY\n").err();
        assert_eq!(
            err.map(|e| e.to_string()),
            Some("universe.csv line 2: bad price".to_owned())
        );
        let err =
            parse("symbol,name,price,volatility,asset_type\nSWVXX,Fund,1,0.2,MUTUAL_FUND\n").err();
        assert_eq!(
            err.map(|e| e.to_string()),
            Some(
                "universe.csv line 2: asset type must be EQUITY or COLLECTIVE_INVESTMENT"
                    .to_owned()
            )
        );
    }
}
