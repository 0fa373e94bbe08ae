//! One side (calls or puts) of an underlying's option chain, keyed the way Schwab keys it.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::order::PutCall;

/// Contracts by expiry, then by strike.
pub type ExpirationMap = BTreeMap<ExpiryKey, BTreeMap<StrikeKey, Vec<OptionContract>>>;

/// The calls or the puts of one underlying.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OptionChain {
    /// The underlying symbol.
    pub underlying: String,
    /// The underlying's current price.
    pub underlying_price: Decimal,
    /// Which side this chain holds.
    pub put_call: PutCall,
    /// `"YYYY-MM-DD:DTE"` → strike (`"232.5"`) → contracts (normally one).
    pub expirations: ExpirationMap,
}

/// One option contract with its prices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OptionContract {
    /// Padded OSI symbol.
    pub symbol: String,
    /// The broker's description, e.g. `AAPL 10/18/2024 232.50 C`.
    pub description: String,
    /// Call or put.
    pub put_call: PutCall,
    /// Strike in dollars.
    pub strike: Decimal,
    /// Expiration date.
    pub expiration: NaiveDate,
    /// Best bid.
    pub bid: Decimal,
    /// Best ask.
    pub ask: Decimal,
    /// Last trade.
    pub last: Decimal,
    /// Mid of bid and ask.
    pub mark: Decimal,
}

/// A chain key that does not read as `YYYY-MM-DD:DTE` or as a strike.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a valid {what} key")]
pub struct ChainKeyError {
    /// "expiration" or "strike".
    pub what: &'static str,
    /// The offending text.
    pub text: String,
}

/// An expiration key: the date and the days left to it, written `2024-10-18:4`.
/// Keys order by date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExpiryKey {
    /// The expiration date.
    pub date: NaiveDate,
    /// Calendar days from today to `date`.
    pub days_to_expiration: u32,
}

impl fmt::Display for ExpiryKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}",
            self.date.format("%Y-%m-%d"),
            self.days_to_expiration
        )
    }
}

impl FromStr for ExpiryKey {
    type Err = ChainKeyError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || ChainKeyError {
            what: "expiration",
            text: text.to_owned(),
        };
        let (date, days) = text.split_once(':').ok_or_else(error)?;
        Ok(Self {
            date: NaiveDate::parse_from_str(date, "%Y-%m-%d").map_err(|_| error())?,
            days_to_expiration: days.parse().map_err(|_| error())?,
        })
    }
}

/// A strike key, written with at least one decimal (`235.0`, `232.5`). Keys order by value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StrikeKey(pub Decimal);

impl fmt::Display for StrikeKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = self.0.normalize();
        if value.scale() == 0 {
            write!(f, "{value}.0")
        } else {
            write!(f, "{value}")
        }
    }
}

impl FromStr for StrikeKey {
    type Err = ChainKeyError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match Decimal::from_str(text) {
            Ok(value) if !value.is_sign_negative() => Ok(Self(value.normalize())),
            _ => Err(ChainKeyError {
                what: "strike",
                text: text.to_owned(),
            }),
        }
    }
}

macro_rules! string_key_serde {
    ($name:ident) => {
        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = String::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

string_key_serde!(ExpiryKey);
string_key_serde!(StrikeKey);

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    fn oct18() -> anyhow::Result<NaiveDate> {
        NaiveDate::from_ymd_opt(2024, 10, 18).ok_or_else(|| anyhow::anyhow!("bad test date"))
    }

    #[test]
    fn keys_are_written_like_schwab_writes_them() -> anyhow::Result<()> {
        let expiry = ExpiryKey {
            date: oct18()?,
            days_to_expiration: 4,
        };
        assert_eq!(expiry.to_string(), "2024-10-18:4");
        assert_eq!("2024-10-18:4".parse::<ExpiryKey>()?, expiry);
        assert!("2024-10-18".parse::<ExpiryKey>().is_err());
        assert!("2024-13-18:4".parse::<ExpiryKey>().is_err());
        assert_eq!(StrikeKey(dec!(235)).to_string(), "235.0");
        assert_eq!(StrikeKey(dec!(232.50)).to_string(), "232.5");
        assert_eq!(StrikeKey(dec!(1.125)).to_string(), "1.125");
        assert_eq!("267.5".parse::<StrikeKey>()?, StrikeKey(dec!(267.5)));
        assert!("-5.0".parse::<StrikeKey>().is_err());
        assert!("abc".parse::<StrikeKey>().is_err());
        Ok(())
    }

    #[test]
    fn strikes_order_by_value_not_by_text() {
        let mut keys = [
            StrikeKey(dec!(100)),
            StrikeKey(dec!(95)),
            StrikeKey(dec!(97.5)),
        ];
        keys.sort();
        let texts: Vec<String> = keys.iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["95.0", "97.5", "100.0"]);
    }

    #[test]
    fn chain_serializes_to_the_nested_map_shape() -> anyhow::Result<()> {
        let contract = OptionContract {
            symbol: "AAPL  241018C00232500".into(),
            description: "AAPL 10/18/2024 232.50 C".into(),
            put_call: PutCall::Call,
            strike: dec!(232.5),
            expiration: oct18()?,
            bid: dec!(2.31),
            ask: dec!(2.40),
            last: dec!(2.35),
            mark: dec!(2.36),
        };
        let strikes = BTreeMap::from([(StrikeKey(dec!(232.5)), vec![contract])]);
        let chain = OptionChain {
            underlying: "AAPL".into(),
            underlying_price: dec!(234.83),
            put_call: PutCall::Call,
            expirations: BTreeMap::from([(
                ExpiryKey {
                    date: oct18()?,
                    days_to_expiration: 0,
                },
                strikes,
            )]),
        };
        let json = serde_json::to_value(&chain)?;
        assert_eq!(
            json["expirations"]["2024-10-18:0"]["232.5"][0]["symbol"],
            "AAPL  241018C00232500"
        );
        assert_eq!(json["underlyingPrice"], "234.83");
        assert_eq!(serde_json::from_value::<OptionChain>(json)?, chain);
        Ok(())
    }
}
