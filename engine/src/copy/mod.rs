//! Copy trading: one command applied to many accounts at once, recorded as sessions of rows.

mod account_limits;
mod archive;
mod book;
mod command;
mod event_catch_up;
mod fairness;
mod fan_out_mode;
mod guard_pass;
mod guards;
mod intent;
mod keeper;
mod kind;
mod limit_facts;
mod open_orders;
mod planner;
mod preflight;
pub mod reconcile;
mod replay;
mod repository;
mod row;
mod row_outcome;
mod session;
mod sizing;
mod status_color;
mod success_rate;
mod supervisor;

pub use account_limits::AccountLimits;
pub use archive::SessionArchive;
pub use book::{Changes, SessionBook, version_seed};
pub use command::{Action, CopyCommand, Targets};
pub use fairness::{AccountFill, BetterPrice, FairnessRecord};
pub use fan_out_mode::{
    AccountPreview, FanOutMode, PreviewRefusal, PreviewVerdict, gate as gate_previews,
};
pub use guard_pass::LimitNote;
pub use guards::{
    Guard, Guards, MAX_SYMBOL_LEN, MAX_SYMBOLS, OpenClose, Verdict, list_symbol, unit_value,
};
pub use intent::{FanOutIntent, IntentError, PlannedRow};
pub use keeper::{
    EVENT_STORE_EVERY, OUTCOMES_PER_COMMIT, SessionKeeper, SessionKey, WriteInFlight,
};
pub use kind::TradeKind;
pub use limit_facts::{AccountLimitFacts, LimitFacts};
pub use open_orders::{OpenLeg, OpenOrders, orders_since, trading_day_start};
pub use planner::{
    ACCOUNT_DELETED, AccountFacts, AccountWork, AgentFacts, ExitCut, Holdings, LOGIN_NOT_USABLE,
    Plan, PlanError, REPLACEABLE, SessionUse, Work, exit_cuts, exit_quantity, plan, sized,
};
pub use preflight::{AccountCheck, preview_plan, previews};
pub use replay::{JournaledOutcome, Replayed, replay};
pub use repository::{RepositoryError, SessionRepository};
pub use row::{CopyRow, FAILED_TO_PLACE, PENDING, RowState, UNSETTLED};
pub use row_outcome::{Replay, RowOutcome, WriteOutcome};
pub use session::CopySession;
pub use sizing::{
    BelowOne, EqualSplit, MAX_DOLLARS_PER_UNIT, MAX_FIXED, MAX_RATIO, Sized, SizingMethod,
    SizingProfile,
};
pub use status_color::{ColorFacts, OwnColor, StatusColor};
pub use success_rate::SuccessRate;
pub use supervisor::{
    CancelResult, DRAIN_LIMIT, ExecuteError, Executed, LISTING_REACH_EVERY, RECONCILE_POLL_EVERY,
    RECONCILE_URGENT_FOR, SessionSupervisor,
};
