//! The paper brokerage: an embedded, deterministic market with paper accounts.

mod auth;
mod black_scholes;
mod bracket;
mod brokerage;
mod config;
mod event_routes;
mod faults;
mod funds;
mod ledger;
mod market;
mod money;
mod normal;
mod order_stream;
mod paper_order;
mod preview;
mod state;
mod universe;

pub use bracket::{Bracket, BracketError, PlacedBracket};
pub use brokerage::{MARKET_STEP, PaperAccountInfo, PaperBrokerage};
pub use config::PaperConfig;
pub use event_routes::STREAM_BACKLOG;
pub use faults::FaultConfig;
pub use ledger::Fill;
pub use order_stream::PaperOrderStream;
pub use preview::RESTING_LIMIT;
pub use state::{MAX_LOGIN_ACCOUNTS, ORDER_EVENT_BACKLOG, accounts_of_login};
pub use universe::{Listing, UniverseError};
