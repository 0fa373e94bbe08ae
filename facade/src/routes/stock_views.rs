//! The stock order and position tables in the shapes of spec 02 §3, built from the read model.

use std::collections::BTreeMap;

use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use engine::copy::{CopyRow, CopySession, OwnColor, StatusColor, TradeKind};
use engine::ids::AgentId;
use engine::order::{LINK_BASES, LinkType, OrderType};
use rust_decimal::Decimal;
use serde::Serialize;

use super::row_values::{AccountNames, number};
use super::session_summary::SessionSummary;
use super::table_answers::{positions_answer, rows_by_key, sessions_answer};
use crate::position_shelves::PositionTable;
use crate::{ApiError, AppState};

/// The offset a row shows when its order has none (the form's default, spec 02 §3).
const DEFAULT_OFFSET: Decimal = Decimal::from_parts(1, 0, 0, false, 1);

/// One account's order in a stock session.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = stock::OrderRow)]
#[serde(rename_all = "camelCase")]
pub(crate) struct StockOrderRow {
    #[serde(rename = "agentTradingSessionID")]
    agent_trading_session_id: u64,
    account_id: u64,
    account_name: String,
    account_username: String,
    /// The brokerage's order id; null when the order was not placed.
    #[schema(required = true)]
    stock_order_id: Option<i64>,
    stock_symbol: String,
    stock_description: String,
    stock_session: String,
    stock_duration: String,
    stock_order_type: String,
    stock_instruction: String,
    stock_quantity: u32,
    stock_filled_quantity: u32,
    stock_price: f64,
    stock_stop_price: f64,
    stock_stop_price_link_type: String,
    stock_stop_price_offset: f64,
    /// The price a trailing stop follows: BID, ASK, LAST or MARK (BID for other order types).
    stock_stop_price_link_basis: String,
    stock_status: String,
    /// Why the order is in its status (a rejection reason); null when the brokerage gave none.
    #[schema(required = true)]
    stock_status_description: Option<String>,
    /// RFC 3339.
    stock_entered_time: String,
    #[schema(value_type = super::answer_schemas::StatusColorSchema)]
    stock_status_color: StatusColor,
    /// Percent of the session's accounts that accepted.
    #[schema(maximum = 100)]
    success_rate: u8,
    #[schema(value_type = super::answer_schemas::OwnColorSchema)]
    stock_own_status_color: OwnColor,
    /// The session this one replaced; null for a new order.
    #[serde(rename = "replacedSessionID")]
    #[schema(required = true)]
    replaced_session_id: Option<u64>,
}

super::table_answers::table_schemas! {
    /// The stock orders: session id (newest first) → one row per account.
    row: StockOrderRow,
    table: StockOrdersTable as stock::OrdersTable,
    delta: StockOrdersDelta as stock::OrdersDelta,
    answer: StockOrdersAnswer as stock::OrdersAnswer,
}

fn order_row(session: &SessionSummary, row: &CopyRow, names: &AccountNames) -> StockOrderRow {
    let (account_name, account_username) = names.of(row.account);
    let request = &row.request;
    let leg = request.legs.first();
    let symbol = leg.map(|l| l.symbol.clone()).unwrap_or_default();
    let description = row
        .leg_descriptions
        .first()
        .cloned()
        .flatten()
        .unwrap_or_else(|| symbol.clone());
    let price = if request.order_type == OrderType::Market {
        row.average_price.or(request.price)
    } else {
        request.price
    };
    StockOrderRow {
        agent_trading_session_id: session.id,
        account_id: row.account.get(),
        account_name,
        account_username,
        stock_order_id: row.order_id.map(|id| id.get()),
        stock_symbol: symbol,
        stock_description: description,
        stock_session: request.session.to_string(),
        stock_duration: request.duration.to_string(),
        stock_order_type: request.order_type.to_string(),
        stock_instruction: leg.map(|l| l.instruction.to_string()).unwrap_or_default(),
        stock_quantity: leg.map_or(0, |l| l.quantity),
        stock_filled_quantity: row.filled_quantity,
        stock_price: number(price),
        stock_stop_price: number(request.stop_price),
        stock_stop_price_link_type: request
            .stop_price_link_type
            .unwrap_or(LinkType::Value)
            .to_string(),
        stock_stop_price_offset: number(Some(request.stop_price_offset.unwrap_or(DEFAULT_OFFSET))),
        stock_stop_price_link_basis: request
            .stop_price_link_basis
            .unwrap_or(LINK_BASES[0])
            .to_string(),
        stock_status: row.status_word(),
        stock_status_description: row.status_description.clone(),
        stock_entered_time: row.entered_time.to_rfc3339(),
        stock_status_color: session.color,
        success_rate: session.success_rate,
        stock_own_status_color: row.own_color(),
        replaced_session_id: session.replaced_session_id,
    }
}

