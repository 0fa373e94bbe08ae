//! The error for a form value that cannot become an order, named by the label the form shows.

/// A form value that cannot become an order. `Display` is a sentence that starts with the label,
/// e.g. "Quantity must be a whole number of at least 1" or "Leg 2 Price must be ...".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{label} {message}")]
pub struct InvalidField {
    /// The label of the field at fault as the form shows it, e.g. `Price` or `Leg 2 Quantity`.
    pub label: String,
    /// The rest of the sentence, e.g. `must be greater than 0`.
    pub message: String,
}

impl InvalidField {
    /// Records that the field labelled `label` is wrong because of `message`.
    #[must_use]
    pub fn new(label: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            label: label.into(),
            message: message.into(),
        }
    }

    /// The same for field `field` of leg `number` (counted from 1): the label is `Leg {number} {field}`.
    #[must_use]
    pub fn leg(number: usize, field: &str, message: impl Into<String>) -> Self {
        Self::new(leg_label(number, field), message)
    }
}

/// The label of field `field` of leg `number` (counted from 1), e.g. `Leg 2 Price`.
#[must_use]
pub fn leg_label(number: usize, field: &str) -> String {
    format!("Leg {number} {field}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_as_a_sentence_starting_with_the_label() {
        let err = InvalidField::new("Quantity", "must be a whole number of at least 1");
        assert_eq!(
            err.to_string(),
            "Quantity must be a whole number of at least 1"
        );
        let err = InvalidField::leg(2, "Price", "must be at least 0");
        assert_eq!(err.label, "Leg 2 Price");
        assert_eq!(err.to_string(), "Leg 2 Price must be at least 0");
    }
}
