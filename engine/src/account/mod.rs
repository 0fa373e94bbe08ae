//! Linked trading accounts: one actor per account owning its tokens, budgets and polling.

mod actor;
mod call_budget;
mod error;
mod link_status;
mod linked_account;
pub mod messages;
mod observer;
mod order_preview;
pub mod poll_planner;
mod recent_calls;
mod registry;
mod scheduler;
mod tier;
mod token_keeper;
mod vault;

pub use actor::AccountActor;
pub use call_budget::{CallBudget, GovernorTime};
pub use error::AccountError;
pub use link_status::LinkStatus;
pub use linked_account::{
    AccountDeps, AccountHealth, AccountView, LinkedAccount, ORDER_LOOKBACK, READ_DEADLINE,
};
pub use observer::{IgnoreOrders, OrderListing, OrderObserver};
pub use recent_calls::{RecentCalls, WINDOW};
pub use registry::{AccountHandle, AccountRegistry};
pub use scheduler::{POLL_TICK, PollScheduler, TOKEN_TICK};
pub use tier::{AccountType, MAX_MULTIPLIER, TierMultipliers};
pub use token_keeper::{REFRESH_AHEAD, TokenExpiries, TokenKeeper};
pub use vault::{TokenVault, VaultError};
