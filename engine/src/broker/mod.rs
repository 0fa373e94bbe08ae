//! Brokerages: the `Brokerage` trait, its data types and errors, and its implementations.

mod account;
mod balances;
mod brokerage;
mod error;
mod filled_leg;
pub mod io_runtime;
mod lossy_channel;
mod option_chain;
mod order_event;
mod order_match;
mod order_preview;
mod order_stream;
pub mod paper;
mod position;
mod quote;
mod read_retry;
pub mod schwab;
mod snapshot;
mod stream_address;
mod submit;
mod submit_outcome;
mod submit_policy;
mod token;

pub use account::{AccountHash, AccountKind, AccountLink, AccountNumber};
pub use balances::Balances;
pub use brokerage::Brokerage;
pub use error::{BrokerError, ConnectivityError};
pub use filled_leg::{FillSide, FilledLeg};
pub use lossy_channel::{Lossy, LossyReceiver, LossySender, lossy_channel};
pub use option_chain::{
    ChainKeyError, ExpirationMap, ExpiryKey, OptionChain, OptionContract, StrikeKey,
};
pub use order_event::{OrderChange, OrderEvent};
#[cfg(test)]
pub(crate) use order_match::listed_order;
pub use order_match::matches_request;
pub use order_preview::OrderPreview;
pub use order_stream::{OrderStream, StreamEnd, StreamError, StreamItem};
pub use position::Position;
pub use quote::{Quote, quoted};
pub use read_retry::{
    WAITED_READ_BUDGET, WAITED_READ_MAX_DELAY, WAITED_READ_MIN_DELAY, WaitedRead, read_with_retry,
};
pub use snapshot::AccountSnapshot;
pub use stream_address::StreamAddress;
pub use submit::{ClaimedIds, SubmitTarget, submit_order, submit_replace};
pub use submit_outcome::SubmitOutcome;
pub use submit_policy::SubmitPolicy;
pub use token::{AccessToken, AuthorizationCode, RefreshToken, TokenSet};
