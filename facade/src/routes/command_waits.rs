//! `GET /api/command_waits`: the signed-in agent's accounts whose writes wait for their write limit now.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use serde::Serialize;

use super::mounting::mount;
use super::trading_account::agent;
use crate::{ApiError, AppState};

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(cfg, [("/command_waits", web::get().to(command_waits))]);
}

/// One account whose order write waits for room in its per-minute write limit.
#[derive(Debug, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[schema(as = commands::CommandWait)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CommandWait {
    /// The account's name.
    account_name: String,
    /// Whole seconds until the limit is expected to let the write go (at least 1 while it waits).
    #[schema(minimum = 1)]
    seconds_left: u64,
}

/// The waits of the agent's accounts, longest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = commands::CommandWaits)]
pub(crate) struct CommandWaits {
    /// Empty when no write waits.
    waits: Vec<CommandWait>,
}

/// While a command waits on an account's write limit, its dialog asks this every second and says so.
#[utoipa::path(
    get,
    path = "/api/command_waits",
    tag = "Operator",
    operation_id = "get_command_waits",
    responses((status = 200, description = "The accounts whose writes wait now", body = CommandWaits, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
pub(super) async fn command_waits(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let mut waits = Vec::new();
    for record in state.store.trading_accounts()?.for_agent(agent)? {
        let Some(handle) = state.services.registry.get(record.id) else {
            continue;
        };
        if let Some(left) = handle.account.write_wait_left() {
            waits.push(CommandWait {
                account_name: record.name,
                seconds_left: seconds_up(left),
            });
        }
    }
    waits.sort_by(|a, b| {
        b.seconds_left
            .cmp(&a.seconds_left)
            .then_with(|| a.account_name.cmp(&b.account_name))
    });
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(CommandWaits { waits }))
}

/// `left` in whole seconds, rounded up, and at least 1: a write that waits never reads "0 s".
fn seconds_up(left: std::time::Duration) -> u64 {
    (left.as_secs() + u64::from(left.subsec_nanos() > 0)).max(1)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::seconds_up;

    #[test]
    fn a_wait_reads_in_whole_seconds_rounded_up_and_never_zero() {
        assert_eq!(seconds_up(Duration::ZERO), 1);
        assert_eq!(seconds_up(Duration::from_millis(200)), 1);
        assert_eq!(seconds_up(Duration::from_secs(20)), 20);
        assert_eq!(seconds_up(Duration::from_millis(19_001)), 20);
    }
}
