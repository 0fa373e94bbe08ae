//! Option symbols in the padded 21-character OSI form, e.g. `AAPL  240119C00150000`.

use std::fmt;
use std::str::FromStr;

use chrono::{Datelike, NaiveDate};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::put_call::PutCall;

/// Length of an OSI symbol: 6 root + 6 date + 1 side + 8 strike.
pub const OSI_LEN: usize = 21;
const ROOT_LEN: usize = 6;
const STRIKE_SCALE: u32 = 3;
/// Strike × 1000 must fit in eight digits.
const MAX_STRIKE_MILLIS: i64 = 99_999_999;

/// One option contract identified by root, expiry, side and strike.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OptionSymbol {
    root: String,
    expiry: NaiveDate,
    put_call: PutCall,
    strike: Decimal,
}

/// Why text or parts do not form an OSI option symbol.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OsiError {
    /// The text is not 21 characters long.
    #[error("option symbol must be 21 characters, got {0}")]
    Length(usize),
    /// The root is empty, too long, or has characters other than A-Z and 0-9.
    #[error("option root `{0}` must be 1 to 6 letters or digits")]
    Root(String),
    /// The expiry is not a valid YYMMDD date (or lies outside 2000-2099).
    #[error("option expiry `{0}` is not a valid YYMMDD date")]
    Expiry(String),
    /// The side letter is neither C nor P.
    #[error("option side `{0}` must be C or P")]
    Side(String),
    /// The strike is not eight digits, is negative, or has more than three decimals.
    #[error("option strike `{0}` must be 8 digits of dollars × 1000")]
    Strike(String),
}

impl OptionSymbol {
    /// Builds a symbol from its parts.
    ///
    /// # Errors
    /// [`OsiError`] naming the part that cannot be written in OSI form.
    pub fn new(
        root: &str,
        expiry: NaiveDate,
        put_call: PutCall,
        strike: Decimal,
    ) -> Result<Self, OsiError> {
        let valid_root = !root.is_empty()
            && root.len() <= ROOT_LEN
            && root
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
        if !valid_root {
            return Err(OsiError::Root(root.to_owned()));
        }
        if !(2000..=2099).contains(&expiry.year()) {
            return Err(OsiError::Expiry(expiry.format("%Y-%m-%d").to_string()));
        }
        let millis = strike * Decimal::from(1000);
        if strike.is_sign_negative() || millis.fract() != Decimal::ZERO {
            return Err(OsiError::Strike(strike.to_string()));
        }
        let within = millis.to_i64().filter(|m| *m <= MAX_STRIKE_MILLIS);
        if within.is_none() {
            return Err(OsiError::Strike(strike.to_string()));
        }
        Ok(Self {
            root: root.to_owned(),
            expiry,
            put_call,
            strike: strike.normalize(),
        })
    }

    /// Reads the padded 21-character form.
    ///
    /// # Errors
    /// [`OsiError`] naming the malformed part.
    pub fn parse(text: &str) -> Result<Self, OsiError> {
        let chars = text.chars().count();
        if chars != OSI_LEN || !text.is_ascii() {
            return Err(OsiError::Length(chars));
        }
        let (root_part, rest) = text.split_at(ROOT_LEN);
        let (date_part, rest) = rest.split_at(6);
        let (side_part, strike_part) = rest.split_at(1);

        let root = root_part.trim_end_matches(' ');
        if root.contains(' ') {
            return Err(OsiError::Root(root_part.to_owned()));
        }
        let expiry = parse_yymmdd(date_part).ok_or_else(|| OsiError::Expiry(date_part.into()))?;
        let put_call = side_part
            .chars()
            .next()
            .and_then(PutCall::from_letter)
            .ok_or_else(|| OsiError::Side(side_part.to_owned()))?;
        if !strike_part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(OsiError::Strike(strike_part.to_owned()));
        }
        let millis: i64 = strike_part
            .parse()
            .map_err(|_| OsiError::Strike(strike_part.to_owned()))?;
        let strike = Decimal::new(millis, STRIKE_SCALE);
        Self::new(root, expiry, put_call, strike)
    }

    /// The underlying's option root, e.g. `AAPL` or `SPXW`.
    #[must_use]
    pub fn root(&self) -> &str {
        &self.root
    }

    /// The expiration date.
    #[must_use]
    pub fn expiry(&self) -> NaiveDate {
        self.expiry
    }

    /// Call or put.
    #[must_use]
    pub fn put_call(&self) -> PutCall {
        self.put_call
    }

    /// The strike in dollars, without trailing zeros (e.g. `62.5`).
    #[must_use]
    pub fn strike(&self) -> Decimal {
        self.strike
    }

    /// Whether `text` is a well-formed OSI option symbol.
    #[must_use]
    pub fn is_osi(text: &str) -> bool {
        Self::parse(text).is_ok()
    }

    /// The contract as its description reads, e.g. `AAPL 12/04/2026 205.00 P`: `underlying` (the
    /// root when empty), the expiry, the strike with at least two decimals, and the side's letter.
    #[must_use]
    pub fn describe(&self, underlying: &str) -> String {
        let strike = self.strike;
        let places = usize::try_from(strike.scale().max(2)).unwrap_or(2);
        let shown = if underlying.is_empty() {
            self.root.as_str()
        } else {
            underlying
        };
        format!(
            "{shown} {} {strike:.places$} {}",
            self.expiry.format("%m/%d/%Y"),
            self.put_call.letter()
        )
    }
}