/// Stock orders keyed by session id, newest session first, one entry per account. Written by hand so
/// that the keys keep the book's order (a JSON map type would sort them).
fn stock_orders_json(sessions: &[CopySession], names: &AccountNames) -> Result<Bytes, ApiError> {
    let mut out = Vec::with_capacity(256 * sessions.len().max(1));
    out.push(b'{');
    for (i, session) in sessions.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        let summary = SessionSummary::of(session);
        let rows: Vec<StockOrderRow> = session
            .rows
            .iter()
            .map(|r| order_row(&summary, r, names))
            .collect();
        out.extend_from_slice(format!("\"{}\":", session.id).as_bytes());
        serde_json::to_writer(&mut out, &rows).map_err(ApiError::internal)?;
    }
    out.push(b'}');
    Ok(Bytes::from(out))
}

/// The stock orders answer: the full table, or with `?since=` the delta form; ETag and 304.
///
/// # Errors
/// 400 for a bad `since`; storage errors while naming the accounts.
pub(crate) fn stock_orders_answer(
    state: &AppState,
    req: &HttpRequest,
    agent: AgentId,
) -> Result<HttpResponse, ApiError> {
    sessions_answer(state, req, agent, TradeKind::Stock, stock_orders_json)
}

/// One account's holding of a stock.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = stock::PositionRow)]
#[serde(rename_all = "camelCase")]
pub(crate) struct StockPositionRow {
    stock_symbol: String,
    stock_average_price: f64,
    /// Shares held, short holdings negative, with the fraction of a share a reinvested dividend left
    /// (`61.5854`); orders trade the whole shares. A whole holding is written as a whole number.
    #[schema(value_type = f64)]
    stock_settled_quantity: serde_json::Number,
    account_id: u64,
    account_name: String,
    account_username: String,
}

super::table_answers::table_schemas! {
    /// The stock positions: symbol → one row per account holding it.
    row: StockPositionRow,
    table: StockPositionsTable as stock::PositionsTable,
    delta: StockPositionsDelta as stock::PositionsDelta,
    answer: StockPositionsAnswer as stock::PositionsAnswer,
}

/// Stock positions of the agent's accounts keyed by symbol, one entry per account holding it (short
/// holdings negative), as JSON.
fn stock_positions(state: &AppState, agent: AgentId) -> Result<BTreeMap<String, Bytes>, ApiError> {
    let mut map: BTreeMap<String, Vec<StockPositionRow>> = BTreeMap::new();
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
            .filter(|p| p.asset_type.is_stock())
        {
            let net = position.net_held();
            if net.is_zero() {
                continue;
            }
            map.entry(position.symbol.clone())
                .or_default()
                .push(StockPositionRow {
                    stock_symbol: position.symbol.clone(),
                    stock_average_price: number(Some(position.average_price)),
                    stock_settled_quantity: held_number(net),
                    account_id: record.id.get(),
                    account_name: record.name.clone(),
                    account_username: record.username.clone(),
                });
        }
    }
    rows_by_key(map)
}

/// `held` as a JSON number: a whole number when it is one (`-3`), else its decimals (`61.5854`).
fn held_number(held: rust_decimal::Decimal) -> serde_json::Number {
    if held.fract().is_zero() {
        if let Ok(whole) = i64::try_from(held) {
            return serde_json::Number::from(whole);
        }
    }
    serde_json::Number::from_f64(number(Some(held))).unwrap_or_else(|| serde_json::Number::from(0))
}

/// The stock positions answer: the full table, or with `?since=` the delta form; ETag and 304.
///
/// # Errors
/// 400 for a bad `since`; storage errors.
pub(crate) fn stock_positions_answer(
    state: &AppState,
    req: &HttpRequest,
    agent: AgentId,
) -> Result<HttpResponse, ApiError> {
    let current = stock_positions(state, agent)?;
    positions_answer(state, req, agent, PositionTable::Stock, current)
}
