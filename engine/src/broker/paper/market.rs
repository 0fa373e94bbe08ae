//! The paper market: a seeded random walk per symbol, quotes for stocks and options, chains.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc, Weekday};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rust_decimal::Decimal;

use super::black_scholes::{self, Valuation};
use super::config::PaperConfig;
use super::money::{ceil_cents, cents, floor_cents, from_model, to_model};
use super::normal;
use super::universe::Listing;
use crate::broker::{ExpiryKey, OptionChain, OptionContract, Quote, StrikeKey, quoted};
use crate::order::{OptionSymbol, PutCall};

const SECONDS_PER_YEAR: f64 = 365.0 * 86_400.0;
/// Decimals kept for the hidden mid price so small steps accumulate.
const MID_PLACES: u32 = 6;
/// Half the stock spread as a fraction of the price (at least one cent).
const STOCK_HALF_SPREAD: Decimal = Decimal::from_parts(2, 0, 0, false, 4);
/// Half the option spread as a fraction of the model value (at least one cent).
const OPTION_HALF_SPREAD: Decimal = Decimal::from_parts(2, 0, 0, false, 2);
/// Farthest expiry an option order may name.
const MAX_DAYS_OUT: i64 = 120;
/// Monthly expiries listed beyond the weekly window.
const EXTRA_MONTHLIES: usize = 2;

/// Bid, ask, mark and last of one instrument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prices {
    /// Best bid.
    pub bid: Decimal,
    /// Best ask.
    pub ask: Decimal,
    /// Mid of bid and ask.
    pub mark: Decimal,
    /// Last trade (the mid rounded to cents).
    pub last: Decimal,
}

/// Option symbols whose prices are kept between two moves at most; a market that does not move
/// (a frozen clock) starts over past it.
const OPTION_QUOTES_KEPT: usize = 4_096;

/// Prices of every listing and how they move.
#[derive(Debug)]
pub struct Market {
    listings: Vec<Listing>,
    by_symbol: HashMap<String, usize>,
    by_root: HashMap<String, usize>,
    mids: Vec<Decimal>,
    rng: StdRng,
    now: DateTime<Utc>,
    config: PaperConfig,
    /// Option prices asked for since the prices last moved, by symbol: an order's checks, its
    /// funds and its fill each ask, and a fan-out asks once per account, for the same contract.
    option_quotes: RefCell<HashMap<String, Option<Prices>>>,
}

impl Market {
    /// A market at its reference prices as of `now`.
    #[must_use]
    pub fn new(listings: Vec<Listing>, config: &PaperConfig, now: DateTime<Utc>) -> Self {
        let by_symbol = listings
            .iter()
            .enumerate()
            .map(|(i, l)| (l.symbol.clone(), i))
            .collect();
        let by_root = listings
            .iter()
            .enumerate()
            .map(|(i, l)| (l.option_root(), i))
            .collect();
        let mids = listings.iter().map(|l| l.reference_price).collect();
        Self {
            listings,
            by_symbol,
            by_root,
            mids,
            rng: StdRng::seed_from_u64(config.seed),
            now,
            config: config.clone(),
            option_quotes: RefCell::default(),
        }
    }

    /// The time the prices stand at.
    #[must_use]
    pub fn now(&self) -> DateTime<Utc> {
        self.now
    }

    /// The step instants between the market's time and `until`: one per tick, or at most
    /// `max_steps_per_catch_up` larger steps; the remainder under one tick is left for later.
    #[must_use]
    pub fn plan_steps(&self, until: DateTime<Utc>) -> Vec<DateTime<Utc>> {
        let tick_ms = self.config.tick.num_milliseconds().max(1);
        let elapsed_ms = (until - self.now).num_milliseconds();
        if elapsed_ms < tick_ms {
            return Vec::new();
        }
        let ticks = elapsed_ms / tick_ms;
        let steps = ticks.min(i64::from(self.config.max_steps_per_catch_up.max(1)));
        (1..=steps)
            .map(|k| self.now + Duration::milliseconds(ticks * k / steps * tick_ms))
            .collect()
    }

