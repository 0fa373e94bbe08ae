//! Reading the order fields of the specs' payloads, which the UI may send as numbers or as text, with
//! errors that name the field.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::ApiError;

/// The largest quantity accepted for one order (before tier multipliers).
pub const MAX_QUANTITY: u32 = 100_000;
/// The largest price accepted.
pub const MAX_PRICE: u32 = 1_000_000;

/// A field that may arrive as a JSON number or as text.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(transparent)]
pub struct Loose(pub Value);

impl utoipa::PartialSchema for Loose {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Number))
            .item(ObjectBuilder::new().schema_type(Type::String))
            .description(Some("A number, or the same number as text"))
            .into()
    }
}

impl utoipa::ToSchema for Loose {}

impl Loose {
    fn text(&self) -> Option<String> {
        match &self.0 {
            Value::Number(n) => Some(n.to_string()),
            Value::String(s) => Some(s.trim().to_owned()),
            _ => None,
        }
    }

    /// A positive whole number between 1 and [`MAX_QUANTITY`].
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] naming `field`.
    pub fn quantity(&self, field: &str) -> Result<u32, ApiError> {
        let field = crate::field_labels::label(field);
        let bad = || {
            ApiError::BadRequest(format!(
                "{field} must be a whole number from 1 to {MAX_QUANTITY}"
            ))
        };
        let text = self.text().ok_or_else(bad)?;
        let value: u32 = text.parse().map_err(|_| bad())?;
        if (1..=MAX_QUANTITY).contains(&value) {
            Ok(value)
        } else {
            Err(bad())
        }
    }

    /// A price of at least 0 and at most [`MAX_PRICE`], with at most 4 decimals.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] naming `field`.
    pub fn price(&self, field: &str) -> Result<Decimal, ApiError> {
        let field = crate::field_labels::label(field);
        let bad = || {
            ApiError::BadRequest(format!(
                "{field} must be a number from 0 to {MAX_PRICE} with at most 4 decimals"
            ))
        };
        let text = self.text().ok_or_else(bad)?;
        if text.is_empty() {
            return Ok(Decimal::ZERO);
        }
        let value: Decimal = text.parse().map_err(|_| bad())?;
        if value.is_sign_negative()
            || value > Decimal::from(MAX_PRICE)
            || value.normalize().scale() > 4
        {
            return Err(bad());
        }
        Ok(value.normalize())
    }
}

/// A required text field, trimmed and upper-cased.
///
/// # Errors
/// [`ApiError::BadRequest`] naming `field` when empty.
pub fn word(value: &str, field: &str) -> Result<String, ApiError> {
    let field = crate::field_labels::label(field);
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(ApiError::BadRequest(format!("{field} is required")));
    }
    Ok(trimmed.to_uppercase())
}

/// One of `allowed` (after upper-casing).
///
/// # Errors
/// [`ApiError::BadRequest`] naming `field` and the allowed words.
pub fn one_of(value: &str, field: &str, allowed: &[&str]) -> Result<String, ApiError> {
    let field = crate::field_labels::label(field);
    let word = word(value, field)?;
    if allowed.contains(&word.as_str()) {
        Ok(word)
    } else {
        Err(ApiError::BadRequest(format!(
            "{field} must be one of {}",
            allowed.join(", ")
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn quantities_are_positive_whole_numbers_as_numbers_or_text() {
        assert_eq!(Loose(json!(3)).quantity("q").ok(), Some(3));
        assert_eq!(Loose(json!(" 12 ")).quantity("q").ok(), Some(12));
        for bad in [
            json!(0),
            json!(-1),
            json!(1.5),
            json!("abc"),
            json!(null),
            json!("100001"),
            json!([1]),
        ] {
            assert!(Loose(bad).quantity("optionChainQuantity").is_err());
        }
        assert_eq!(
            Loose(json!("x"))
                .quantity("optionChainQuantity")
                .err()
                .map(|e| e.to_string()),
            Some("Quantity must be a whole number from 1 to 100000".into())
        );
    }

    #[test]
    fn prices_are_non_negative_decimals() {
        assert_eq!(
            Loose(json!(1.25)).price("p").ok(),
            Some(Decimal::new(125, 2))
        );
        assert_eq!(
            Loose(json!("0.05")).price("p").ok(),
            Some(Decimal::new(5, 2))
        );
        assert_eq!(Loose(json!("")).price("p").ok(), Some(Decimal::ZERO));
        for bad in [
            json!(-1),
            json!("abc"),
            json!("1.23456"),
            json!(true),
            json!(2_000_000),
        ] {
            assert!(Loose(bad).price("optionChainPrice").is_err());
        }
    }

    #[test]
    fn words_are_required_and_checked() {
        assert_eq!(
            one_of("limit", "t", &["LIMIT", "MARKET"]).ok(),
            Some("LIMIT".into())
        );
        assert_eq!(
            one_of("STOP", "optionChainOrderType", &["LIMIT", "MARKET"])
                .err()
                .map(|e| e.to_string()),
            Some("Order Type must be one of LIMIT, MARKET".into())
        );
        assert!(word("  ", "x").is_err());
    }
}
