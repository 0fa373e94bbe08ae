//! `/api/operator/*`: per-account budgets, usage and token life, the app read limit, tier multipliers and
//! the default fan-out mode.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use engine::account::{MAX_MULTIPLIER, TierMultipliers};
use serde::{Deserialize, Serialize};

use super::fan_out::parse_mode;
use super::mounting::mount;
use super::trading_account::{agent, owned_by_username, running, text_success};
use crate::json_body::JsonBody;
use crate::{ApiError, AppState};

/// The highest write limit per account (Schwab's registered maximum).
pub const WRITE_LIMIT_MAX: u32 = 120;
/// The highest app-wide read limit an operator may set.
pub const READ_LIMIT_MAX: u32 = 100_000;
/// What the Operator panel calls the background share of reads (its messages name the field so).
const BACKGROUND_SHARE_LABEL: &str = "Background share of reads";

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(
        cfg,
        [
            ("/operator/accounts", web::get().to(accounts)),
            (
                "/operator/account_write_limit",
                web::post().to(set_write_limit),
            ),
            ("/operator/settings", web::get().to(get_settings)),
            ("/operator/settings", web::post().to(set_settings)),
            ("/operator/read_budget", web::get().to(read_budget)),
            ("/metrics", web::get().to(metrics)),
        ],
    );
}

/// One account's budget, usage and token life.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = operator::AccountHealth)]
#[serde(rename_all = "camelCase")]
struct AccountHealthRow {
    account_id: u64,
    account_name: String,
    account_username: String,
    #[schema(value_type = super::answer_schemas::AccountStatusSchema)]
    account_status: &'static str,
    account_status_text: String,
    write_limit_per_minute: u32,
    writes_last_minute: u32,
    reads_last_minute: u32,
    throttled_calls: u64,
    /// RFC 3339; null before the first successful poll.
    #[schema(required = true)]
    last_successful_poll: Option<String>,
    /// Null when the account holds no access token.
    #[schema(required = true, minimum = 0)]
    access_token_expires_in_seconds: Option<i64>,
    /// Null when the account holds no refresh token.
    #[schema(required = true, minimum = 0)]
    refresh_token_expires_in_seconds: Option<i64>,
    /// The account's order stream: `connected` (its orders are followed by their events and it is
    /// polled every 5 minutes), `connecting`, `reconnecting`, `failed`, `off` or `unsupported`.
    #[schema(value_type = super::answer_schemas::StreamStateSchema)]
    stream_state: &'static str,
    /// Why the stream is not connected (its last failure); null when connected.
    #[schema(required = true)]
    stream_state_text: Option<String>,
    /// RFC 3339 time of the stream's last order event; null before the first.
    #[schema(required = true)]
    last_stream_event: Option<String>,
    /// Order events received since the server started.
    stream_events: u64,
    /// Order listings read to catch up after a connect, a reconnect or a gap.
    catch_up_reads: u64,
    /// Times the stream was opened again after it was lost.
    stream_reconnects: u64,
}

#[utoipa::path(
    get,
    path = "/api/operator/accounts",
    tag = "Operator",
    operation_id = "get_operator_accounts",
    responses((status = 200, description = "The answer", body = Vec<AccountHealthRow>, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn accounts(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let now = state.services.clock.now();
    let mut rows = Vec::new();
    for record in state.store.trading_accounts()?.for_agent(agent)? {
        let Some(handle) = state.services.registry.get(record.id) else {
            continue;
        };
        let health = handle.account.health();
        let stream = handle.account.stream_status();
        let seconds_left =
            |at: Option<chrono::DateTime<chrono::Utc>>| at.map(|t| (t - now).num_seconds().max(0));
        rows.push(AccountHealthRow {
            account_id: record.id.get(),
            account_name: record.name,
            account_username: record.username,
            account_status: health.status.slug(),
            account_status_text: health.status.text(),
            write_limit_per_minute: health.write_limit_per_minute,
            writes_last_minute: health.writes_last_minute,
            reads_last_minute: health.reads_last_minute,
            throttled_calls: health.throttled_calls,
            last_successful_poll: health.last_successful_poll.map(|t| t.to_rfc3339()),
            access_token_expires_in_seconds: seconds_left(health.expiries.access),
            refresh_token_expires_in_seconds: seconds_left(health.expiries.refresh),
            stream_state: stream.phase.as_str(),
            stream_state_text: stream.reason,
            last_stream_event: stream.last_event.map(|t| t.to_rfc3339()),
            stream_events: stream.events,
            catch_up_reads: stream.catch_ups,
            stream_reconnects: stream.reconnects,
        });
    }
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(rows))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = operator::WriteLimit)]
#[serde(rename_all = "camelCase")]
struct WriteLimit {
    account_username: String,
    write_limit_per_minute: u32,
}