    /// Moves every price by one random-walk step ending at `at`.
    pub fn step_to(&mut self, at: DateTime<Utc>) {
        let seconds = (at - self.now).num_milliseconds() as f64 / 1000.0;
        if seconds <= 0.0 {
            return;
        }
        let dt = seconds / SECONDS_PER_YEAR;
        let scale = self.config.volatility_scale;
        for (mid, listing) in self.mids.iter_mut().zip(&self.listings) {
            let sigma = listing.volatility * scale;
            let shock = normal::draw(&mut self.rng);
            if sigma > 0.0 {
                let factor = (sigma * dt.sqrt() * shock - sigma * sigma * dt / 2.0).exp();
                let moved = (*mid * from_model(factor, 12)).round_dp(MID_PLACES);
                *mid = moved.max(Decimal::new(1, 2));
            }
        }
        self.now = at;
        self.option_quotes.get_mut().clear();
    }

    /// Sets a stock's price by hand.
    ///
    /// Returns `false` when the symbol is not listed.
    pub fn set_price(&mut self, symbol: &str, price: Decimal) -> bool {
        match self
            .by_symbol
            .get(symbol)
            .and_then(|i| self.mids.get_mut(*i))
        {
            Some(mid) => {
                *mid = price.max(Decimal::new(1, 2)).round_dp(MID_PLACES);
                self.option_quotes.get_mut().clear();
                true
            }
            None => false,
        }
    }

    /// The listing of a stock symbol.
    #[must_use]
    pub fn listing(&self, symbol: &str) -> Option<&Listing> {
        self.by_symbol
            .get(symbol)
            .and_then(|i| self.listings.get(*i))
    }

    /// Prices of a stock, an ETF, or a padded OSI option symbol of a listed root.
    #[must_use]
    pub fn prices(&self, symbol: &str) -> Option<Prices> {
        if let Some(index) = self.by_symbol.get(symbol) {
            return self.mids.get(*index).map(|mid| stock_prices(*mid));
        }
        if let Some(known) = self.option_quotes.borrow().get(symbol) {
            return *known;
        }
        let prices = OptionSymbol::parse(symbol)
            .ok()
            .and_then(|option| self.option_prices(&option));
        let mut quotes = self.option_quotes.borrow_mut();
        if quotes.len() >= OPTION_QUOTES_KEPT {
            quotes.clear();
        }
        quotes.insert(symbol.to_owned(), prices);
        prices
    }

    /// Prices of an option of a listed root.
    #[must_use]
    pub fn option_prices(&self, option: &OptionSymbol) -> Option<Prices> {
        let index = *self.by_root.get(option.root())?;
        let listing = self.listings.get(index)?;
        let spot = *self.mids.get(index)?;
        let expires = self.expiry_instant(option.expiry());
        let years = (expires - self.now).num_seconds() as f64 / SECONDS_PER_YEAR;
        let value = black_scholes::price(
            option.put_call(),
            Valuation {
                spot: to_model(spot),
                strike: to_model(option.strike()),
                years,
                volatility: listing.volatility,
                rate: self.config.interest_rate,
            },
        );
        Some(option_prices(from_model(value, 4)))
    }

    /// The underlying's listing and price for an option symbol.
    #[must_use]
    pub fn underlying_of(&self, option: &OptionSymbol) -> Option<(&Listing, Decimal)> {
        let index = *self.by_root.get(option.root())?;
        Some((self.listings.get(index)?, *self.mids.get(index)?))
    }

    /// Whether an option order may name this contract now: a listed root, a Friday expiry
    /// from today up to four months out, and a strike on a half-dollar grid.
    #[must_use]
    pub fn is_tradable_option(&self, option: &OptionSymbol) -> bool {
        let today = self.now.date_naive();
        let days_out = (option.expiry() - today).num_days();
        self.by_root.contains_key(option.root())
            && option.expiry().weekday() == Weekday::Fri
            && (0..=MAX_DAYS_OUT).contains(&days_out)
            && self.expiry_instant(option.expiry()) > self.now
            && option.strike() > Decimal::ZERO
            && (option.strike() * Decimal::TWO).fract().is_zero()
    }

    /// Whether a symbol is a listed stock or a tradable option.
    #[must_use]
    pub fn is_tradable(&self, symbol: &str) -> bool {
        self.by_symbol.contains_key(symbol)
            || OptionSymbol::parse(symbol).is_ok_and(|o| self.is_tradable_option(&o))
    }