/// A symbol as a person reads it in a message: an OSI option symbol as its contract's description
/// (`AAPL 12/04/2026 205.00 P`, never the padded `AAPL  261204P00205000`), anything else trimmed.
#[must_use]
pub fn readable_symbol(symbol: &str) -> String {
    OptionSymbol::parse(symbol).map_or_else(|_| symbol.trim().to_owned(), |o| o.describe(""))
}

fn parse_yymmdd(text: &str) -> Option<NaiveDate> {
    if text.len() != 6 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let year: i32 = text.get(0..2)?.parse().ok()?;
    let month: u32 = text.get(2..4)?.parse().ok()?;
    let day: u32 = text.get(4..6)?.parse().ok()?;
    NaiveDate::from_ymd_opt(2000 + year, month, day)
}

impl fmt::Display for OptionSymbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `new` only admits strikes whose thousandths fit in eight digits.
        let millis = (self.strike * Decimal::from(1000)).to_i64().unwrap_or(0);
        write!(
            f,
            "{:<6}{}{}{:08}",
            self.root,
            self.expiry.format("%y%m%d"),
            self.put_call.letter(),
            millis
        )
    }
}

impl FromStr for OptionSymbol {
    type Err = OsiError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::parse(text)
    }
}

impl Serialize for OptionSymbol {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for OptionSymbol {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Self::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    fn date(y: i32, m: u32, d: u32) -> anyhow::Result<NaiveDate> {
        NaiveDate::from_ymd_opt(y, m, d).ok_or_else(|| anyhow::anyhow!("bad test date"))
    }

    #[test]
    fn messages_read_a_contract_by_its_description_and_other_symbols_trimmed() {
        assert_eq!(
            readable_symbol("AAPL  261204P00205000"),
            "AAPL 12/04/2026 205.00 P"
        );
        assert_eq!(
            readable_symbol("SPXW  241018C05762500"),
            "SPXW 10/18/2024 5762.50 C"
        );
        assert_eq!(
            readable_symbol("F     241018C00012125"),
            "F 10/18/2024 12.125 C"
        );
        assert_eq!(readable_symbol(" AAPL "), "AAPL");
        assert_eq!(
            readable_symbol("ZZZZ  NOT AN OPTION"),
            "ZZZZ  NOT AN OPTION"
        );
    }

    #[test]
    fn parses_the_reference_example() -> anyhow::Result<()> {
        let symbol = OptionSymbol::parse("AAPL  240119C00150000")?;
        assert_eq!(symbol.root(), "AAPL");
        assert_eq!(symbol.expiry(), date(2024, 1, 19)?);
        assert_eq!(symbol.put_call(), PutCall::Call);
        assert_eq!(symbol.strike(), dec!(150));
        Ok(())
    }

    #[test]
    fn round_trips_fractional_and_large_strikes() -> anyhow::Result<()> {
        for (text, strike) in [
            ("AAPL  240119C00150000", dec!(150)),
            ("QQQ   240420P00500000", dec!(500)),
            ("XYZ   241018C00062500", dec!(62.5)),
            ("SPXW  240503P05040000", dec!(5040)),
            ("AAPL  241018C00005000", dec!(5)),
            ("AAPL  241018C00232500", dec!(232.5)),
            ("F     250117P00001125", dec!(1.125)),
        ] {
            let symbol = OptionSymbol::parse(text)?;
            assert_eq!(symbol.strike(), strike, "{text}");
            assert_eq!(symbol.to_string(), text);
        }
        Ok(())
    }

    #[test]
    fn builds_padded_text_from_parts() -> anyhow::Result<()> {
        let symbol = OptionSymbol::new("SPY", date(2024, 11, 15)?, PutCall::Put, dec!(570.00))?;
        assert_eq!(symbol.to_string(), "SPY   241115P00570000");
        assert_eq!(serde_json::to_string(&symbol)?, "\"SPY   241115P00570000\"");
        let back: OptionSymbol = serde_json::from_str("\"SPY   241115P00570000\"")?;
        assert_eq!(back, symbol);
        Ok(())
    }

    #[test]
    fn malformed_text_names_the_bad_part() {
        let cases = [
            ("AAPL 240119C00150000", OsiError::Length(20)),
            ("AAPL  240119C001500000", OsiError::Length(22)),
            ("AA PL 240119C00150000", OsiError::Root("AA PL ".into())),
            ("aapl  240119C00150000", OsiError::Root("aapl".into())),
            ("      240119C00150000", OsiError::Root(String::new())),
            ("AAPL  241319C00150000", OsiError::Expiry("241319".into())),
            ("AAPL  240230C00150000", OsiError::Expiry("240230".into())),
            ("AAPL  240119X00150000", OsiError::Side("X".into())),
            ("AAPL  240119C0015000A", OsiError::Strike("0015000A".into())),
            ("AAPL  240119C-0150000", OsiError::Strike("-0150000".into())),
        ];
        for (text, expected) in cases {
            assert_eq!(OptionSymbol::parse(text), Err(expected), "{text}");
        }
        assert!(!OptionSymbol::is_osi("AAPL"));
    }

    #[test]
    fn parts_that_cannot_be_written_are_refused() -> anyhow::Result<()> {
        let expiry = date(2024, 1, 19)?;
        assert_eq!(
            OptionSymbol::new("AAPL", expiry, PutCall::Call, dec!(1.0005)),
            Err(OsiError::Strike("1.0005".into()))
        );
        assert_eq!(
            OptionSymbol::new("AAPL", expiry, PutCall::Call, dec!(100000)),
            Err(OsiError::Strike("100000".into()))
        );
        assert_eq!(
            OptionSymbol::new("TOOLONG", expiry, PutCall::Call, dec!(1)),
            Err(OsiError::Root("TOOLONG".into()))
        );
        Ok(())
    }
}
