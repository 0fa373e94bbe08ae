//! The vertical orders table in the shape of spec 02 §3: one row per account and leg, each carrying
//! the order's primary (first-leg) fields, the net order type and price, and the session's colour.

use actix_web::web::Bytes;
use engine::copy::{CopyRow, CopySession, OwnColor, StatusColor};
use engine::ids::SessionId;
use engine::order::OrderType;
use serde::Serialize;

use super::option_views::{AccountNames, describe_option, number, sessions_json};
use crate::ApiError;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct VerticalOrderRow {
    #[serde(rename = "agentTradingSessionID")]
    agent_trading_session_id: u64,
    account_id: u64,
    account_name: String,
    account_username: String,
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
    option_chain_status_description: Option<String>,
    option_chain_entered_time: String,
    option_chain_leg_index: usize,
    success_rate: u8,
    option_chain_own_status_color: OwnColor,
    option_chain_status_color: StatusColor,
    #[serde(rename = "replacedSessionID")]
    replaced_session_id: Option<u64>,
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

fn leg_rows(session: &CopySession, row: &CopyRow, names: &AccountNames) -> Vec<VerticalOrderRow> {
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
            agent_trading_session_id: session.id.get(),
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
            success_rate: session.success_rate().percent(),
            option_chain_own_status_color: row.own_color(),
            option_chain_status_color: session.color(),
            replaced_session_id: session.replaced_session.map(SessionId::get),
        })
        .collect()
}

/// Vertical orders keyed by session id (newest first), one entry per account and leg.
pub(crate) fn vertical_orders_json(
    sessions: &[CopySession],
    names: &AccountNames,
) -> Result<Bytes, ApiError> {
    sessions_json(sessions, |session| {
        session
            .rows
            .iter()
            .flat_map(|row| leg_rows(session, row, names))
            .collect::<Vec<_>>()
    })
}