    /// A quote for a listed stock or an option of a listed root.
    #[must_use]
    pub fn quote(&self, symbol: &str) -> Option<Quote> {
        let prices = self.prices(symbol)?;
        let description = match self.listing(symbol) {
            Some(listing) => listing.name.clone(),
            None => OptionSymbol::parse(symbol)
                .ok()?
                .describe(self.display_symbol(symbol)),
        };
        Some(Quote {
            symbol: symbol.to_owned(),
            description: Some(description),
            bid: quoted(Some(prices.bid)),
            ask: quoted(Some(prices.ask)),
            last: quoted(Some(prices.last)),
            mark: quoted(Some(prices.mark)),
        })
    }

    /// The description used for an option or stock symbol in orders and positions.
    #[must_use]
    pub fn describe(&self, symbol: &str) -> Option<String> {
        if let Some(listing) = self.listing(symbol) {
            return Some(listing.name.clone());
        }
        let option = OptionSymbol::parse(symbol).ok()?;
        Some(option.describe(self.display_symbol(symbol)))
    }

    fn display_symbol(&self, option_symbol: &str) -> &str {
        OptionSymbol::parse(option_symbol)
            .ok()
            .and_then(|o| self.by_root.get(o.root()).copied())
            .and_then(|i| self.listings.get(i))
            .map_or("", |l| l.symbol.as_str())
    }

    /// The calls or puts of a listed underlying.
    #[must_use]
    pub fn chain(&self, underlying: &str, side: PutCall) -> Option<OptionChain> {
        let listing = self.listing(underlying)?;
        let spot = self.mids.get(*self.by_symbol.get(underlying)?)?;
        let root = listing.option_root();
        let today = self.now.date_naive();
        let interval = strike_interval(*spot);
        let at_money = (*spot / interval).round() * interval;
        let each_side = i64::from(self.config.strikes_each_side);
        let strikes: Vec<Decimal> = (-each_side..=each_side)
            .map(|k| at_money + interval * Decimal::from(k))
            .filter(|s| *s > Decimal::ZERO)
            .collect();
        let mut expirations = BTreeMap::new();
        for expiry in self.expiries() {
            let mut by_strike = BTreeMap::new();
            for strike in &strikes {
                let Ok(option) = OptionSymbol::new(&root, expiry, side, *strike) else {
                    continue;
                };
                let Some(prices) = self.option_prices(&option) else {
                    continue;
                };
                let contract = OptionContract {
                    symbol: option.to_string(),
                    description: option.describe(&listing.symbol),
                    put_call: side,
                    strike: *strike,
                    expiration: expiry,
                    bid: prices.bid,
                    ask: prices.ask,
                    last: prices.last,
                    mark: prices.mark,
                };
                by_strike.insert(StrikeKey(strike.normalize()), vec![contract]);
            }
            let days = u32::try_from((expiry - today).num_days()).unwrap_or(0);
            expirations.insert(
                ExpiryKey {
                    date: expiry,
                    days_to_expiration: days,
                },
                by_strike,
            );
        }
        Some(OptionChain {
            underlying: listing.symbol.clone(),
            underlying_price: cents(*spot),
            put_call: side,
            expirations,
        })
    }

    /// Listed expiries: every Friday of the coming weeks (today's if before the close),
    /// then the monthly (third-Friday) expiries of the following months.
    #[must_use]
    pub fn expiries(&self) -> Vec<NaiveDate> {
        let today = self.now.date_naive();
        let window_end = today + Duration::weeks(i64::from(self.config.weeks_listed));
        let mut fridays: Vec<NaiveDate> = today
            .iter_days()
            .take_while(|d| *d <= window_end)
            .filter(|d| d.weekday() == Weekday::Fri)
            .filter(|d| self.expiry_instant(*d) > self.now)
            .collect();
        let mut month = window_end;
        while fridays.len()
            < usize::try_from(self.config.weeks_listed).unwrap_or(0) + EXTRA_MONTHLIES
            && (month - window_end).num_days() < 400
        {
            if let Some(third) = third_friday(month.year(), month.month()) {
                if third > window_end && !fridays.contains(&third) {
                    fridays.push(third);
                }
            }
            month = first_of_next_month(month).unwrap_or(month + Duration::days(31));
        }
        fridays
    }

    /// When an expiry date's options stop trading (the session close that day).
    #[must_use]
    pub fn expiry_instant(&self, date: NaiveDate) -> DateTime<Utc> {
        date.and_time(self.config.session_close).and_utc()
    }
}

