//! Reading the text of order form fields (quantities, prices, words) into values, refusing with the label.

use std::str::FromStr;

use rust_decimal::Decimal;

use super::invalid_field::InvalidField;

/// The largest quantity one form accepts (shares, contracts or spreads, before tier multipliers).
pub const MAX_FORM_QUANTITY: u32 = 100_000;
/// The largest price one form accepts.
pub const MAX_FORM_PRICE: Decimal = Decimal::from_parts(1_000_000, 0, 0, false, 0);

/// How many decimals a price may carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ticks {
    /// Whole cents only (option premiums, percentages).
    Cents,
    /// Cents, or four decimals below one dollar (stock prices).
    SubDollar,
}

impl Ticks {
    fn allows(self, value: Decimal) -> bool {
        let scale = value.normalize().scale();
        match self {
            Self::Cents => scale <= 2,
            Self::SubDollar => scale <= 2 || (value < Decimal::ONE && scale <= 4),
        }
    }

    /// The decimals rule as a phrase for messages.
    pub(crate) fn phrase(self) -> &'static str {
        match self {
            Self::Cents => "with at most 2 decimals",
            Self::SubDollar => "with at most 2 decimals (4 below $1)",
        }
    }
}

/// A whole number from 1 to [`MAX_FORM_QUANTITY`]; `1.0` counts as whole.
pub(crate) fn quantity(text: &str, label: &str) -> Result<u32, InvalidField> {
    let bad = || InvalidField::new(label, "must be a whole number of at least 1");
    let value = Decimal::from_str(text.trim()).map_err(|_| bad())?;
    if !value.fract().is_zero() || value < Decimal::ONE {
        return Err(bad());
    }
    let whole = u32::try_from(value).unwrap_or(u32::MAX);
    if whole > MAX_FORM_QUANTITY {
        return Err(InvalidField::new(
            label,
            format!("must be at most {MAX_FORM_QUANTITY}"),
        ));
    }
    Ok(whole)
}

/// A price of at least 0 (`positive`: more than 0) and at most [`MAX_FORM_PRICE`] with the decimals
/// `ticks` allows. Empty text is refused like any other unreadable number.
pub(crate) fn price(
    text: &str,
    label: &str,
    positive: bool,
    ticks: Ticks,
) -> Result<Decimal, InvalidField> {
    let floor = if positive {
        "greater than 0"
    } else {
        "of at least 0"
    };
    let bad = || {
        InvalidField::new(
            label,
            format!("must be a number {floor} {}", ticks.phrase()),
        )
    };
    let value = Decimal::from_str(text.trim()).map_err(|_| bad())?;
    let below = if positive {
        value <= Decimal::ZERO
    } else {
        value < Decimal::ZERO
    };
    if below || !ticks.allows(value) {
        return Err(bad());
    }
    if value > MAX_FORM_PRICE {
        return Err(InvalidField::new(
            label,
            format!("must be at most {MAX_FORM_PRICE}"),
        ));
    }
    Ok(value.normalize())
}

/// The text trimmed and upper-cased.
pub(crate) fn word(text: &str) -> String {
    text.trim().to_ascii_uppercase()
}

/// `a, b or c` for messages.
pub(crate) fn either<T: std::fmt::Display>(words: &[T]) -> String {
    match words {
        [] => String::new(),
        [only] => only.to_string(),
        [init @ .., last] => format!(
            "{} or {last}",
            init.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn quantities_are_whole_and_at_least_one() {
        assert_eq!(quantity(" 3 ", "Quantity"), Ok(3));
        assert_eq!(quantity("2.0", "Quantity"), Ok(2));
        for bad in ["", "0", "-1", "1.5", "abc", "0.5"] {
            assert_eq!(
                quantity(bad, "Quantity").map_err(|e| e.to_string()),
                Err("Quantity must be a whole number of at least 1".to_owned()),
                "{bad:?}"
            );
        }
        assert_eq!(
            quantity("100001", "Quantity").map_err(|e| e.to_string()),
            Err("Quantity must be at most 100000".to_owned())
        );
        assert!(quantity("99999999999999", "Quantity").is_err());
    }

    #[test]
    fn prices_follow_their_tick_rule() {
        assert_eq!(price("1.25", "Price", true, Ticks::Cents), Ok(dec!(1.25)));
        assert_eq!(price("1.250", "Price", true, Ticks::Cents), Ok(dec!(1.25)));
        assert_eq!(price("0", "Price", false, Ticks::Cents), Ok(dec!(0)));
        assert_eq!(
            price("0.1234", "Price", true, Ticks::SubDollar),
            Ok(dec!(0.1234))
        );
        assert_eq!(
            price("0", "Price", true, Ticks::SubDollar).map_err(|e| e.to_string()),
            Err(
                "Price must be a number greater than 0 with at most 2 decimals (4 below $1)".into()
            )
        );
        assert_eq!(
            price("1.234", "Leg 1 Price", false, Ticks::Cents).map_err(|e| e.to_string()),
            Err("Leg 1 Price must be a number of at least 0 with at most 2 decimals".into())
        );
        for bad in ["", "-0.01", "x", "1.2345", "0.12345"] {
            assert!(
                price(bad, "Price", true, Ticks::SubDollar).is_err(),
                "{bad:?}"
            );
        }
        assert_eq!(
            price("1000000.01", "Price", true, Ticks::Cents).map_err(|e| e.to_string()),
            Err("Price must be at most 1000000".into())
        );
    }

    #[test]
    fn lists_read_as_prose() {
        assert_eq!(either(&["A"]), "A");
        assert_eq!(either(&["A", "B"]), "A or B");
        assert_eq!(either(&["A", "B", "C"]), "A, B or C");
    }
}
