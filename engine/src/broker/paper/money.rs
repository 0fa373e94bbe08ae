//! Rounding of prices to cents and the crossing between model maths and money.

use rust_decimal::prelude::{FromPrimitive, ToPrimitive};
use rust_decimal::{Decimal, RoundingStrategy};

/// Rounds down to whole cents.
#[must_use]
pub fn floor_cents(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(2, RoundingStrategy::ToNegativeInfinity)
}

/// Rounds up to whole cents.
#[must_use]
pub fn ceil_cents(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(2, RoundingStrategy::ToPositiveInfinity)
}

/// Rounds half away from zero to whole cents.
#[must_use]
pub fn cents(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

/// A model value as money with `places` decimals (non-finite values become zero).
#[must_use]
pub fn from_model(value: f64, places: u32) -> Decimal {
    Decimal::from_f64(value)
        .map(|d| d.round_dp(places))
        .unwrap_or(Decimal::ZERO)
}

/// Money as a model input.
#[must_use]
pub fn to_model(value: Decimal) -> f64 {
    value.to_f64().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn rounding_directions() {
        assert_eq!(floor_cents(dec!(1.239)), dec!(1.23));
        assert_eq!(ceil_cents(dec!(1.231)), dec!(1.24));
        assert_eq!(cents(dec!(1.235)), dec!(1.24));
        assert_eq!(from_model(f64::NAN, 2), Decimal::ZERO);
        assert_eq!(from_model(2.345_678, 4), dec!(2.3457));
    }
}