fn stock_prices(mid: Decimal) -> Prices {
    let half = (mid * STOCK_HALF_SPREAD).max(Decimal::new(1, 2));
    let bid = floor_cents(mid - half).max(Decimal::new(1, 2));
    let ask = ceil_cents(mid + half).max(bid + Decimal::new(2, 2));
    Prices {
        bid,
        ask,
        mark: (bid + ask) / Decimal::TWO,
        last: cents(mid),
    }
}

fn option_prices(value: Decimal) -> Prices {
    let half = (value * OPTION_HALF_SPREAD).max(Decimal::new(1, 2));
    let bid = floor_cents(value - half).max(Decimal::ZERO);
    let ask = ceil_cents(value + half).max(bid + Decimal::new(2, 2));
    let mark = (bid + ask) / Decimal::TWO;
    Prices {
        bid,
        ask,
        mark,
        last: cents(mark),
    }
}

/// Strike spacing by price level.
fn strike_interval(spot: Decimal) -> Decimal {
    let spot = to_model(spot);
    let (units, scale) = match spot {
        s if s < 25.0 => (5, 1),
        s if s < 100.0 => (1, 0),
        s if s < 300.0 => (25, 1),
        s if s < 1000.0 => (5, 0),
        _ => (10, 0),
    };
    Decimal::new(units, scale)
}

/// `AAPL 10/18/2024 232.50 C`: the underlying, expiry, strike (at least two decimals), side.
fn third_friday(year: i32, month: u32) -> Option<NaiveDate> {
    NaiveDate::from_weekday_of_month_opt(year, month, Weekday::Fri, 3)
}

