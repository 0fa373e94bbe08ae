//! `/api/stock_copy_trading/*` and the stock positions: place, exit, replace and cancel stock orders on
//! every targeted account at once, the tables, and stock quotes (spec 02 §7).

use std::time::Duration;

use actix_session::Session;
use actix_web::{HttpResponse, web};
use engine::copy::{Action, CopyCommand, Holdings, Targets, TradeKind};
use engine::ids::{AccountId, AgentId, BrokerOrderId};
use engine::order::{Instruction, OrderRequest, StockAction, StockForm, StockOrder, stock_symbol};
use serde::{Deserialize, Serialize};

use super::copy_commands::{self, PolledHoldings};
use super::copy_trading::{account_id, market_data_account, order_id, session_id};
use super::fan_out::{Dispatch, FanOutField, How, sent};
use super::mounting::mount;
use super::row_values::number;
use super::stock_views::{stock_orders_answer, stock_positions_answer};
use super::table_calls::table_calls;
use super::trading_account::{account_failure, agent};
use crate::json_body::JsonBody;
use crate::order_fields::Loose;
use crate::{ApiError, AppState};

/// How long a quote may take before the call gives up (spec 02 §9).
const QUOTE_TIMEOUT: Duration = Duration::from_secs(5);

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(
        cfg,
        [
            ("/stock_copy_trading/database", web::get().to(orders)),
            (
                "/stock_copy_trading_position/database",
                web::get().to(positions),
            ),
            (
                "/stock_copy_trading/fetch_trade_status",
                web::get().to(fetch_trade_status),
            ),
            (
                "/stock_copy_trading/place_order",
                web::post().to(sent!(place_order)),
            ),
            (
                "/stock_copy_trading/exit_order",
                web::post().to(sent!(exit_order)),
            ),
            (
                "/stock_copy_trading/exit_order_multiple",
                web::post().to(sent!(exit_order_multiple)),
            ),
            (
                "/stock_copy_trading/replace_order",
                web::put().to(sent!(replace_order)),
            ),
            (
                "/stock_copy_trading/replace_order_individual",
                web::put().to(sent!(replace_order_individual)),
            ),
            (
                "/stock_copy_trading/cancel_order",
                web::delete().to(cancel_order),
            ),
            (
                "/stock_copy_trading/cancel_order_individual",
                web::delete().to(cancel_order_individual),
            ),
            (
                "/stock_copy_trading/get_stock_quotes",
                web::get().to(stock_quotes),
            ),
        ],
    );
}

table_calls! {
    kind: TradeKind::Stock,
    tag: "Stocks",
    orders: ("/api/stock_copy_trading/database", "get_stock_copy_trading_database", super::stock_views::StockOrdersAnswer, stock_orders_answer),
    positions: ("/api/stock_copy_trading_position/database", "get_stock_copy_trading_position_database", super::stock_views::StockPositionsAnswer, stock_positions_answer),
    refresh: ("/api/stock_copy_trading/fetch_trade_status", "get_stock_copy_trading_fetch_trade_status"),
}

/// The stock form's fields as the spec's bodies carry them; numbers may come as JSON numbers or text.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[schema(as = stock::StockFields)]
#[serde(rename_all = "camelCase")]
pub(super) struct StockFields {
    #[serde(default)]
    stock_symbol: Option<Loose>,
    #[serde(default)]
    stock_session: Option<Loose>,
    #[serde(default)]
    stock_duration: Option<Loose>,
    #[serde(default)]
    stock_instruction: Option<Loose>,
    #[serde(default)]
    stock_order_type: Option<Loose>,
    #[serde(default)]
    stock_quantity: Option<Loose>,
    #[serde(default)]
    stock_price: Option<Loose>,
    #[serde(default)]
    stock_stop_price: Option<Loose>,
    #[serde(default)]
    stock_stop_price_link_type: Option<Loose>,
    #[serde(default)]
    stock_stop_price_offset: Option<Loose>,
    /// The price a TRAILING_STOP follows: BID (the default when absent), ASK, LAST or MARK.
    #[serde(default)]
    stock_stop_price_link_basis: Option<Loose>,
}

