//! The error for an order request that must not be sent, naming the offending field.

/// An order request that fails validation; `field` names what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct InvalidOrder {
    /// The request field at fault, e.g. `price` or `legs[1].quantity`.
    pub field: String,
    /// What is wrong with it, as a sentence fragment for people.
    pub message: String,
}

impl InvalidOrder {
    /// Records that `field` is wrong because of `message`.
    #[must_use]
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_field_then_reason() {
        let err = InvalidOrder::new("price", "a LIMIT order needs a price");
        assert_eq!(err.to_string(), "price: a LIMIT order needs a price");
    }
}
