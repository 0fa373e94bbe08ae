//! Charles Schwab Trader API brokerage: wire models, parsing, error mapping and the HTTP client.

pub mod lenient;
pub mod models;

#[cfg(test)]
mod fixture;
