//! A session's fairness record and the audit export of an agent's sessions.

use std::sync::Arc;

use actix_session::Session;
use actix_web::{HttpResponse, web};
use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};
use engine::copy::{BetterPrice, FairnessRecord, SessionArchive};
use engine::ids::SessionId;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::{Deserialize, Serialize};

use super::mounting::mount;
use super::row_values::AccountNames;
use super::trading_account::agent;
use crate::session_export::{ExportFormat, ExportRequest, export_stream};
use crate::{ApiError, AppState};

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(
        cfg,
        [
            ("/sessions/export", web::get().to(export)),
            ("/sessions/{id}/fairness", web::get().to(fairness)),
        ],
    );
}

/// One account's fills in a session.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = fairness::Account)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FairnessAccount {
    account_id: u64,
    account_name: String,
    account_username: String,
    /// Null when the order was never placed.
    #[schema(required = true)]
    order_id: Option<i64>,
    /// The row's status word.
    status: String,
    /// Units sent to this account (contracts, spreads or shares).
    quantity: u32,
    filled_quantity: u32,
    /// Average fill price per unit; null until something filled.
    #[schema(required = true)]
    average_price: Option<f64>,
    /// Dollars this account's fills were worse than the VWAP (negative: better); null without fills.
    #[schema(required = true)]
    against_vwap: Option<f64>,
    /// RFC 3339: when the brokerage received the order; null until a listing showed it.
    #[schema(required = true)]
    accepted_time: Option<String>,
    /// RFC 3339.
    #[schema(required = true)]
    first_fill_time: Option<String>,
    /// RFC 3339.
    #[schema(required = true)]
    last_fill_time: Option<String>,
}

/// The fairness figures of one session.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = fairness::Record)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FairnessAnswer {
    #[serde(rename = "agentTradingSessionID")]
    agent_trading_session_id: u64,
    /// COMMON, VERTICAL or STOCK.
    kind: String,
    /// RFC 3339: when the command was given.
    created_time: String,
    /// Which price is better for these orders: LOWER (buying, net debit) or HIGHER (selling, net credit).
    #[schema(pattern = "^(LOWER|HIGHER)$")]
    better_price: String,
    /// Dollars per unit of price per unit: 100 per option contract (or spread), 1 per share.
    multiplier: u32,
    /// Units filled across the accounts.
    filled_quantity: u64,
    /// Volume-weighted average fill price; null without fills.
    #[schema(required = true)]
    vwap: Option<f64>,
    /// The best account's average fill price.
    #[schema(required = true)]
    best_price: Option<f64>,
    /// The worst account's average fill price.
    #[schema(required = true)]
    worst_price: Option<f64>,
    /// Worst minus best, per unit.
    #[schema(required = true)]
    spread: Option<f64>,
    /// Dollars the accounts that filled worse than the VWAP gave up against it.
    cost_against_vwap: f64,
    /// Milliseconds from the first to the last order the brokerage received.
    #[schema(required = true)]
    send_skew_ms: Option<i64>,
    /// Milliseconds from the command to the first fill.
    #[schema(required = true)]
    first_fill_ms: Option<i64>,
    /// Milliseconds from the command to the latest fill.
    #[schema(required = true)]
    last_fill_ms: Option<i64>,
    accounts: Vec<FairnessAccount>,
}

fn price(value: Option<Decimal>) -> Option<f64> {
    value.and_then(|v| v.round_dp(4).to_f64())
}

fn dollars(value: Decimal) -> f64 {
    value.round_dp(2).to_f64().unwrap_or(0.0)
}

fn time(value: Option<DateTime<Utc>>) -> Option<String> {
    value.map(|at| at.to_rfc3339_opts(SecondsFormat::Millis, true))
}

fn answer(record: &FairnessRecord, names: &AccountNames) -> FairnessAnswer {
    FairnessAnswer {
        agent_trading_session_id: record.session.get(),
        kind: record.kind.to_string(),
        created_time: record
            .created_at
            .to_rfc3339_opts(SecondsFormat::Millis, true),
        better_price: match record.better {
            BetterPrice::Lower => "LOWER",
            BetterPrice::Higher => "HIGHER",
        }
        .to_owned(),
        multiplier: record.multiplier,
        filled_quantity: record.filled_quantity,
        vwap: price(record.vwap),
        best_price: price(record.best_price),
        worst_price: price(record.worst_price),
        spread: price(record.spread),
        cost_against_vwap: dollars(record.cost_against_vwap),
        send_skew_ms: record.send_skew.map(|d| d.num_milliseconds()),
        first_fill_ms: record.first_fill_after.map(|d| d.num_milliseconds()),
        last_fill_ms: record.last_fill_after.map(|d| d.num_milliseconds()),
        accounts: record
            .accounts
            .iter()
            .map(|a| {
                let (account_name, account_username) = names.of(a.account);
                FairnessAccount {
                    account_id: a.account.get(),
                    account_name,
                    account_username,
                    order_id: a.order_id.map(|id| id.0),
                    status: a.status.clone(),
                    quantity: a.quantity,
                    filled_quantity: a.filled_quantity,
                    average_price: price(a.average_price),
                    against_vwap: a.against_vwap.map(dollars),
                    accepted_time: time(a.accepted_at),
                    first_fill_time: time(a.first_fill_at),
                    last_fill_time: time(a.last_fill_at),
                }
            })
            .collect(),
    }
}