/// A field's text: a number as its decimal text, absent or null as empty. Other JSON values keep their
/// JSON text, which no rule accepts.
fn text(value: Option<&Loose>) -> String {
    match value.map(|v| &v.0) {
        None | Some(serde_json::Value::Null) => String::new(),
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

impl StockFields {
    fn form(&self) -> StockForm {
        StockForm {
            symbol: text(self.stock_symbol.as_ref()),
            instruction: text(self.stock_instruction.as_ref()),
            session: text(self.stock_session.as_ref()),
            duration: text(self.stock_duration.as_ref()),
            order_type: text(self.stock_order_type.as_ref()),
            quantity: text(self.stock_quantity.as_ref()),
            price: text(self.stock_price.as_ref()),
            stop_price: text(self.stock_stop_price.as_ref()),
            stop_price_link_type: text(self.stock_stop_price_link_type.as_ref()),
            stop_price_offset: text(self.stock_stop_price_offset.as_ref()),
            stop_price_link_basis: text(self.stock_stop_price_link_basis.as_ref()),
        }
    }

    /// The validated order of `action`'s dialog.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] naming the field by its form label.
    pub(super) fn order(&self, action: StockAction) -> Result<StockOrder, ApiError> {
        StockOrder::from_form(&self.form(), action)
            .map_err(|err| ApiError::BadRequest(err.to_string()))
    }
}

/// An account named in a request, with its order when the call is about one.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = stock::AccountRef)]
#[serde(rename_all = "camelCase")]
struct AccountRef {
    account_id: Loose,
    #[serde(default)]
    stock_order_id: Option<Loose>,
}

fn listed_accounts(list: &[AccountRef]) -> Result<Vec<AccountId>, ApiError> {
    list.iter()
        .enumerate()
        .map(|(i, r)| account_id(&r.account_id, &format!("Account {}", i + 1)))
        .collect()
}

fn pairs(list: &[AccountRef]) -> Result<Vec<(AccountId, BrokerOrderId)>, ApiError> {
    list.iter()
        .enumerate()
        .map(|(i, r)| {
            Ok((
                account_id(&r.account_id, &format!("Order {}: Account", i + 1))?,
                order_id(
                    r.stock_order_id.as_ref(),
                    &format!("Order {}: Order", i + 1),
                )?,
            ))
        })
        .collect()
}

fn command(agent: AgentId, action: Action) -> CopyCommand {
    CopyCommand {
        agent,
        kind: TradeKind::Stock,
        action,
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = stock::PlaceBody)]
#[serde(rename_all = "camelCase")]
pub(super) struct PlaceBody {
    #[serde(flatten)]
    fan_out: FanOutField,
    #[serde(flatten)]
    split: super::equal_split::SplitField,
    #[serde(default)]
    all_trading_accounts_order_list: Vec<AccountRef>,
    #[serde(flatten)]
    order: StockFields,
}

#[utoipa::path(
    post,
    path = "/api/stock_copy_trading/place_order",
    tag = "Stocks",
    operation_id = "post_stock_copy_trading_place_order",
    request_body = PlaceBody,
    responses((status = 200, description = "`success` when every account accepted, else the accepted and failed accounts", content(
        (String = "text/plain", example = json!("success")),
        (crate::routes::copy_commands::Partial = "application/json", example = json!({"agentTradingSessionID": 1, "accepted": [1], "failed": [{"accountId": 2, "accountName": "Medium", "reason": "REJECTED"}]}))
    )), crate::routes::refusals::CommandRefusals)
)]
pub(super) async fn place_order(
    dispatch: Dispatch,
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<PlaceBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let how = body.fan_out.how(dispatch)?.split(body.split.total()?);
    let order = body.order.order(StockAction::Place)?;
    let listed = listed_accounts(&body.all_trading_accounts_order_list)?;
    // A plan preview asks no brokerage.
    if dispatch != Dispatch::Plan {
        check_known_stock(&state, agent, order.symbol()).await?;
    }
    let targets = if listed.is_empty() {
        Targets::Active
    } else {
        Targets::Listed(listed)
    };
    let action = Action::Place {
        targets,
        order: order.request(order.quantity()),
    };
    copy_commands::run(&state, command(agent, action), how).await
}

