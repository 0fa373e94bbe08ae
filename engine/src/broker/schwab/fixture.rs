//! Access to the hand-written Schwab payloads under `fixtures/schwab/` for tests.

/// Reads the text of the fixture `fixtures/schwab/{name}.json`.
macro_rules! schwab_fixture {
    ($name:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../fixtures/schwab/",
            $name,
            ".json"
        ))
    };
}

pub(crate) use schwab_fixture;
