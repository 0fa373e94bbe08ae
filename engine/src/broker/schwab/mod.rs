//! Charles Schwab Trader API brokerage: wire models, parsing, error mapping and the HTTP client.

pub mod encode;
pub mod error;
pub mod lenient;
pub mod models;
pub mod parse;

#[cfg(test)]
mod fixture;