#[utoipa::path(
    post,
    path = "/api/operator/account_write_limit",
    tag = "Operator",
    operation_id = "post_operator_account_write_limit",
    request_body = WriteLimit,
    responses((status = 200, description = "Done", body = String, content_type = "text/plain", example = json!("success")), crate::routes::refusals::Refusals)
)]
async fn set_write_limit(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<WriteLimit>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    if !(1..=WRITE_LIMIT_MAX).contains(&body.write_limit_per_minute) {
        return Err(ApiError::BadRequest(format!(
            "writeLimitPerMinute must be between 1 and {WRITE_LIMIT_MAX}"
        )));
    }
    let record = owned_by_username(&state, agent, &body.account_username)?;
    let limit = body.write_limit_per_minute;
    state
        .store
        .trading_accounts()?
        .update(record.id, |r| r.write_limit_per_minute = limit)?;
    running(&state, &record)?.account.set_write_limit(limit);
    Ok(text_success())
}

/// The app read limit, the agent's tier multipliers and default fan-out mode.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = operator::Settings, example = json!({"readLimitPerMinute": 120, "readLimitEditable": true, "backgroundReadPercent": 50, "tierMultipliers": {"small_account": 1, "medium_account": 2, "big_account": 3}, "defaultFanOutMode": "SEND_TO_ALL"}))]
#[serde(rename_all = "camelCase")]
struct SettingsAnswer {
    read_limit_per_minute: u32,
    /// Whether this agent may change the read limit and the background share (the operator; they
    /// are the same for every agent).
    read_limit_editable: bool,
    /// The most of the read budget, in percent, that background reads (safety-net polls and
    /// position checks) take in any minute.
    #[schema(minimum = 1, maximum = 100)]
    background_read_percent: u32,
    #[schema(value_type = super::answer_schemas::TierMultipliersSchema)]
    tier_multipliers: TierMultipliers,
    /// The mode of place, exit and replace calls that send no `fanOutMode`.
    #[schema(value_type = super::fan_out::FanOutModeSchema)]
    default_fan_out_mode: &'static str,
}

/// The first agent id the store gives: the operator when no `--operator` is named.
const FIRST_AGENT: u64 = 1;

/// Whether `agent` may change what every agent shares: the agent `--operator` names, else the first
/// agent registered (who set copydesk up; the demo agent with `--demo`).
///
/// # Errors
/// A store failure.
fn is_operator(state: &AppState, agent: engine::ids::AgentId) -> Result<bool, ApiError> {
    Ok(match &state.settings.operator {
        Some(username) => state
            .store
            .agents()?
            .find_by_username(username)?
            .is_some_and(|record| record.id == agent.get()),
        None => agent.get() == FIRST_AGENT,
    })
}

fn settings_answer(
    state: &AppState,
    agent: engine::ids::AgentId,
) -> Result<SettingsAnswer, ApiError> {
    Ok(SettingsAnswer {
        read_limit_per_minute: state.services.registry.reads().per_minute(),
        read_limit_editable: is_operator(state, agent)?,
        background_read_percent: state.services.registry.reads().shares().background_percent,
        tier_multipliers: state.store.settings()?.tier_multipliers(agent)?,
        default_fan_out_mode: state.store.settings()?.fan_out_mode(agent)?.as_str(),
    })
}

