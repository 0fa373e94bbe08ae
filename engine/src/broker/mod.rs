//! Brokerages: the `Brokerage` trait, its data types and errors, and its implementations.

mod account;
mod balances;
mod brokerage;
mod error;
mod option_chain;
pub mod paper;
mod position;
mod quote;
pub mod schwab;
mod snapshot;
mod token;

pub use account::{AccountHash, AccountKind, AccountLink, AccountNumber};
pub use balances::Balances;
pub use brokerage::Brokerage;
pub use error::{BrokerError, ConnectivityError};
pub use option_chain::{
    ChainKeyError, ExpirationMap, ExpiryKey, OptionChain, OptionContract, StrikeKey,
};
pub use position::Position;
pub use quote::Quote;
pub use snapshot::AccountSnapshot;
pub use token::{AccessToken, AuthorizationCode, RefreshToken, TokenSet};
