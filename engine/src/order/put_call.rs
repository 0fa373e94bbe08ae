//! Whether an option is a call or a put.

use crate::wire_enum::wire_enum;

wire_enum! {
    /// The right an option gives: to buy (call) or to sell (put) the underlying.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum PutCall("put/call") {
        /// The right to buy.
        Call => "CALL",
        /// The right to sell.
        Put => "PUT",
    }
}

impl PutCall {
    /// The one-letter form used in OSI option symbols (`C` or `P`).
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            PutCall::Call => 'C',
            PutCall::Put => 'P',
        }
    }

    /// Reads the one-letter OSI form.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Self> {
        match letter {
            'C' => Some(PutCall::Call),
            'P' => Some(PutCall::Put),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_as_upper_case_words() -> anyhow::Result<()> {
        assert_eq!(serde_json::to_string(&PutCall::Call)?, "\"CALL\"");
        assert_eq!(serde_json::from_str::<PutCall>("\"PUT\"")?, PutCall::Put);
        assert!(serde_json::from_str::<PutCall>("\"STRADDLE\"").is_err());
        Ok(())
    }

    #[test]
    fn letters_round_trip() {
        for side in PutCall::ALL {
            assert_eq!(PutCall::from_letter(side.letter()), Some(*side));
        }
        assert_eq!(PutCall::from_letter('X'), None);
    }
}