#[utoipa::path(
    get,
    path = "/api/operator/settings",
    tag = "Operator",
    operation_id = "get_operator_settings",
    responses((status = 200, description = "The answer", body = SettingsAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn get_settings(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    Ok(HttpResponse::Ok().json(settings_answer(&state, agent)?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = operator::SettingsChange)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SettingsChange {
    read_limit_per_minute: Option<u32>,
    background_read_percent: Option<u32>,
    #[schema(value_type = Option<super::answer_schemas::TierMultipliersSchema>)]
    tier_multipliers: Option<TierMultipliers>,
    #[schema(value_type = Option<super::fan_out::FanOutModeSchema>)]
    default_fan_out_mode: Option<String>,
}

#[utoipa::path(
    post,
    path = "/api/operator/settings",
    tag = "Operator",
    operation_id = "post_operator_settings",
    request_body = SettingsChange,
    responses((status = 200, description = "The answer", body = SettingsAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn set_settings(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<SettingsChange>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let change = body.into_inner();
    if let Some(limit) = change.read_limit_per_minute {
        if !(1..=READ_LIMIT_MAX).contains(&limit) {
            return Err(ApiError::BadRequest(format!(
                "readLimitPerMinute must be between 1 and {READ_LIMIT_MAX}"
            )));
        }
    }
    if let Some(percent) = change.background_read_percent
        && !(1..=100).contains(&percent)
    {
        return Err(ApiError::BadRequest(format!(
            "{BACKGROUND_SHARE_LABEL} must be between 1 and 100 (percent)"
        )));
    }
    if let Some(tiers) = &change.tier_multipliers {
        tiers.validate().map_err(|field| {
            ApiError::BadRequest(format!("{field} must be between 1 and {MAX_MULTIPLIER}"))
        })?;
    }
    let fan_out_mode = change
        .default_fan_out_mode
        .as_deref()
        .map(|text| parse_mode(text, "defaultFanOutMode"))
        .transpose()?;
    if let Some(limit) = change.read_limit_per_minute
        && limit != state.services.registry.reads().per_minute()
        && !is_operator(&state, agent)?
    {
        return Err(ApiError::Forbidden(
            "Read limit per minute is shared by every agent; only the operator may change it"
                .into(),
        ));
    }
    let reads = state.services.registry.reads();
    if let Some(percent) = change.background_read_percent
        && percent != reads.shares().background_percent
        && !is_operator(&state, agent)?
    {
        return Err(ApiError::Forbidden(format!(
            "{BACKGROUND_SHARE_LABEL} is shared by every agent; only the operator may change it"
        )));
    }
    let settings = state.store.settings()?;
    if let Some(mode) = fan_out_mode {
        settings.set_fan_out_mode(agent, mode)?;
    }
    if let Some(limit) = change.read_limit_per_minute {
        settings.set_read_limit(limit)?;
        state.services.registry.reads().set_per_minute(limit);
    }
    if let Some(percent) = change.background_read_percent {
        settings.set_background_read_percent(percent)?;
        reads.set_shares(engine::account::ReadShares {
            background_percent: percent,
            ..reads.shares()
        });
    }
    if let Some(tiers) = change.tier_multipliers {
        settings.set_tier_multipliers(agent, &tiers)?;
    }
    Ok(HttpResponse::Ok().json(settings_answer(&state, agent)?))
}

/// How the app-wide read budget is being used.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = operator::ReadBudget)]
#[serde(rename_all = "camelCase")]
struct ReadBudgetAnswer {
    /// Brokerage reads per minute for the whole application.
    read_limit_per_minute: u32,
    /// Reads taken in the last 60 seconds.
    reads_last_minute: u32,
    /// Reads routine polls leave free for the reads order events ask for (0 while no account
    /// streams).
    reserved_for_events: u32,
    /// Reads of every minute only the reads a person waits on may use (option chains, quotes,
    /// Account Info, a refresh): background work and order events never take them.
    reserved_for_people: u32,
    /// The most of the limit, in percent, background reads (safety-net polls, position checks) may
    /// take in any minute.
    background_read_percent: u32,
    /// The most reads background work may take in any minute (the share of the limit, never the
    /// person reserve).
    background_read_limit: u32,
    /// Reads background work took in the last 60 seconds.
    background_reads_last_minute: u32,
    /// Reads refused by the budget since the server started.
    refused_reads: u64,
    /// Accounts whose order stream is connected, and so polled only every 5 minutes.
    streaming_accounts: usize,
    /// Accounts polled on the short schedule (no healthy stream).
    polled_accounts: usize,
}

#[utoipa::path(
    get,
    path = "/api/operator/read_budget",
    tag = "Operator",
    operation_id = "get_operator_read_budget",
    responses((status = 200, description = "The answer", body = ReadBudgetAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn read_budget(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    agent(&session)?;
    let registry = &state.services.registry;
    let reads = registry.reads();
    let candidates = registry.candidates();
    let streaming = candidates.iter().filter(|c| c.streaming).count();
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(ReadBudgetAnswer {
            read_limit_per_minute: reads.per_minute(),
            reads_last_minute: reads.used_last_minute(),
            reserved_for_events: engine::account::poll_planner::event_reserve(
                &candidates,
                reads.per_minute(),
            ),
            reserved_for_people: reads.shares().person_reserve(reads.per_minute()),
            background_read_percent: reads.shares().background_percent,
            background_read_limit: reads.shares().background_cap(reads.per_minute()),
            background_reads_last_minute: reads.background_last_minute(),
            refused_reads: reads.refused(),
            streaming_accounts: streaming,
            polled_accounts: candidates.len() - streaming,
        }))
}

#[utoipa::path(
    get,
    path = "/api/metrics",
    tag = "Operator",
    operation_id = "get_metrics",
    responses((status = 200, description = "Prometheus text exposition: budgets, broker answers, fan-outs, order streams", body = String, content_type = "text/plain"), crate::routes::refusals::Refusals)
)]
async fn metrics(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    agent(&session)?;
    let text = crate::metrics::render(&state.services.registry);
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(text))
}
