//! Schwab's Streamer: one WebSocket per login, `ADMIN LOGIN` with the access token, and the
//! `ACCT_ACTIVITY` service's order events read as broker-neutral [`OrderEvent`](crate::broker::OrderEvent)s.

mod activity;
mod connection;
mod frames;
mod values;

pub use activity::ActivityReader;
pub use connection::{HANDSHAKE_TIMEOUT, PING_AFTER, SILENCE_LIMIT, SchwabOrderStream};
pub use frames::{StreamerInfo, UserPreference};
pub use values::{bcl, eastern_time, from_eastern};