#[utoipa::path(
    get,
    path = "/api/sessions/{id}/fairness",
    tag = "Session records",
    operation_id = "get_sessions_id_fairness",
    params(("id" = u64, Path, description = "The agentTradingSessionID of one of the caller's sessions")),
    responses((status = 200, description = "Each account's fills, the session's VWAP, the best-to-worst spread and its dollar cost against the VWAP, send skew and time to the first and last fill", body = FairnessAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn fairness(
    state: web::Data<AppState>,
    session: Session,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let no_such = || ApiError::NotFound("No such copy-trading session".into());
    let id: u64 = id.trim().parse().map_err(|_| no_such())?;
    let copy_session = state
        .services
        .supervisor
        .keeper()
        .book()
        .session(agent, SessionId(id))
        .ok_or_else(no_such)?;
    let names = AccountNames::load(&state, agent)?;
    Ok(HttpResponse::Ok().json(answer(&FairnessRecord::of(&copy_session), &names)))
}

/// The export's query.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ExportQuery {
    /// Sessions created at or after this: an RFC 3339 time or a date (`YYYY-MM-DD`, from its start,
    /// UTC); from the first session when absent.
    from: Option<String>,
    /// Sessions created before this: an RFC 3339 time, or a date (`YYYY-MM-DD`, through its end, UTC);
    /// up to now when absent.
    to: Option<String>,
    /// `csv` (the default) or `json`.
    #[param(pattern = "^(csv|json)$")]
    format: Option<String>,
}

/// A bound of the window: an RFC 3339 time, or a date meaning its start (`from`) or the next day's
/// start (`to`, so the day itself is included).
fn bound(value: Option<&str>, field: &str, end: bool) -> Result<Option<DateTime<Utc>>, ApiError> {
    let Some(text) = value.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    if let Ok(at) = DateTime::parse_from_rfc3339(text) {
        return Ok(Some(at.with_timezone(&Utc)));
    }
    let date = NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| {
        ApiError::BadRequest(format!(
            "{field} must be a date (YYYY-MM-DD) or an RFC 3339 time"
        ))
    })?;
    let day = if end { date.succ_opt() } else { Some(date) };
    day.and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|d| Some(d.and_utc()))
        .ok_or_else(|| ApiError::BadRequest(format!("{field} is out of range")))
}

#[utoipa::path(
    get,
    path = "/api/sessions/export",
    tag = "Session records",
    operation_id = "get_sessions_export",
    params(ExportQuery),
    responses(
        (status = 200, description = "Every session of the caller created in the window, oldest first, as a download: CSV (RFC 4180, a header row, one line per account row) or JSON (an array of sessions with their rows)", content(
            // The JSON form first: readers that take the first media type for JSON answers meet
            // the JSON schema; the CSV form is not JSON.
            (Vec<crate::session_export::ExportSession> = "application/json"),
            (String = "text/csv")
        )),
        crate::routes::refusals::Refusals
    )
)]
async fn export(
    state: web::Data<AppState>,
    session: Session,
    query: web::Query<ExportQuery>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let format = match query
        .format
        .as_deref()
        .map(|f| f.trim().to_ascii_lowercase())
        .as_deref()
    {
        None | Some("" | "csv") => ExportFormat::Csv,
        Some("json") => ExportFormat::Json,
        Some(_) => return Err(ApiError::BadRequest("format must be csv or json".into())),
    };
    let from = bound(query.from.as_deref(), "from", false)?;
    let to = bound(query.to.as_deref(), "to", true)?;
    if let (Some(from), Some(to)) = (from, to) {
        if to < from {
            return Err(ApiError::BadRequest("to must not be before from".into()));
        }
    }
    let agent_name = state
        .store
        .agents()?
        .get(agent.get())?
        .map(|a| a.username)
        .unwrap_or_default();
    let accounts = state
        .store
        .trading_accounts()?
        .for_agent(agent)?
        .into_iter()
        .map(|a| (a.id, (a.name, a.username)))
        .collect();
    // What order events, reads and polls changed since the last timed store is stored first, so the
    // export shows the rows as the tables do.
    state.services.supervisor.keeper().store_event_changes();
    let archive: Arc<dyn SessionArchive> = Arc::new(state.store.copy_sessions()?);
    let file = format!(
        "copydesk-sessions-{}.{}",
        state.services.clock.now().format("%Y%m%dT%H%M%SZ"),
        format.extension()
    );
    let request = ExportRequest {
        agent,
        agent_name,
        from,
        to,
        format,
        accounts,
    };
    Ok(HttpResponse::Ok()
        .content_type(format.content_type())
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{file}\""),
        ))
        .streaming(export_stream(archive, request)))
}
