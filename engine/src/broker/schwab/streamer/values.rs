//! The Streamer's values: numbers as protobuf-net `bcl.Decimal` objects, times as US Eastern
//! `DateTimeString`s.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, Utc, Weekday};
use rust_decimal::Decimal;
use serde_json::Value;

/// A `bcl.Decimal` (`{"lo":"<magnitude>","signScale":N}`): the value is `lo / 10^(N >> 1)`, negative
/// when bit 0 of `N` is set. A missing `lo` is 0 and a missing `signScale` is scale 0. `None` for
/// anything else (and for a scale `Decimal` cannot hold).
#[must_use]
pub fn bcl(value: &Value) -> Option<Decimal> {
    let object = value.as_object()?;
    let magnitude: i64 = match object.get("lo") {
        None => 0,
        Some(Value::String(text)) => text
            .parse::<u64>()
            .ok()
            .and_then(|n| i64::try_from(n).ok())?,
        Some(Value::Number(number)) => number.as_u64().and_then(|n| i64::try_from(n).ok())?,
        Some(_) => return None,
    };
    let sign_scale = match object.get("signScale") {
        None => 0,
        Some(number) => number.as_u64()?,
    };
    let scale = u32::try_from(sign_scale >> 1).ok()?;
    let mut decimal = Decimal::try_from_i128_with_scale(i128::from(magnitude), scale).ok()?;
    if sign_scale & 1 == 1 {
        decimal.set_sign_negative(true);
    }
    Some(decimal.normalize())
}

/// A `{"DateTimeString":"yyyy-MM-dd HH:mm:ss.fff"}` in US Eastern local time, as UTC.
#[must_use]
pub fn eastern_time(value: &Value) -> Option<DateTime<Utc>> {
    let text = value.get("DateTimeString")?.as_str()?;
    let local = NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f").ok()?;
    Some(from_eastern(local))
}

/// US Eastern local time to UTC: UTC−4 from the second Sunday of March 02:00 local to the first
/// Sunday of November 02:00 local, UTC−5 otherwise (the hour that repeats in November reads as
/// daylight time).
#[must_use]
pub fn from_eastern(local: NaiveDateTime) -> DateTime<Utc> {
    let year = local.year();
    let starts = nth_sunday(year, 3, 2).and_then(|d| d.and_hms_opt(2, 0, 0));
    let ends = nth_sunday(year, 11, 1).and_then(|d| d.and_hms_opt(1, 0, 0));
    let daylight = matches!((starts, ends), (Some(from), Some(to)) if local >= from && local < to);
    (local + Duration::hours(if daylight { 4 } else { 5 })).and_utc()
}

fn nth_sunday(year: i32, month: u32, n: u8) -> Option<NaiveDate> {
    NaiveDate::from_weekday_of_month_opt(year, month, Weekday::Sun, n)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use rust_decimal_macros::dec;
    use serde_json::json;

    use super::*;

    #[test]
    fn bcl_decimals_read_at_their_scale_and_sign() {
        assert_eq!(
            bcl(&json!({"lo": "220470000", "signScale": 12})),
            Some(dec!(220.47))
        );
        assert_eq!(bcl(&json!({"lo": "5", "signScale": 4})), Some(dec!(0.05)));
        assert_eq!(bcl(&json!({"signScale": 12})), Some(Decimal::ZERO));
        assert_eq!(bcl(&json!({"lo": "200"})), Some(dec!(200)));
        assert_eq!(
            bcl(&json!({"lo": "2500000", "signScale": 13})),
            Some(dec!(-2.5))
        );
        assert_eq!(bcl(&json!({"lo": "x", "signScale": 12})), None);
        assert_eq!(bcl(&json!("1.5")), None);
    }

    #[test]
    fn eastern_times_read_as_utc_across_daylight_saving() {
        assert_eq!(
            eastern_time(&json!({"DateTimeString": "2025-03-20 13:43:45.620"})),
            Utc.with_ymd_and_hms(2025, 3, 20, 17, 43, 45)
                .single()
                .map(|t| t + Duration::milliseconds(620))
        );
        assert_eq!(
            eastern_time(&json!({"DateTimeString": "2025-12-09 14:11:00.000"})),
            Utc.with_ymd_and_hms(2025, 12, 9, 19, 11, 0).single()
        );
        assert_eq!(eastern_time(&json!({"DateTimeString": "2025-12-09"})), None);
    }
}
