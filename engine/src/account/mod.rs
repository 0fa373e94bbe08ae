//! Linked trading accounts: one actor per account owning its tokens, budgets and polling.

mod actor;
mod call_budget;
mod error;
mod event_followups;
mod kept_holdings;
pub mod link_rule;
mod link_status;
mod linked_account;
mod login;
pub mod messages;
mod observer;
mod order_preview;
pub mod poll_planner;
mod read_shares;
mod recent_calls;
mod registry;
mod scheduler;
mod stream_keeper;
mod stream_status;
mod tier;
mod token_keeper;
mod vault;

pub use actor::AccountActor;
pub use call_budget::{BudgetName, CallBudget, GovernorTime};
pub use error::AccountError;
pub use event_followups::{Followups, Round, UNKNOWN_GRACE};
pub use kept_holdings::{
    AVERAGE_TOLERANCE, Disagreement, FillTaken, KeptHoldings, REMEMBERED_ORDERS, legs_of_fill,
};
pub use link_rule::LinkRefusal;
pub use link_status::LinkStatus;
pub use linked_account::{
    AccountDeps, AccountHealth, AccountView, LinkedAccount, ORDER_LOOKBACK, ORDER_REACH_LIMIT,
    READ_DEADLINE,
};
pub use login::{Login, LoginKey};
pub use observer::{EventFit, IgnoreOrders, OrderListing, OrderObserver};
pub use read_shares::{
    BACKGROUND_PERCENT, PERSON_RESERVE_MIN, PERSON_RESERVE_PERCENT, ReadClass, ReadShares,
};
pub use recent_calls::{RecentCalls, WINDOW};
pub use registry::{
    AccountHandle, AccountRegistry, STREAM_OPENS_PER_WAVE, STREAM_WAVE_EVERY, opening_delay,
};
pub use scheduler::{POLL_TICK, PollScheduler, TOKEN_TICK};
pub use stream_keeper::{
    FOLLOW_UP_DELAY, RECONNECT_MAX, RECONNECT_MIN, STABLE_AFTER, TAKEOVER_MAX, backoff,
    capped_backoff, keep_stream, pause_after_loss, schedule_followups,
};
pub use stream_status::{StreamPhase, StreamStatus};
pub use tier::{AccountType, MAX_MULTIPLIER, TierMultipliers};
pub use token_keeper::{REFRESH_AHEAD, TokenExpiries, TokenKeeper};
pub use vault::{LinkClaim, TokenVault, VaultError};
