//! Copy trading: one command applied to many accounts at once, recorded as sessions of rows.

mod book;
mod fan_out;
mod keeper;
mod kind;
mod repository;
mod row;
mod session;
mod status_color;
mod success_rate;
mod supervisor;

pub use book::SessionBook;
pub use fan_out::{QuantityOverflow, TargetAccount, active_quantities};
pub use keeper::SessionKeeper;
pub use kind::TradeKind;
pub use repository::{RepositoryError, SessionRepository};
pub use row::{CopyRow, FAILED_TO_PLACE, RowState, UNSETTLED};
pub use session::CopySession;
pub use status_color::{ColorFacts, OwnColor, StatusColor};
pub use success_rate::SuccessRate;
pub use supervisor::{CancelResult, Placement, Refusal, Replacement, SessionSupervisor};
