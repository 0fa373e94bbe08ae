//! Charles Schwab Trader API brokerage: wire models, parsing, error mapping and the HTTP client.
//!
//! `models` holds the serde wire types, `parse` turns them into domain types, `encode` builds order
//! bodies, `error` maps failed answers onto `BrokerError`, `request` builds requests, `client` sends
//! them, and `brokerage` puts them together as [`SchwabBrokerage`].

mod brokerage;
pub mod client;
mod config;
pub mod encode;
pub mod error;
pub mod lenient;
pub mod models;
pub mod parse;
pub mod preview;
pub mod request;
pub mod streamer;

pub use brokerage::SchwabBrokerage;
pub use config::{
    DEFAULT_BASE_URL, DEFAULT_CHAIN_DAYS, DEFAULT_CHAIN_STRIKE_COUNT, DEFAULT_REQUEST_TIMEOUT,
    SchwabConfig, SchwabConfigError,
};

#[cfg(test)]
mod fixture;