/// The exit of `account`: SELL when it holds the symbol long, BUY_TO_COVER when short, at the asked
/// quantity (the planner caps it at the holding, and refuses an account holding nothing).
fn exit_for(holdings: &PolledHoldings<'_>, account: AccountId, order: &StockOrder) -> OrderRequest {
    let instruction = if holdings.net(account, order.symbol()) < 0 {
        Instruction::BuyToCover
    } else {
        Instruction::Sell
    };
    order
        .clone()
        .with_instruction(instruction)
        .request(order.quantity())
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = stock::ExitBody)]
#[serde(rename_all = "camelCase")]
pub(super) struct ExitBody {
    #[serde(flatten)]
    fan_out: FanOutField,
    #[serde(default)]
    all_trading_accounts_order_list: Vec<AccountRef>,
    #[serde(flatten)]
    order: StockFields,
}

#[utoipa::path(
    post,
    path = "/api/stock_copy_trading/exit_order",
    tag = "Stocks",
    operation_id = "post_stock_copy_trading_exit_order",
    request_body = ExitBody,
    responses((status = 200, description = "`success` when every account accepted, else the accepted and failed accounts", content(
        (String = "text/plain", example = json!("success")),
        (crate::routes::copy_commands::Partial = "application/json", example = json!({"agentTradingSessionID": 1, "accepted": [1], "failed": [{"accountId": 2, "accountName": "Medium", "reason": "REJECTED"}]}))
    )), crate::routes::refusals::CommandRefusals)
)]
pub(super) async fn exit_order(
    dispatch: Dispatch,
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<ExitBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let how = body.fan_out.how(dispatch)?;
    let order = body.order.order(StockAction::Exit)?;
    if body.all_trading_accounts_order_list.is_empty() {
        return Err(ApiError::BadRequest(
            "Accounts must name at least one account".into(),
        ));
    }
    let accounts = listed_accounts(&body.all_trading_accounts_order_list)?;
    let holdings = PolledHoldings(&state.services.registry);
    let exits = accounts
        .into_iter()
        .map(|a| (a, exit_for(&holdings, a, &order)))
        .collect();
    copy_commands::run(&state, command(agent, Action::Exit { exits }), how).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = stock::ExitEntry)]
#[serde(rename_all = "camelCase")]
struct ExitEntry {
    account_id: Loose,
    #[serde(flatten)]
    order: StockFields,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = stock::ExitMultipleBody)]
#[serde(rename_all = "camelCase")]
pub(super) struct ExitMultipleBody {
    #[serde(flatten)]
    fan_out: FanOutField,
    orders_to_exit: Vec<ExitEntry>,
}

