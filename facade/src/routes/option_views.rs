//! The option order and position tables in the shapes of spec 01 §3, built from the read model.

use std::collections::BTreeMap;

use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use engine::copy::{CopyRow, CopySession, OwnColor, StatusColor, TradeKind};
use engine::ids::AgentId;
use engine::order::{AssetType, OrderType};
use serde::Serialize;

use super::row_values::{AccountNames, describe_option, number};
use super::session_summary::SessionSummary;
use super::table_answers::{positions_answer, rows_by_key, sessions_answer};
use crate::position_shelves::PositionTable;
use crate::{ApiError, AppState};

/// One account's order in a single-leg option session.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = option::OrderRow)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OptionOrderRow {
    #[serde(rename = "agentTradingSessionID")]
    agent_trading_session_id: u64,
    account_id: u64,
    account_name: String,
    account_username: String,
    /// The brokerage's order id; null when the order was not placed.
    #[schema(required = true)]
    option_chain_order_id: Option<i64>,
    option_chain_symbol: String,
    option_chain_description: String,
    option_chain_instruction: String,
    option_chain_order_type: String,
    option_chain_quantity: u32,
    option_chain_filled_quantity: u32,
    option_chain_price: f64,
    option_chain_status: String,
    /// Why the order is in its status (a rejection reason); null when the brokerage gave none.
    #[schema(required = true)]
    option_chain_status_description: Option<String>,
    /// RFC 3339.
    option_chain_entered_time: String,
    /// Percent of the session's accounts that accepted.
    #[schema(maximum = 100)]
    success_rate: u8,
    #[schema(value_type = super::answer_schemas::OwnColorSchema)]
    option_chain_own_status_color: OwnColor,
    #[schema(value_type = super::answer_schemas::StatusColorSchema)]
    option_chain_status_color: StatusColor,
    /// The session this one replaced; null for a new order.
    #[serde(rename = "replacedSessionID")]
    #[schema(required = true)]
    replaced_session_id: Option<u64>,
}

super::table_answers::table_schemas! {
    /// The single-leg option orders: session id (newest first) → one row per account.
    row: OptionOrderRow,
    table: OptionOrdersTable as option::OrdersTable,
    delta: OptionOrdersDelta as option::OrdersDelta,
    answer: OptionOrdersAnswer as option::OrdersAnswer,
}

fn order_row(session: &SessionSummary, row: &CopyRow, names: &AccountNames) -> OptionOrderRow {
    let (account_name, account_username) = names.of(row.account);
    let leg = row.request.legs.first();
    let symbol = leg.map(|l| l.symbol.clone()).unwrap_or_default();
    let description = row
        .leg_descriptions
        .first()
        .cloned()
        .flatten()
        .unwrap_or_else(|| describe_option(&symbol));
    let price = if row.request.order_type == OrderType::Market {
        row.average_price.or(row.request.price)
    } else {
        row.request.price
    };
    OptionOrderRow {
        agent_trading_session_id: session.id,
        account_id: row.account.get(),
        account_name,
        account_username,
        option_chain_order_id: row.order_id.map(|id| id.get()),
        option_chain_symbol: symbol,
        option_chain_description: description,
        option_chain_instruction: leg.map(|l| l.instruction.to_string()).unwrap_or_default(),
        option_chain_order_type: row.request.order_type.to_string(),
        option_chain_quantity: leg.map_or(0, |l| l.quantity),
        option_chain_filled_quantity: row.filled_quantity,
        option_chain_price: number(price),
        option_chain_status: row.status_word(),
        option_chain_status_description: row.status_description.clone(),
        option_chain_entered_time: row.entered_time.to_rfc3339(),
        success_rate: session.success_rate,
        option_chain_own_status_color: row.own_color(),
        option_chain_status_color: session.color,
        replaced_session_id: session.replaced_session_id,
    }
}

/// Option orders keyed by session id (newest first), a list per session, one entry per account.
pub(crate) fn option_orders_json(
    sessions: &[CopySession],
    names: &AccountNames,
) -> Result<Bytes, ApiError> {
    sessions_json(sessions, |session| {
        let summary = SessionSummary::of(session);
        session
            .rows
            .iter()
            .map(|r| order_row(&summary, r, names))
            .collect::<Vec<_>>()
    })
}

/// `{"<session id>": rows, ...}` in the sessions' order (newest first), each session's rows made by
/// `rows`. Written by hand so that the keys keep that order (a JSON map type would sort them).
pub(crate) fn sessions_json<R: Serialize>(
    sessions: &[CopySession],
    rows: impl Fn(&CopySession) -> Vec<R>,
) -> Result<Bytes, ApiError> {
    let mut out = Vec::with_capacity(256 * sessions.len().max(1));
    out.push(b'{');
    for (i, session) in sessions.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(format!("\"{}\":", session.id).as_bytes());
        serde_json::to_writer(&mut out, &rows(session)).map_err(ApiError::internal)?;
    }
    out.push(b'}');
    Ok(Bytes::from(out))
}

/// One account's holding of an option.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = option::PositionRow)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OptionPositionRow {
    option_chain_symbol: String,
    option_chain_description: String,
    option_chain_settled_quantity: i64,
    option_chain_average_price: f64,
    account_id: u64,
    account_name: String,
    account_username: String,
}

super::table_answers::table_schemas! {
    /// The option positions: description → one row per account holding it (short holdings negative).
    row: OptionPositionRow,
    table: OptionPositionsTable as option::PositionsTable,
    delta: OptionPositionsDelta as option::PositionsDelta,
    answer: OptionPositionsAnswer as option::PositionsAnswer,
}

/// Option positions of the agent's accounts keyed by description, a list per account (as JSON).
fn option_positions(state: &AppState, agent: AgentId) -> Result<BTreeMap<String, Bytes>, ApiError> {
    let mut map: BTreeMap<String, Vec<OptionPositionRow>> = BTreeMap::new();
    for record in state.store.trading_accounts()?.for_agent(agent)? {
        let Some(handle) = state.services.registry.get(record.id) else {
            continue;
        };
        let Some(snapshot) = handle.account.current_snapshot() else {
            continue;
        };
        for position in snapshot
            .positions
            .iter()
            .filter(|p| p.asset_type == AssetType::Option)
        {
            let net = position.net_quantity();
            if net == 0 {
                continue;
            }
            let description = position
                .description
                .clone()
                .unwrap_or_else(|| describe_option(&position.symbol));
            map.entry(description.clone())
                .or_default()
                .push(OptionPositionRow {
                    option_chain_symbol: position.symbol.clone(),
                    option_chain_description: description,
                    option_chain_settled_quantity: net,
                    option_chain_average_price: number(Some(position.average_price)),
                    account_id: record.id.get(),
                    account_name: record.name.clone(),
                    account_username: record.username.clone(),
                });
        }
    }
    rows_by_key(map)
}

/// The single-leg orders answer: the full table, or with `?since=` the delta form.
pub(crate) fn option_orders_answer(
    state: &AppState,
    req: &HttpRequest,
    agent: AgentId,
) -> Result<HttpResponse, ApiError> {
    sessions_answer(state, req, agent, TradeKind::Common, option_orders_json)
}

/// The option positions answer (the COMMON and VERTICAL screens): the full table, or with `?since=`
/// the delta form.
pub(crate) fn option_positions_answer(
    state: &AppState,
    req: &HttpRequest,
    agent: AgentId,
) -> Result<HttpResponse, ApiError> {
    let current = option_positions(state, agent)?;
    positions_answer(state, req, agent, PositionTable::Option, current)
}
