//! Forgiving deserializers for Schwab's loosely typed JSON: numbers as strings, floats as counts, odd timestamps.
//!
//! Every helper here reads the raw JSON value first and then converts it, so a field that Schwab sends as a
//! number in one response and as a string in the next parses the same way. Missing and `null` fields become
//! `None` (or zero for the `*_or_zero` helpers); a value of the wrong kind is an error naming what was expected.

use std::str::FromStr;

use chrono::{DateTime, FixedOffset, NaiveDateTime, Utc};
use rust_decimal::Decimal;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// Strings Schwab uses for "no number here" in numeric fields.
const NOT_A_NUMBER: [&str; 4] = ["", "NaN", "nan", "null"];

/// Converts one JSON value into a decimal; `Ok(None)` for null and the "no number" strings.
///
/// # Errors
/// A text message when the value is neither a number nor a numeric string.
pub(crate) fn value_to_decimal(value: &Value) -> Result<Option<Decimal>, String> {
    match value {
        Value::Null => Ok(None),
        Value::Number(n) => text_to_decimal(&n.to_string()).map(Some),
        Value::String(s) => {
            let trimmed = s.trim();
            if NOT_A_NUMBER.contains(&trimmed) {
                Ok(None)
            } else {
                text_to_decimal(trimmed).map(Some)
            }
        }
        other => Err(format!(
            "expected a number or a numeric string, found {}",
            kind(other)
        )),
    }
}

/// Parses decimal text, accepting exponent notation (`1e3`, `2.5E-2`).
fn text_to_decimal(text: &str) -> Result<Decimal, String> {
    let parsed = if text.contains(['e', 'E']) {
        Decimal::from_scientific(text)
    } else {
        Decimal::from_str(text)
    };
    parsed.map_err(|_| format!("expected a decimal number, found {text:?}"))
}

/// Names the JSON kind of a value for error messages, never echoing its content.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// An optional decimal from a number or numeric string.
///
/// # Errors
/// When the field holds something other than a number, a numeric string or null.
pub fn decimal_opt<'de, D: Deserializer<'de>>(de: D) -> Result<Option<Decimal>, D::Error> {
    let value = Value::deserialize(de)?;
    value_to_decimal(&value).map_err(D::Error::custom)
}

/// A decimal that defaults to zero when missing or null.
///
/// # Errors
/// When the field holds something other than a number, a numeric string or null.
pub fn decimal_or_zero<'de, D: Deserializer<'de>>(de: D) -> Result<Decimal, D::Error> {
    decimal_opt(de).map(Option::unwrap_or_default)
}

/// An optional signed integer from an integer, an integral float (`2.0`) or a numeric string.
///
/// # Errors
/// When the value has a fractional part or is not numeric.
pub fn i64_opt<'de, D: Deserializer<'de>>(de: D) -> Result<Option<i64>, D::Error> {
    let value = Value::deserialize(de)?;
    let Some(decimal) = value_to_decimal(&value).map_err(D::Error::custom)? else {
        return Ok(None);
    };
    whole_i64(decimal).map(Some).map_err(D::Error::custom)
}

/// A signed integer that must be present (e.g. an order id).
///
/// # Errors
/// When the value is missing, null, fractional or not numeric.
pub fn i64_required<'de, D: Deserializer<'de>>(de: D) -> Result<i64, D::Error> {
    i64_opt(de)?.ok_or_else(|| D::Error::custom("expected an integer, found null"))
}

/// A whole, non-negative count (quantities arrive as `2.0`) that defaults to zero when missing.
///
/// # Errors
/// When the value is negative, fractional, too large or not numeric.
pub fn count_or_zero<'de, D: Deserializer<'de>>(de: D) -> Result<u32, D::Error> {
    let value = Value::deserialize(de)?;
    let decimal = value_to_decimal(&value)
        .map_err(D::Error::custom)?
        .unwrap_or_default();
    let whole = whole_i64(decimal).map_err(D::Error::custom)?;
    u32::try_from(whole).map_err(|_| D::Error::custom(format!("expected a count, found {whole}")))
}

/// Converts a decimal without fractional part into an i64.
fn whole_i64(decimal: Decimal) -> Result<i64, String> {
    if !decimal.fract().is_zero() {
        return Err(format!("expected a whole number, found {decimal}"));
    }
    i64::try_from(decimal).map_err(|_| format!("whole number out of range: {decimal}"))
}