#[utoipa::path(
    post,
    path = "/api/stock_copy_trading/exit_order_multiple",
    tag = "Stocks",
    operation_id = "post_stock_copy_trading_exit_order_multiple",
    request_body = ExitMultipleBody,
    responses((status = 200, description = "`success` when every account accepted, else the accepted and failed accounts", content(
        (String = "text/plain", example = json!("success")),
        (crate::routes::copy_commands::Partial = "application/json", example = json!({"agentTradingSessionID": 1, "accepted": [1], "failed": [{"accountId": 2, "accountName": "Medium", "reason": "REJECTED"}]}))
    )), crate::routes::refusals::CommandRefusals)
)]
pub(super) async fn exit_order_multiple(
    dispatch: Dispatch,
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<ExitMultipleBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let how = body.fan_out.how(dispatch)?;
    if body.orders_to_exit.is_empty() {
        return Err(ApiError::BadRequest(
            "Positions must name at least one position".into(),
        ));
    }
    let holdings = PolledHoldings(&state.services.registry);
    let mut exits = Vec::with_capacity(body.orders_to_exit.len());
    for (i, entry) in body.orders_to_exit.iter().enumerate() {
        let position = i + 1;
        let account = account_id(&entry.account_id, &format!("Position {position}: Account"))?;
        let order = entry
            .order
            .order(StockAction::Exit)
            .map_err(|err| match err {
                ApiError::BadRequest(message) => {
                    ApiError::BadRequest(format!("Position {position}: {message}"))
                }
                other => other,
            })?;
        exits.push((account, exit_for(&holdings, account, &order)));
    }
    copy_commands::run(&state, command(agent, Action::Exit { exits }), how).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = stock::ReplaceBody)]
#[serde(rename_all = "camelCase")]
pub(super) struct ReplaceBody {
    #[serde(flatten)]
    fan_out: FanOutField,
    #[serde(rename = "agentTradingSessionID")]
    agent_trading_session_id: Loose,
    all_trading_accounts_order_list: Vec<AccountRef>,
    #[serde(flatten)]
    order: StockFields,
}

#[utoipa::path(
    put,
    path = "/api/stock_copy_trading/replace_order",
    tag = "Stocks",
    operation_id = "put_stock_copy_trading_replace_order",
    request_body = ReplaceBody,
    responses((status = 200, description = "`success` when every account accepted, else the accepted and failed accounts", content(
        (String = "text/plain", example = json!("success")),
        (crate::routes::copy_commands::Partial = "application/json", example = json!({"agentTradingSessionID": 1, "accepted": [1], "failed": [{"accountId": 2, "accountName": "Medium", "reason": "REJECTED"}]}))
    )), crate::routes::refusals::CommandRefusals)
)]
pub(super) async fn replace_order(
    dispatch: Dispatch,
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<ReplaceBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let how = body.fan_out.how(dispatch)?;
    let session_id = session_id(&body.agent_trading_session_id)?;
    let order = body.order.order(StockAction::Replace)?;
    let orders = pairs(&body.all_trading_accounts_order_list)?;
    let action = Action::Replace {
        session: session_id,
        orders,
        order: order.request(order.quantity()),
    };
    copy_commands::run(&state, command(agent, action), how).await
}

/// One account's order of a session (replace and cancel of one row).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = stock::IndividualBody)]
#[serde(rename_all = "camelCase")]
struct IndividualBody {
    #[serde(rename = "agentTradingSessionID")]
    agent_trading_session_id: Loose,
    account_id: Loose,
    stock_order_id: Loose,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = stock::ReplaceIndividualBody)]
#[serde(rename_all = "camelCase")]
pub(super) struct ReplaceIndividualBody {
    #[serde(flatten)]
    fan_out: FanOutField,
    #[serde(flatten)]
    target: IndividualBody,
    #[serde(flatten)]
    order: StockFields,
}

#[utoipa::path(
    put,
    path = "/api/stock_copy_trading/replace_order_individual",
    tag = "Stocks",
    operation_id = "put_stock_copy_trading_replace_order_individual",
    request_body = ReplaceIndividualBody,
    responses((status = 200, description = "`success` when every account accepted, else the accepted and failed accounts", content(
        (String = "text/plain", example = json!("success")),
        (crate::routes::copy_commands::Partial = "application/json", example = json!({"agentTradingSessionID": 1, "accepted": [1], "failed": [{"accountId": 2, "accountName": "Medium", "reason": "REJECTED"}]}))
    )), crate::routes::refusals::CommandRefusals)
)]
pub(super) async fn replace_order_individual(
    dispatch: Dispatch,
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<ReplaceIndividualBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let how = body.fan_out.how(dispatch)?;
    let session_id = session_id(&body.target.agent_trading_session_id)?;
    let account = account_id(&body.target.account_id, "Account")?;
    let order_id = order_id(Some(&body.target.stock_order_id), "Order")?;
    let order = body.order.order(StockAction::Replace)?;
    let action = Action::Replace {
        session: session_id,
        orders: vec![(account, order_id)],
        order: order.request(order.quantity()),
    };
    copy_commands::run(&state, command(agent, action), how).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = stock::CancelBody)]
