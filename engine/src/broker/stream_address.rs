//! Where a login's order stream is, as a brokerage read told it (Schwab's `streamerInfo`), kept so
//! that opening the stream again costs no read.

/// The answer of the read that locates a login's order stream, as the brokerage's own JSON text.
/// It names the login's customer ids, so it is kept sealed at rest and never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct StreamAddress(String);

impl StreamAddress {
    /// Wraps the brokerage's text.
    #[must_use]
    pub fn new(text: String) -> Self {
        Self(text)
    }

    /// The text, for the brokerage that made it and for sealed storage only.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for StreamAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StreamAddress([redacted])")
    }
}

#[cfg(test)]
mod tests {
    use super::StreamAddress;

    #[test]
    fn its_text_is_never_printed() {
        let address = StreamAddress::new(r#"{"schwabClientCustomerId":"secret-id"}"#.into());
        assert_eq!(format!("{address:?}"), "StreamAddress([redacted])");
        assert!(address.expose().contains("secret-id"));
    }
}
