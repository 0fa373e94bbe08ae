//! Settings of the paper brokerage: money, token lifetimes, session close and market pace.

use chrono::{Duration, NaiveTime};
use rust_decimal::Decimal;

use crate::broker::AccountKind;

/// How a paper brokerage behaves. `Default` gives the embedded default market.
#[derive(Debug, Clone, PartialEq)]
pub struct PaperConfig {
    /// Seed of every random choice (prices, tokens, account hashes, faults).
    pub seed: u64,
    /// Cash a new paper account starts with.
    pub starting_cash: Decimal,
    /// Cash or margin for new paper accounts.
    pub account_kind: AccountKind,
    /// How long an authorization code may be exchanged.
    pub code_lifetime: Duration,
    /// How long an access token works.
    pub access_lifetime: Duration,
    /// How long a refresh token works, counted from the login (refreshing does not extend it).
    pub refresh_lifetime: Duration,
    /// Time of day (UTC) when DAY orders expire.
    pub session_close: NaiveTime,
    /// Delay between placement and activation; orders show PENDING_ACTIVATION until then.
    pub activation_delay: Duration,
    /// Length of one random-walk step.
    pub tick: Duration,
    /// Most steps taken in one catch-up; longer gaps are covered with fewer, larger steps.
    pub max_steps_per_catch_up: u32,
    /// Multiplies every symbol's volatility; 0 freezes prices (they then move only by hand).
    pub volatility_scale: f64,
    /// Most units a resting (limit-priced) order fills per step; larger orders fill in parts.
    pub fill_size_per_step: u32,
    /// Strikes listed on each side of the money in option chains.
    pub strikes_each_side: u32,
    /// Weeks of weekly (Friday) expiries listed.
    pub weeks_listed: u32,
    /// Annual risk-free rate used to price options.
    pub interest_rate: f64,
    /// Path of the local page that stands in for the broker's login.
    pub authorize_path: String,
}

impl Default for PaperConfig {
    fn default() -> Self {
        Self {
            seed: 0x00C0_FFEE,
            starting_cash: Decimal::from(100_000),
            account_kind: AccountKind::Margin,
            code_lifetime: Duration::seconds(30),
            access_lifetime: Duration::minutes(30),
            refresh_lifetime: Duration::days(7),
            session_close: NaiveTime::from_hms_opt(21, 0, 0).unwrap_or(NaiveTime::MIN),
            activation_delay: Duration::zero(),
            tick: Duration::seconds(1),
            max_steps_per_catch_up: 600,
            volatility_scale: 1.0,
            fill_size_per_step: 100,
            strikes_each_side: 10,
            weeks_listed: 8,
            interest_rate: 0.045,
            authorize_path: "/paper/authorize".to_owned(),
        }
    }
}