#[serde(rename_all = "camelCase")]
struct CancelBody {
    #[serde(rename = "agentTradingSessionID")]
    agent_trading_session_id: Loose,
    all_trading_accounts_order_list: Vec<AccountRef>,
}

#[utoipa::path(
    delete,
    path = "/api/stock_copy_trading/cancel_order",
    tag = "Stocks",
    operation_id = "delete_stock_copy_trading_cancel_order",
    request_body = CancelBody,
    responses((status = 200, description = "`success` when every account accepted, else the accepted and failed accounts", content(
        (String = "text/plain", example = json!("success")),
        (crate::routes::copy_commands::Partial = "application/json", example = json!({"agentTradingSessionID": 1, "accepted": [1], "failed": [{"accountId": 2, "accountName": "Medium", "reason": "REJECTED"}]}))
    )), crate::routes::refusals::Refusals)
)]
async fn cancel_order(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<CancelBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let session_id = session_id(&body.agent_trading_session_id)?;
    let orders = pairs(&body.all_trading_accounts_order_list)?;
    let action = Action::Cancel {
        session: session_id,
        orders,
    };
    copy_commands::run(&state, command(agent, action), How::DEFAULT).await
}

#[utoipa::path(
    delete,
    path = "/api/stock_copy_trading/cancel_order_individual",
    tag = "Stocks",
    operation_id = "delete_stock_copy_trading_cancel_order_individual",
    request_body = IndividualBody,
    responses((status = 200, description = "`success` when every account accepted, else the accepted and failed accounts", content(
        (String = "text/plain", example = json!("success")),
        (crate::routes::copy_commands::Partial = "application/json", example = json!({"agentTradingSessionID": 1, "accepted": [1], "failed": [{"accountId": 2, "accountName": "Medium", "reason": "REJECTED"}]}))
    )), crate::routes::refusals::Refusals)
)]
async fn cancel_order_individual(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<IndividualBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let session_id = session_id(&body.agent_trading_session_id)?;
    let account = account_id(&body.account_id, "Account")?;
    let order_id = order_id(Some(&body.stock_order_id), "Order")?;
    let action = Action::Cancel {
        session: session_id,
        orders: vec![(account, order_id)],
    };
    copy_commands::run(&state, command(agent, action), How::DEFAULT).await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct QuoteQuery {
    stock_symbol: String,
}

/// A stock's quote. A side the market does not quote is null, never 0 (an index has no bid, ask or
/// mark; a halted or illiquid symbol may lack a side).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = stock::Quote, example = json!({"symbol": "AAPL", "bid": 229.5, "ask": 229.6, "last": 229.55, "mark": 229.55}))]
struct QuoteAnswer {
    symbol: String,
    /// Best bid; null when there is none.
    bid: Option<f64>,
    /// Best ask; null when there is none.
    ask: Option<f64>,
    /// Last trade; null when there is none.
    last: Option<f64>,
    /// Mid of bid and ask; null unless both are quoted.
    mark: Option<f64>,
}

#[utoipa::path(
    get,
    path = "/api/stock_copy_trading/get_stock_quotes",
    tag = "Stocks",
    operation_id = "get_stock_copy_trading_get_stock_quotes",
    params(QuoteQuery),
    responses((status = 200, description = "The answer", body = QuoteAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn stock_quotes(
    state: web::Data<AppState>,
    session: Session,
    query: web::Query<QuoteQuery>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let symbol =
        stock_symbol(&query.stock_symbol).map_err(|err| ApiError::BadRequest(err.to_string()))?;
    let account = market_data_account(&state, agent)?;
    let quotes = tokio::time::timeout(QUOTE_TIMEOUT, account.quotes(std::slice::from_ref(&symbol)))
        .await
        .map_err(|_| {
            ApiError::BadGateway(format!(
                "The brokerage did not quote {symbol} within 5 seconds"
            ))
        })?
        .map_err(|err| account_failure(&err))?;
    let quote = quotes.get(&symbol).ok_or_else(|| {
        ApiError::NotFound(format!("Stock {symbol} is not known to the brokerage"))
    })?;
    state.known_stocks.quoted(&symbol);
    Ok(HttpResponse::Ok().json(quote_answer(&symbol, quote)))
}

/// Refuses a place of a symbol the brokerage answers it does not know, before anything is sent: each
/// account would refuse it alone. A symbol quoted lately is not asked about again; when no account can
/// ask, or the brokerage does not answer in time, the place goes ahead and each account's brokerage
/// judges the symbol.
///
/// # Errors
/// 400 naming the symbol when the brokerage quotes no such stock.
async fn check_known_stock(state: &AppState, agent: AgentId, symbol: &str) -> Result<(), ApiError> {
    if state.known_stocks.is_known(symbol) {
        return Ok(());
    }
    let Ok(account) = market_data_account(state, agent) else {
        return Ok(());
    };
    let asked = tokio::time::timeout(QUOTE_TIMEOUT, account.quotes(&[symbol.to_owned()])).await;
    match asked {
        Ok(Ok(quotes)) if quotes.contains_key(symbol) => {
            state.known_stocks.quoted(symbol);
            Ok(())
        }
        Ok(Ok(_)) => Err(ApiError::BadRequest(format!(
            "Stock {symbol} is not known to the brokerage; nothing was sent"
        ))),
        Ok(Err(err)) => {
            tracing::warn!(agent = %agent, error = %err, "a stock symbol could not be checked before a place");
            Ok(())
        }
        Err(_) => {
            tracing::warn!(agent = %agent, "the brokerage did not quote a stock symbol in time before a place");
            Ok(())
        }
    }
}

/// The quote answer: each side as a number, or null when the brokerage quotes none.
fn quote_answer(symbol: &str, quote: &engine::broker::Quote) -> QuoteAnswer {
    let side = |price: Option<rust_decimal::Decimal>| price.map(|p| number(Some(p)));
    QuoteAnswer {
        symbol: symbol.to_owned(),
        bid: side(quote.bid),
        ask: side(quote.ask),
        last: side(quote.last),
        mark: side(quote.mark),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::broker::Quote;
    use rust_decimal_macros::dec;

    #[test]
    fn a_side_without_a_price_answers_null_never_zero() {
        let index = Quote {
            symbol: "$SPX".into(),
            description: None,
            bid: None,
            ask: None,
            last: Some(dec!(5811.26)),
            mark: None,
        };
        assert_eq!(
            serde_json::to_value(quote_answer("$SPX", &index)).ok(),
            Some(
                serde_json::json!({"symbol": "$SPX", "bid": null, "ask": null, "last": 5811.26, "mark": null})
            )
        );
        let quoted = Quote {
            bid: Some(dec!(229.5)),
            ask: Some(dec!(229.6)),
            mark: Some(dec!(229.55)),
            ..index
        };
        assert_eq!(
            serde_json::to_value(quote_answer("AAPL", &quoted)).ok(),
            Some(
                serde_json::json!({"symbol": "AAPL", "bid": 229.5, "ask": 229.6, "last": 5811.26, "mark": 229.55})
            )
        );
    }
}
