//! The vertical orders table in the shape of spec 02 §3: one row per account and leg, each carrying
//! the order's primary (first-leg) fields, the net order type and price, and the session's colour.

use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use engine::copy::{CopyRow, CopySession, OwnColor, StatusColor, TradeKind};
use engine::ids::AgentId;
use engine::order::OrderType;
use serde::Serialize;

use super::option_views::sessions_json;
use super::row_values::{AccountNames, describe_option, number};
use super::session_summary::SessionSummary;
use crate::{ApiError, AppState};

/// One leg of one account's order in a vertical session, with the order's primary (first-leg) fields.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = vertical::OrderRow)]
#[serde(rename_all = "camelCase")]
pub(crate) struct VerticalOrderRow {
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
    option_chain_primary_symbol: String,
    option_chain_primary_description: String,
    option_chain_primary_instruction: String,
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
    /// The leg's place in the order, from 0.
    option_chain_leg_index: usize,
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
    /// The vertical orders: session id (newest first) → one row per account and leg.
    row: VerticalOrderRow,
    table: VerticalOrdersTable as vertical::OrdersTable,
    delta: VerticalOrdersDelta as vertical::OrdersDelta,
    answer: VerticalOrdersAnswer as vertical::OrdersAnswer,
}

fn description(row: &CopyRow, leg: usize) -> String {
    row.leg_descriptions
        .get(leg)
        .cloned()
        .flatten()
        .unwrap_or_else(|| {
            row.request
                .legs
                .get(leg)
                .map(|l| describe_option(&l.symbol))
                .unwrap_or_default()
        })
}

fn leg_rows(
    session: &SessionSummary,
    row: &CopyRow,
    names: &AccountNames,
) -> Vec<VerticalOrderRow> {
    let (account_name, account_username) = names.of(row.account);
    let primary = row.request.legs.first();
    let price = if row.request.order_type == OrderType::Market {
        row.average_price.or(row.request.price)
    } else {
        row.request.price
    };
    row.request
        .legs
        .iter()
        .enumerate()
        .map(|(index, leg)| VerticalOrderRow {
            agent_trading_session_id: session.id,
            account_id: row.account.get(),
            account_name: account_name.clone(),
            account_username: account_username.clone(),
            option_chain_order_id: row.order_id.map(|id| id.get()),
            option_chain_symbol: leg.symbol.clone(),
            option_chain_description: description(row, index),
            option_chain_primary_symbol: primary.map(|l| l.symbol.clone()).unwrap_or_default(),
            option_chain_primary_description: description(row, 0),
            option_chain_primary_instruction: primary
                .map(|l| l.instruction.to_string())
                .unwrap_or_default(),
            option_chain_instruction: leg.instruction.to_string(),
            option_chain_order_type: row.request.order_type.to_string(),
            option_chain_quantity: row.request.total_quantity(),
            option_chain_filled_quantity: row.filled_quantity,
            option_chain_price: number(price),
            option_chain_status: row.status_word(),
            option_chain_status_description: row.status_description.clone(),
            option_chain_entered_time: row.entered_time.to_rfc3339(),
            option_chain_leg_index: index,
            success_rate: session.success_rate,
            option_chain_own_status_color: row.own_color(),
            option_chain_status_color: session.color,
            replaced_session_id: session.replaced_session_id,
        })
        .collect()
}

/// Vertical orders keyed by session id (newest first), one entry per account and leg.
pub(crate) fn vertical_orders_json(
    sessions: &[CopySession],
    names: &AccountNames,
) -> Result<Bytes, ApiError> {
    sessions_json(sessions, |session| {
        let summary = SessionSummary::of(session);
        session
            .rows
            .iter()
            .flat_map(|row| leg_rows(&summary, row, names))
            .collect::<Vec<_>>()
    })
}

/// The vertical orders answer: the full table, or with `?since=` the delta form.
pub(crate) fn vertical_orders_answer(
    state: &AppState,
    req: &HttpRequest,
    agent: AgentId,
) -> Result<HttpResponse, ApiError> {
    super::table_answers::sessions_answer(
        state,
        req,
        agent,
        TradeKind::Vertical,
        vertical_orders_json,
    )
}