/// An optional boolean from `true`/`false`, the numbers `1`/`0` (Schwab's own account example sends
/// `"isInCall": 0`), or the strings `"true"`/`"false"`/`"1"`/`"0"`.
///
/// # Errors
/// When the value is neither a boolean, 0 or 1, such a string nor null.
pub fn bool_opt<'de, D: Deserializer<'de>>(de: D) -> Result<Option<bool>, D::Error> {
    let value = Value::deserialize(de)?;
    let flag = match &value {
        Value::Null => return Ok(None),
        Value::Bool(b) => Some(*b),
        Value::Number(_) => match value_to_decimal(&value) {
            Ok(Some(d)) if d == Decimal::ONE => Some(true),
            Ok(Some(d)) if d.is_zero() => Some(false),
            _ => None,
        },
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "true" | "1" => Some(true),
            "false" | "0" => Some(false),
            _ => None,
        },
        Value::Array(_) | Value::Object(_) => None,
    };
    flag.map(Some).ok_or_else(|| {
        D::Error::custom(format!(
            "expected a boolean (or 0 or 1), found {}",
            kind(&value)
        ))
    })
}

/// A string identifier that Schwab sends as a string in one place and a number in another (account numbers).
///
/// # Errors
/// When the value is missing, null or neither a string nor a number.
pub fn id_string<'de, D: Deserializer<'de>>(de: D) -> Result<String, D::Error> {
    id_string_opt(de)?.ok_or_else(|| D::Error::custom("expected an identifier, found null"))
}

/// An optional string identifier from a string or a number.
///
/// # Errors
/// When the value is neither a string, a number nor null.
pub fn id_string_opt<'de, D: Deserializer<'de>>(de: D) -> Result<Option<String>, D::Error> {
    match Value::deserialize(de)? {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s)),
        Value::Number(n) => Ok(Some(n.to_string())),
        other => Err(D::Error::custom(format!(
            "expected an identifier, found {}",
            kind(&other)
        ))),
    }
}

/// An optional timestamp in any of Schwab's spellings.
///
/// # Errors
/// When the value is a string that is not a recognised timestamp, or not a string at all.
pub fn timestamp_opt<'de, D: Deserializer<'de>>(de: D) -> Result<Option<DateTime<Utc>>, D::Error> {
    match Value::deserialize(de)? {
        Value::Null => Ok(None),
        Value::String(s) if s.trim().is_empty() => Ok(None),
        Value::String(s) => parse_timestamp(&s).map(Some).map_err(D::Error::custom),
        other => Err(D::Error::custom(format!(
            "expected a timestamp, found {}",
            kind(&other)
        ))),
    }
}

