//! The one route table of copydesk: every `/api` path exactly as the specs name them, then the UI.

mod agent_account;
mod answer_schemas;
mod check_answers;
mod command_waits;
mod copy_commands;
mod copy_trading;
mod equal_split;
mod fan_out;
mod guards;
mod limit_facts;
mod limits;
mod link_refusal;
mod login_accounts;
mod mounting;
pub mod openapi;
mod operator;
mod option_contract;
mod option_views;
mod paper_pages;
mod plan_answers;
mod plan_preview;
mod preflight;
mod refusals;
mod row_values;
mod session_records;
mod session_summary;
mod stock_lists;
mod stock_trading;
mod stock_views;
mod table_answers;
mod table_calls;
mod trading_account;
mod vertical_trading;
mod vertical_views;

use actix_web::{HttpResponse, web};

use crate::auth::session_middleware;
use crate::{ApiError, AppState, ui};

pub use guards::{require_json_for_writes, trace_requests};
pub use mounting::mounted_api_paths;

/// Mounts the API under `/api` (with sessions, the JSON content-type rule and request tracing) and the
/// built UI at `/` when one is configured. Used by `main` and by the tests.
///
/// Every path answers with and without a trailing slash.
pub fn configure(cfg: &mut web::ServiceConfig, state: &AppState) {
    cfg.app_data(web::Data::new(state.clone())).service(
        web::scope("/api")
            // Innermost: repeats of a command are answered once the caller is known and its body is JSON.
            .wrap(actix_web::middleware::from_fn(
                crate::command_replay::replay_repeated_commands,
            ))
            .wrap(actix_web::middleware::from_fn(require_json_for_writes))
            .wrap(session_middleware(
                state.web_sessions.clone(),
                state.store.secrets().key_material(),
                state.settings.secure_cookies,
                state.settings.session_idle,
            ))
            .wrap(actix_web::middleware::from_fn(trace_requests))
            // Polling answers are large JSON that compresses about 60-fold (see benches/README.md).
            .wrap(actix_web::middleware::Compress::default())
            .app_data(web::QueryConfig::default().error_handler(|err, _| {
                let field = err.to_string();
                let message = field
                    .split("missing field `")
                    .nth(1)
                    .and_then(|rest| rest.split('`').next())
                    .map(|name| format!("{name} is required"))
                    .unwrap_or_else(|| "the query string is invalid".to_owned());
                ApiError::BadRequest(message).into()
            }))
            .configure(agent_account::configure)
            .configure(trading_account::configure)
            .configure(login_accounts::configure)
            .configure(operator::configure)
            .configure(copy_trading::configure)
            .configure(option_contract::configure)
            .configure(vertical_trading::configure)
            .configure(stock_trading::configure)
            .configure(stock_lists::configure)
            .configure(session_records::configure)
            .configure(preflight::configure)
            .configure(limits::configure)
            .configure(plan_preview::configure)
            .configure(command_waits::configure)
            .configure(openapi::configure)
            .default_service(web::to(not_found)),
    );
    if state.services.brokers.paper.is_some() {
        cfg.configure(paper_pages::configure);
    }
    if let Some(dir) = &state.settings.ui_dir {
        cfg.service(ui::files(dir));
    }
}

async fn not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound("No such API path".into()))
}