fn first_of_next_month(date: NaiveDate) -> Option<NaiveDate> {
    let (year, month) = if date.month() == 12 {
        (date.year() + 1, 1)
    } else {
        (date.year(), date.month() + 1)
    };
    NaiveDate::from_ymd_opt(year, month, 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::broker::paper::universe;
    use chrono::TimeZone;
    use rust_decimal_macros::dec;

    /// Monday 2024-10-14 15:00 UTC.
    fn monday() -> anyhow::Result<DateTime<Utc>> {
        Utc.with_ymd_and_hms(2024, 10, 14, 15, 0, 0)
            .single()
            .ok_or_else(|| anyhow::anyhow!("fixed test date"))
    }

    fn market(config: &PaperConfig) -> anyhow::Result<Market> {
        Ok(Market::new(universe::bundled()?, config, monday()?))
    }

    #[test]
    fn stock_quotes_have_bid_below_mark_below_ask() -> anyhow::Result<()> {
        let market = market(&PaperConfig::default())?;
        let quote = market
            .quote("AAPL")
            .ok_or_else(|| anyhow::anyhow!("AAPL listed"))?;
        assert_eq!(quote.description.as_deref(), Some("Apple Inc"));
        assert_eq!(
            (quote.bid, quote.ask),
            (Some(dec!(229.95)), Some(dec!(230.05)))
        );
        assert_eq!(quote.mark, Some(dec!(230.00)));
        assert!(market.quote("NOPE").is_none());
        Ok(())
    }

    #[test]
    fn same_seed_same_walk_and_zero_volatility_freezes() -> anyhow::Result<()> {
        let config = PaperConfig::default();
        let (mut a, mut b) = (market(&config)?, market(&config)?);
        let later = monday()? + Duration::minutes(10);
        for at in a.plan_steps(later) {
            a.step_to(at);
        }
        for at in b.plan_steps(later) {
            b.step_to(at);
        }
        assert_eq!(a.now(), later);
        assert_eq!(a.prices("NVDA"), b.prices("NVDA"));
        assert_ne!(a.prices("NVDA").map(|p| p.last), Some(dec!(130.00)));

        let frozen_config = PaperConfig {
            volatility_scale: 0.0,
            ..config
        };
        let mut frozen = market(&frozen_config)?;
        for at in frozen.plan_steps(later) {
            frozen.step_to(at);
        }
        assert_eq!(frozen.prices("NVDA").map(|p| p.last), Some(dec!(130.00)));
        Ok(())
    }

    #[test]
    fn an_option_asked_twice_is_repriced_once_the_prices_move() -> anyhow::Result<()> {
        let contract = "AAPL  241018C00232500";
        let mut market = market(&PaperConfig::default())?;
        let before = market.prices(contract);
        assert!(before.is_some());
        assert_eq!(market.prices(contract), before, "asked again before a move");
        assert_eq!(market.prices("AAPL  241018C0023250"), None);

        assert!(market.set_price("AAPL", dec!(260)));
        let raised = market.prices(contract);
        assert!(
            raised.map(|p| p.mark) > before.map(|p| p.mark),
            "{raised:?}"
        );
        let Some(option) = OptionSymbol::parse(contract).ok() else {
            anyhow::bail!("a valid symbol");
        };
        assert_eq!(raised, market.option_prices(&option));

        let later = monday()? + Duration::minutes(10);
        for at in market.plan_steps(later) {
            market.step_to(at);
        }
        assert_eq!(market.prices(contract), market.option_prices(&option));
        assert_ne!(
            market.prices(contract),
            raised,
            "time and the walk moved it"
        );
        Ok(())
    }

    #[test]
    fn long_gaps_are_capped_to_a_bounded_number_of_steps() -> anyhow::Result<()> {
        let market = market(&PaperConfig::default())?;
        let steps = market.plan_steps(monday()? + Duration::days(3));
        assert_eq!(steps.len(), 600);
        assert_eq!(steps.last().copied(), Some(monday()? + Duration::days(3)));
        assert!(
            market
                .plan_steps(monday()? + Duration::milliseconds(999))
                .is_empty()
        );
        Ok(())
    }

    #[test]
    fn chain_is_keyed_like_schwab_and_priced_sensibly() -> anyhow::Result<()> {
        let market = market(&PaperConfig::default())?;
        let chain = market
            .chain("AAPL", PutCall::Call)
            .ok_or_else(|| anyhow::anyhow!("AAPL chain"))?;
        let json = serde_json::to_value(&chain)?;
        let first = json["expirations"]["2024-10-18:4"]["232.5"][0].clone();
        assert_eq!(first["symbol"], "AAPL  241018C00232500");
        assert_eq!(first["description"], "AAPL 10/18/2024 232.50 C");
        assert!(json["expirations"]["2024-10-18:4"]["235.0"].is_array());
        // Eight weekly Fridays from Oct 18, then two monthlies beyond the window.
        let keys: Vec<String> = chain.expirations.keys().map(ToString::to_string).collect();
        assert_eq!(keys.first().map(String::as_str), Some("2024-10-18:4"));
        assert_eq!(keys.len(), 10);
        assert!(keys.contains(&"2024-12-20:67".to_owned()));
        assert!(keys.contains(&"2025-01-17:95".to_owned()));
        for strikes in chain.expirations.values() {
            assert_eq!(strikes.len(), 21);
            let mut previous = Decimal::MAX;
            for contracts in strikes.values() {
                for c in contracts {
                    assert!(c.bid < c.mark && c.mark < c.ask, "{}", c.symbol);
                    assert!(c.mark <= previous, "calls cheapen as strikes rise");
                    previous = c.mark;
                    assert_eq!(market.prices(&c.symbol).map(|p| p.mark), Some(c.mark));
                }
            }
        }
        Ok(())
    }

    #[test]
    fn tradable_options_need_a_listed_root_a_friday_and_a_grid_strike() -> anyhow::Result<()> {
        let market = market(&PaperConfig::default())?;
        let ok = |s: &str| OptionSymbol::parse(s).map(|o| market.is_tradable_option(&o));
        assert_eq!(ok("AAPL  241018C00232500"), Ok(true));
        assert_eq!(ok("BRKB  241018P00450000"), Ok(true));
        assert_eq!(ok("ZZZZ  241018C00232500"), Ok(false));
        assert_eq!(ok("AAPL  241017C00232500"), Ok(false));
        assert_eq!(ok("AAPL  241011C00232500"), Ok(false));
        assert_eq!(ok("AAPL  241018C00232250"), Ok(false));
        assert_eq!(ok("AAPL  250620C00232500"), Ok(false));
        assert!(market.is_tradable("SPY"));
        assert!(!market.is_tradable("SPY "));
        Ok(())
    }

    #[test]
    fn strike_intervals_follow_the_price() {
        assert_eq!(strike_interval(dec!(10.5)), dec!(0.5));
        assert_eq!(strike_interval(dec!(40)), dec!(1));
        assert_eq!(strike_interval(dec!(130)), dec!(2.5));
        assert_eq!(strike_interval(dec!(420)), dec!(5));
        assert_eq!(strike_interval(dec!(890)), dec!(5));
        assert_eq!(strike_interval(dec!(1200)), dec!(10));
    }
}
