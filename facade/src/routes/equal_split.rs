//! The optional `splitTotal` of the place bodies: a total split equally over the accounts the order
//! goes to, instead of sizing each account by its profile.
//!
//! Each account gets the total divided by their number, rounded down; the remainder goes one unit at a
//! time to the accounts in order from a starting account that moves on with every split the agent
//! sends (a counter kept per agent), so nobody is always first. An account whose share is 0 gets a
//! refused row "sized to 0". Guards still apply to each share. Without the field, places are sized as
//! before, so the specs' bodies work unchanged.

use serde::Deserialize;
use serde_json::Value;

use crate::ApiError;

/// The largest total a split may name.
pub(crate) const MAX_SPLIT_TOTAL: u64 = 1_000_000;

/// The counter (per agent) whose value says where the next split's remainder starts.
pub(crate) const SPLIT_COUNTER: &str = "equal_split";

/// The optional `splitTotal` field, flattened into every place body.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[schema(as = copy::SplitField)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SplitField {
    /// A total (contracts, spreads or shares) split equally over the accounts the order goes to,
    /// instead of sizing each account by its profile; 1 to 1,000,000.
    #[serde(default)]
    #[schema(value_type = Option<u32>, minimum = 1, maximum = 1_000_000)]
    split_total: Option<Value>,
}

impl SplitField {
    /// The total asked for, if any.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] "Split Total must be ..." for anything but a whole number in range.
    pub(crate) fn total(&self) -> Result<Option<u32>, ApiError> {
        match &self.split_total {
            None | Some(Value::Null) => Ok(None),
            Some(value) => value
                .as_u64()
                .filter(|n| (1..=MAX_SPLIT_TOTAL).contains(n))
                .and_then(|n| u32::try_from(n).ok())
                .map(Some)
                .ok_or_else(|| {
                    ApiError::BadRequest(format!(
                        "{} must be a whole number between 1 and 1,000,000",
                        crate::field_labels::label("splitTotal")
                    ))
                }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_total_is_a_whole_number_in_range_or_absent() {
        let field = |value: Option<Value>| SplitField { split_total: value };
        assert_eq!(field(None).total().ok(), Some(None));
        assert_eq!(field(Some(Value::Null)).total().ok(), Some(None));
        assert_eq!(
            field(Some(serde_json::json!(12))).total().ok(),
            Some(Some(12))
        );
        for bad in [
            serde_json::json!(0),
            serde_json::json!(1.5),
            serde_json::json!("3"),
            serde_json::json!(2_000_000),
        ] {
            assert_eq!(
                field(Some(bad)).total().err().map(|e| e.to_string()),
                Some("Split Total must be a whole number between 1 and 1,000,000".to_owned())
            );
        }
    }
}