/// Parses `2024-10-24T16:41:34+0000`, `...34.564Z`, `...34.000+00:00` and RFC 3339 forms.
///
/// # Errors
/// A message quoting the text when none of the forms match.
pub fn parse_timestamp(text: &str) -> Result<DateTime<Utc>, String> {
    let text = text.trim();
    // `%.f` accepts an optional fraction; `%#z` accepts `Z`, `+0000` and `+00:00`.
    if let Ok(parsed) = DateTime::<FixedOffset>::parse_from_str(text, "%Y-%m-%dT%H:%M:%S%.f%#z") {
        return Ok(parsed.with_timezone(&Utc));
    }
    if let Ok(parsed) = DateTime::parse_from_rfc3339(text) {
        return Ok(parsed.with_timezone(&Utc));
    }
    // A timestamp without any offset is taken as UTC.
    if let Ok(naive) = NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S%.f") {
        return Ok(naive.and_utc());
    }
    Err(format!(
        "expected a timestamp like 2024-10-24T16:41:34+0000, found {text:?}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use rust_decimal_macros::dec;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    struct Probe {
        #[serde(default, deserialize_with = "decimal_opt")]
        price: Option<Decimal>,
        #[serde(default, deserialize_with = "decimal_or_zero")]
        short: Decimal,
        #[serde(default, deserialize_with = "count_or_zero")]
        quantity: u32,
        #[serde(default, deserialize_with = "i64_opt")]
        id: Option<i64>,
        #[serde(default, deserialize_with = "bool_opt")]
        flag: Option<bool>,
        #[serde(default, deserialize_with = "id_string_opt")]
        account: Option<String>,
        #[serde(default, deserialize_with = "timestamp_opt")]
        at: Option<DateTime<Utc>>,
    }

    fn probe(json: &str) -> Probe {
        serde_json::from_str(json).expect("probe json parses")
    }

    #[test]
    fn numbers_and_numeric_strings_give_the_same_decimal() {
        assert_eq!(probe(r#"{"price": 6.45}"#).price, Some(dec!(6.45)));
        assert_eq!(probe(r#"{"price": "6.45"}"#).price, Some(dec!(6.45)));
        assert_eq!(probe(r#"{"price": 1e3}"#).price, Some(dec!(1000)));
        assert_eq!(probe(r#"{"price": -0.0}"#).price, Some(dec!(0)));
    }

    #[test]
    fn missing_null_and_nan_are_none_or_zero() {
        let p = probe("{}");
        assert_eq!(
            (p.price, p.short, p.quantity, p.id, p.flag),
            (None, dec!(0), 0, None, None)
        );
        assert_eq!(probe(r#"{"price": null, "short": null}"#).short, dec!(0));
        assert_eq!(probe(r#"{"price": "NaN"}"#).price, None);
        assert_eq!(probe(r#"{"price": ""}"#).price, None);
    }

    #[test]
    fn counts_accept_integral_floats_and_strings() {
        assert_eq!(probe(r#"{"quantity": 2.0}"#).quantity, 2);
        assert_eq!(probe(r#"{"quantity": "150"}"#).quantity, 150);
        assert_eq!(
            probe(r#"{"id": "1002384425599"}"#).id,
            Some(1_002_384_425_599)
        );
        assert_eq!(
            probe(r#"{"id": 1002384425599}"#).id,
            Some(1_002_384_425_599)
        );
    }

    #[test]
    fn fractional_or_negative_counts_are_errors() {
        let err =
            serde_json::from_str::<Probe>(r#"{"quantity": 2.5}"#).expect_err("2.5 is not a count");
        assert!(
            err.to_string()
                .contains("expected a whole number, found 2.5"),
            "{err}"
        );
        let err =
            serde_json::from_str::<Probe>(r#"{"quantity": -1}"#).expect_err("-1 is not a count");
        assert!(
            err.to_string().contains("expected a count, found -1"),
            "{err}"
        );
    }

    #[test]
    fn wrong_kinds_are_errors_naming_the_expectation() {
        let err =
            serde_json::from_str::<Probe>(r#"{"price": true}"#).expect_err("bool is no price");
        assert!(
            err.to_string()
                .contains("expected a number or a numeric string, found a boolean")
        );
        let err =
            serde_json::from_str::<Probe>(r#"{"price": "abc"}"#).expect_err("abc is no price");
        assert!(
            err.to_string()
                .contains(r#"expected a decimal number, found "abc""#)
        );
        let err = serde_json::from_str::<Probe>(r#"{"flag": 2}"#).expect_err("2 is no flag");
        assert!(
            err.to_string()
                .contains("expected a boolean (or 0 or 1), found a number"),
            "{err}"
        );
        let err = serde_json::from_str::<Probe>(r#"{"flag": "yes"}"#).expect_err("yes is no flag");
        assert!(
            err.to_string()
                .contains("expected a boolean (or 0 or 1), found a string"),
            "{err}"
        );
    }

    #[test]
    fn booleans_and_identifiers_are_lenient() {
        assert_eq!(probe(r#"{"flag": "true"}"#).flag, Some(true));
        assert_eq!(probe(r#"{"flag": false}"#).flag, Some(false));
        assert_eq!(probe(r#"{"flag": 0}"#).flag, Some(false));
        assert_eq!(probe(r#"{"flag": 1}"#).flag, Some(true));
        assert_eq!(probe(r#"{"flag": 1.0}"#).flag, Some(true));
        assert_eq!(probe(r#"{"flag": "0"}"#).flag, Some(false));
        assert_eq!(
            probe(r#"{"account": 74125896}"#).account.as_deref(),
            Some("74125896")
        );
        assert_eq!(
            probe(r#"{"account": "74125896"}"#).account.as_deref(),
            Some("74125896")
        );
    }

    #[test]
    fn every_timestamp_spelling_parses_to_the_same_instant() {
        let expected = Utc.with_ymd_and_hms(2024, 10, 24, 16, 41, 34).single();
        for text in [
            "2024-10-24T16:41:34+0000",
            "2024-10-24T16:41:34Z",
            "2024-10-24T16:41:34+00:00",
            "2024-10-24T12:41:34-0400",
            "2024-10-24T16:41:34",
        ] {
            assert_eq!(parse_timestamp(text).ok(), expected, "{text}");
        }
        let fractional = parse_timestamp("2024-10-24T16:41:34.564Z").expect("fractional Z parses");
        assert_eq!(fractional.timestamp_millis(), 1_729_788_094_564);
        let with_millis = parse_timestamp("2024-10-18T20:00:00.000+00:00").expect("millis parse");
        assert_eq!(
            with_millis,
            Utc.with_ymd_and_hms(2024, 10, 18, 20, 0, 0).unwrap()
        );
    }

    #[test]
    fn a_bad_timestamp_is_an_error_quoting_it() {
        let err = parse_timestamp("24/10/2024").expect_err("not a timestamp");
        assert_eq!(
            err,
            r#"expected a timestamp like 2024-10-24T16:41:34+0000, found "24/10/2024""#
        );
        assert_eq!(probe(r#"{"at": ""}"#).at, None);
    }
}
