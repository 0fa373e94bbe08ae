//! The answer to an authorization whose login may not be linked to the trading account: a 409 that
//! shows account numbers by their last four digits, and names a trading account holding one only when
//! it is the same agent's.

use engine::account::LinkRefusal;
use engine::ids::AccountId;
use store::TradingAccountRecord;

use crate::{ApiError, AppState};

/// The 409 of `refusal` for the authorization of `record`: `login_reaches_other_account` when the
/// account was linked to another brokerage account, `brokerage_account_in_use` when every account the
/// login reaches is held by another trading account (named when it is `record`'s agent's, else called
/// "another copydesk trading account").
pub(super) fn refused(
    state: &AppState,
    record: &TradingAccountRecord,
    refusal: &LinkRefusal,
) -> ApiError {
    let accounts = state.store.trading_accounts().ok();
    let same_agents = |holder: AccountId| {
        accounts
            .as_ref()?
            .get(holder)
            .ok()
            .flatten()
            .filter(|held| held.agent == record.agent)
            .map(|held| held.name)
    };
    tracing::info!(account = %record.id, code = refusal.code(),
        "an authorization's login was not linked");
    ApiError::Conflict {
        message: refusal.describe(&record.name, same_agents),
        code: refusal.code(),
    }
}
