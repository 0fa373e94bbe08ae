//! `/api/copy_trading_account/*/COMMON` and the option positions: place, exit, replace and cancel
//! single-leg option orders on every targeted account at once (spec 01 §7).

use actix_session::Session;
use actix_web::{HttpResponse, web};
use engine::copy::{Action, CopyCommand, Targets, TradeKind};
use engine::ids::{AccountId, AgentId, BrokerOrderId, SessionId};
use engine::order::{Instruction, OptionSymbol, OrderLeg, OrderRequest, PutCall};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::copy_commands;
use super::fan_out::{Dispatch, FanOutField, How, sent};
use super::mounting::mount;
use super::option_views::{option_orders_answer, option_positions_answer};
use super::row_values::number;
use super::table_calls::table_calls;
use super::trading_account::{account_failure, agent};
use crate::json_body::JsonBody;
use crate::order_fields::{Loose, one_of, word};
use crate::{ApiError, AppState};

const OPENING: &[&str] = &["BUY_TO_OPEN", "SELL_TO_OPEN"];
pub(super) const CLOSING: &[&str] = &["SELL_TO_CLOSE", "BUY_TO_CLOSE"];
pub(super) const ANY_OPTION: &[&str] = &[
    "BUY_TO_OPEN",
    "SELL_TO_OPEN",
    "SELL_TO_CLOSE",
    "BUY_TO_CLOSE",
];
const ORDER_TYPES: &[&str] = &["LIMIT", "MARKET"];

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(
        cfg,
        [
            (
                "/copy_trading_account/database/COMMON",
                web::get().to(orders),
            ),
            (
                "/copy_trading_position_account/database/COMMON",
                web::get().to(positions),
            ),
            (
                "/copy_trading_account/fetch_trade_status/COMMON",
                web::get().to(fetch_trade_status),
            ),
            (
                "/copy_trading_account/place_order/COMMON",
                web::post().to(sent!(place_order)),
            ),
            (
                "/copy_trading_account/exit_order/COMMON",
                web::post().to(sent!(exit_order)),
            ),
            (
                "/copy_trading_account/exit_order_multiple/COMMON",
                web::post().to(move |state, session, body| {
                    exit_order_multiple(TradeKind::Common, Dispatch::Send, state, session, body)
                }),
            ),
            (
                "/copy_trading_account/replace_order/COMMON",
                web::put().to(sent!(replace_order)),
            ),
            (
                "/copy_trading_account/replace_order_individual/COMMON",
                web::put().to(sent!(replace_order_individual)),
            ),
            (
                "/copy_trading_account/cancel_order/COMMON",
                web::delete().to(for_kind!(cancel_order, TradeKind::Common)),
            ),
            (
                "/copy_trading_account/cancel_order_individual/COMMON",
                web::delete().to(for_kind!(cancel_order_individual, TradeKind::Common)),
            ),
            (
                "/copy_trading_account/get_option_chain_list/COMMON",
                web::get().to(option_chain),
            ),
            (
                "/copy_trading_account/get_option_quotes/COMMON",
                web::get().to(option_quotes),
            ),
        ],
    );
}

table_calls! {
    kind: TradeKind::Common,
    tag: "Options (single leg)",
    orders: ("/api/copy_trading_account/database/COMMON", "get_copy_trading_account_database_COMMON", super::option_views::OptionOrdersAnswer, option_orders_answer),
    positions: ("/api/copy_trading_position_account/database/COMMON", "get_copy_trading_position_account_database_COMMON", super::option_views::OptionPositionsAnswer, option_positions_answer),
    refresh: ("/api/copy_trading_account/fetch_trade_status/COMMON", "get_copy_trading_account_fetch_trade_status_COMMON"),
}

/// The fields of a single-leg option order.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = option::OrderFields)]
#[serde(rename_all = "camelCase")]
pub(super) struct OrderFields {
    option_chain_symbol: String,
    option_chain_instruction: String,
    option_chain_order_type: String,
    option_chain_quantity: Loose,
    #[serde(default = "zero_price")]
    option_chain_price: Loose,
}

impl OrderFields {
    /// The fields of one leg given as text.
    pub(super) fn single(
        symbol: &str,
        instruction: &str,
        order_type: &str,
        quantity: &str,
        price: &str,
    ) -> Self {
        let value = |text: &str| Loose(serde_json::Value::String(text.to_owned()));
        Self {
            option_chain_symbol: symbol.to_owned(),
            option_chain_instruction: instruction.to_owned(),
            option_chain_order_type: order_type.to_owned(),
            option_chain_quantity: value(quantity),
            option_chain_price: value(if price.is_empty() { "0" } else { price }),
        }
    }
}

fn zero_price() -> Loose {
    Loose(serde_json::Value::from(0))
}

/// A validated single-leg option order, before tier multipliers.
#[derive(Debug, Clone)]
pub(super) struct OptionOrder {
    symbol: String,
    instruction: Instruction,
    market: bool,
    quantity: u32,
    price: Decimal,
}

impl OptionOrder {
    pub(super) fn parse(fields: &OrderFields, instructions: &[&str]) -> Result<Self, ApiError> {
        let symbol = fields.option_chain_symbol.trim().to_owned();
        if symbol.is_empty() {
            return Err(ApiError::BadRequest("Option symbol is required".into()));
        }
        OptionSymbol::parse(&symbol).map_err(|_| {
            ApiError::BadRequest("Option symbol is not a valid option symbol".into())
        })?;
        let instruction = one_of(
            &fields.option_chain_instruction,
            "Instruction",
            instructions,
        )?
        .parse::<Instruction>()
        .map_err(|_| ApiError::BadRequest("Instruction is not a known instruction".into()))?;
        let order_type = one_of(&fields.option_chain_order_type, "Order Type", ORDER_TYPES)?;
        let quantity = fields.option_chain_quantity.quantity("Quantity")?;
        let market = order_type == "MARKET";
        let price = fields.option_chain_price.price("Price")?;
        if !market && price.is_zero() {
            return Err(ApiError::BadRequest(
                "Price is required for LIMIT orders".into(),
            ));
        }
        Ok(Self {
            symbol,
            instruction,
            market,
            quantity,
            price,
        })
    }

    /// The quantity asked for.
    pub(super) fn quantity(&self) -> u32 {
        self.quantity
    }

    /// The broker order for `quantity` contracts.
    pub(super) fn request(&self, quantity: u32) -> OrderRequest {
        let leg = OrderLeg::option(self.instruction, quantity, self.symbol.clone());
        if self.market {
            OrderRequest::market(leg)
        } else {
            OrderRequest::limit(leg, self.price)
        }
    }
}

/// An account named in a request.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = option::AccountRef)]
#[serde(rename_all = "camelCase")]
pub(super) struct AccountRef {
    account_id: Loose,
    #[serde(default)]
    option_chain_order_id: Option<Loose>,
}

pub(super) fn account_id(value: &Loose, field: &str) -> Result<AccountId, ApiError> {
    let bad = || ApiError::BadRequest(format!("{field} must be an account id"));
    let text = match &value.0 {
        serde_json::Value::Number(n) => n.to_string(),
        serde_json::Value::String(s) => s.trim().to_owned(),
        _ => return Err(bad()),
    };
    text.parse::<u64>().map(AccountId).map_err(|_| bad())
}

pub(super) fn order_id(value: Option<&Loose>, field: &str) -> Result<BrokerOrderId, ApiError> {
    let bad = || ApiError::BadRequest(format!("{field} must be an order id"));
    let text = match value.map(|v| &v.0) {
        Some(serde_json::Value::Number(n)) => n.to_string(),
        Some(serde_json::Value::String(s)) => s.trim().to_owned(),
        _ => return Err(bad()),
    };
    text.parse::<i64>().map(BrokerOrderId).map_err(|_| bad())
}

pub(super) fn session_id(value: &Loose) -> Result<SessionId, ApiError> {
    let bad = || ApiError::BadRequest("Session must be a session id".into());
    let text = match &value.0 {
        serde_json::Value::Number(n) => n.to_string(),
        serde_json::Value::String(s) => s.trim().to_owned(),
        _ => return Err(bad()),
    };
    text.parse::<u64>().map(SessionId).map_err(|_| bad())
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = option::PlaceBody)]
#[serde(rename_all = "camelCase")]
pub(super) struct PlaceBody {
    #[serde(flatten)]
    fan_out: FanOutField,
    #[serde(flatten)]
    split: super::equal_split::SplitField,
    #[serde(default)]
    all_trading_accounts_order_list: Vec<AccountRef>,
    #[serde(flatten)]
    order: OrderFields,
}

pub(super) fn listed_accounts(list: &[AccountRef]) -> Result<Vec<AccountId>, ApiError> {
    list.iter()
        .enumerate()
        .map(|(i, r)| account_id(&r.account_id, &format!("Account {}", i + 1)))
        .collect()
}

fn command(agent: AgentId, action: Action) -> CopyCommand {
    CopyCommand {
        agent,
        kind: TradeKind::Common,
        action,
    }
}

/// The handler of a call shared by several kinds, with the kind fixed.
macro_rules! for_kind {
    ($handler:ident, $kind:expr) => {
        move |state, session, body| $handler($kind, state, session, body)
    };
}
pub(super) use for_kind;

#[utoipa::path(
    post,
    path = "/api/copy_trading_account/place_order/COMMON",
    tag = "Options (single leg)",
    operation_id = "post_copy_trading_account_place_order_COMMON",
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
    let order = OptionOrder::parse(&body.order, OPENING)?;
    let listed = listed_accounts(&body.all_trading_accounts_order_list)?;
    let targets = if listed.is_empty() {
        Targets::Active
    } else {
        Targets::Listed(listed)
    };
    let action = Action::Place {
        targets,
        order: order.request(order.quantity),
    };
    copy_commands::run(&state, command(agent, action), how).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = option::ExitBody)]
#[serde(rename_all = "camelCase")]
pub(super) struct ExitBody {
    #[serde(flatten)]
    fan_out: FanOutField,
    all_trading_accounts_order_list: Vec<AccountRef>,
    #[serde(flatten)]
    order: OrderFields,
}

#[utoipa::path(
    post,
    path = "/api/copy_trading_account/exit_order/COMMON",
    tag = "Options (single leg)",
    operation_id = "post_copy_trading_account_exit_order_COMMON",
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
    let order = OptionOrder::parse(&body.order, CLOSING)?;
    if body.all_trading_accounts_order_list.is_empty() {
        return Err(ApiError::BadRequest(
            "Accounts must name at least one account".into(),
        ));
    }
    let accounts = listed_accounts(&body.all_trading_accounts_order_list)?;
    let request = order.request(order.quantity);
    let exits = accounts.into_iter().map(|a| (a, request.clone())).collect();
    copy_commands::run(&state, command(agent, Action::Exit { exits }), how).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = option::ExitEntry)]
#[serde(rename_all = "camelCase")]
pub(super) struct ExitEntry {
    account_id: Loose,
    #[serde(flatten)]
    order: OrderFields,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = option::ExitMultipleBody)]
#[serde(rename_all = "camelCase")]
pub(super) struct ExitMultipleBody {
    #[serde(flatten)]
    fan_out: FanOutField,
    orders_to_exit: Vec<ExitEntry>,
}

pub(super) async fn exit_order_multiple(
    kind: TradeKind,
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
    let mut exits = Vec::new();
    for (i, entry) in body.orders_to_exit.iter().enumerate() {
        let position = i + 1;
        let account = account_id(&entry.account_id, &format!("Position {position}: Account"))?;
        let order = OptionOrder::parse(&entry.order, CLOSING).map_err(|err| match err {
            ApiError::BadRequest(message) => {
                ApiError::BadRequest(format!("Position {position}: {message}"))
            }
            other => other,
        })?;
        exits.push((account, order.request(order.quantity)));
    }
    let command = CopyCommand {
        agent,
        kind,
        action: Action::Exit { exits },
    };
    copy_commands::run(&state, command, how).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = option::ReplaceBody)]
#[serde(rename_all = "camelCase")]
pub(super) struct ReplaceBody {
    #[serde(flatten)]
    fan_out: FanOutField,
    #[serde(rename = "agentTradingSessionID")]
    agent_trading_session_id: Loose,
    all_trading_accounts_order_list: Vec<AccountRef>,
    #[serde(flatten)]
    order: OrderFields,
}

pub(super) fn pairs(
    list: &[AccountRef],
    field: &str,
) -> Result<Vec<(AccountId, BrokerOrderId)>, ApiError> {
    list.iter()
        .enumerate()
        .map(|(i, r)| {
            Ok((
                account_id(&r.account_id, &format!("{field} {}: Account", i + 1))?,
                order_id(
                    r.option_chain_order_id.as_ref(),
                    &format!("{field} {}: Order", i + 1),
                )?,
            ))
        })
        .collect()
}

#[utoipa::path(
    put,
    path = "/api/copy_trading_account/replace_order/COMMON",
    tag = "Options (single leg)",
    operation_id = "put_copy_trading_account_replace_order_COMMON",
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
    let order = OptionOrder::parse(&body.order, ANY_OPTION)?;
    let orders = pairs(&body.all_trading_accounts_order_list, "Order")?;
    let action = Action::Replace {
        session: session_id,
        orders,
        order: order.request(order.quantity),
    };
    copy_commands::run(&state, command(agent, action), how).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = option::IndividualBody)]
#[serde(rename_all = "camelCase")]
pub(super) struct IndividualBody {
    #[serde(rename = "agentTradingSessionID")]
    agent_trading_session_id: Loose,
    account_id: Loose,
    option_chain_order_id: Loose,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = option::ReplaceIndividualBody)]
#[serde(rename_all = "camelCase")]
pub(super) struct ReplaceIndividualBody {
    #[serde(flatten)]
    fan_out: FanOutField,
    #[serde(flatten)]
    target: IndividualBody,
    #[serde(flatten)]
    order: OrderFields,
}

#[utoipa::path(
    put,
    path = "/api/copy_trading_account/replace_order_individual/COMMON",
    tag = "Options (single leg)",
    operation_id = "put_copy_trading_account_replace_order_individual_COMMON",
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
    let order_id = order_id(Some(&body.target.option_chain_order_id), "Order")?;
    let order = OptionOrder::parse(&body.order, ANY_OPTION)?;
    let action = Action::Replace {
        session: session_id,
        orders: vec![(account, order_id)],
        order: order.request(order.quantity),
    };
    copy_commands::run(&state, command(agent, action), how).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = option::CancelBody)]
#[serde(rename_all = "camelCase")]
pub(super) struct CancelBody {
    #[serde(rename = "agentTradingSessionID")]
    agent_trading_session_id: Loose,
    all_trading_accounts_order_list: Vec<AccountRef>,
}

pub(super) async fn cancel_order(
    kind: TradeKind,
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<CancelBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let session_id = session_id(&body.agent_trading_session_id)?;
    let orders = pairs(&body.all_trading_accounts_order_list, "Order")?;
    let action = Action::Cancel {
        session: session_id,
        orders,
    };
    copy_commands::run(
        &state,
        CopyCommand {
            agent,
            kind,
            action,
        },
        How::DEFAULT,
    )
    .await
}

pub(super) async fn cancel_order_individual(
    kind: TradeKind,
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<IndividualBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let session_id = session_id(&body.agent_trading_session_id)?;
    let account = account_id(&body.account_id, "Account")?;
    let order_id = order_id(Some(&body.option_chain_order_id), "Order")?;
    let action = Action::Cancel {
        session: session_id,
        orders: vec![(account, order_id)],
    };
    copy_commands::run(
        &state,
        CopyCommand {
            agent,
            kind,
            action,
        },
        How::DEFAULT,
    )
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct ChainQuery {
    option_contract_ticker_name: String,
    option_chain_call_put: String,
}

/// One contract of an option chain with its quote.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = option::ChainEntry)]
struct ChainEntry {
    description: String,
    /// The OSI option symbol.
    symbol: String,
    bid: f64,
    ask: f64,
    last: f64,
    mark: f64,
}

/// An option chain: expiration date → strike price → the contracts there.
#[derive(utoipa::ToSchema)]
#[schema(as = option::Chain)]
#[allow(dead_code, reason = "describes the JSON shape only")]
struct OptionChainAnswer(
    std::collections::BTreeMap<String, std::collections::BTreeMap<String, Vec<ChainEntry>>>,
);

#[utoipa::path(
    get,
    path = "/api/copy_trading_account/get_option_chain_list/COMMON",
    tag = "Options (single leg)",
    operation_id = "get_copy_trading_account_get_option_chain_list_COMMON",
    params(ChainQuery),
    responses((status = 200, description = "The answer", body = OptionChainAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn option_chain(
    state: web::Data<AppState>,
    session: Session,
    query: web::Query<ChainQuery>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let ticker = word(
        &query.option_contract_ticker_name,
        "optionContractTickerName",
    )?;
    if ticker.len() > 10
        || !ticker
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '$' | '/'))
    {
        return Err(ApiError::BadRequest(
            "optionContractTickerName is not a valid ticker".into(),
        ));
    }
    let side = match one_of(
        &query.option_chain_call_put,
        "optionChainCallPut",
        &["CALL", "PUT"],
    )?
    .as_str()
    {
        "CALL" => PutCall::Call,
        _ => PutCall::Put,
    };
    let account = market_data_account(&state, agent)?;
    let chain = account
        .option_chain(&ticker, side)
        .await
        .map_err(|err| account_failure(&err))?;
    let mut answer: serde_json::Map<String, serde_json::Value> = serde_json::Map::new();
    for (expiry, strikes) in &chain.expirations {
        let mut by_strike = serde_json::Map::new();
        for (strike, contracts) in strikes {
            let entries: Vec<ChainEntry> = contracts
                .iter()
                .map(|c| ChainEntry {
                    description: c.description.clone(),
                    symbol: c.symbol.clone(),
                    bid: number(Some(c.bid)),
                    ask: number(Some(c.ask)),
                    last: number(Some(c.last)),
                    mark: number(Some(c.mark)),
                })
                .collect();
            by_strike.insert(
                strike.to_string(),
                serde_json::to_value(entries).map_err(ApiError::internal)?,
            );
        }
        answer.insert(expiry.to_string(), serde_json::Value::Object(by_strike));
    }
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct OptionQuoteQuery {
    /// One to twenty OSI option symbols, separated by commas (e.g. the two legs of a vertical).
    option_chain_symbol: String,
}

/// The most contracts one quote call reads (the legs of an order, or the positions of one dialog).
const MAX_QUOTED_CONTRACTS: usize = 20;

/// How long an option quote may take before the answer is a 502.
const OPTION_QUOTE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// One option contract's quote; a side the brokerage does not quote is null.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = option::Quote, example = json!({"symbol": "AAPL  241018C00230000", "bid": 2.45, "ask": 2.55, "last": 2.5, "mark": 2.5}))]
struct OptionQuote {
    /// The padded OSI option symbol.
    symbol: String,
    #[schema(required = true)]
    bid: Option<f64>,
    #[schema(required = true)]
    ask: Option<f64>,
    #[schema(required = true)]
    last: Option<f64>,
    #[schema(required = true)]
    mark: Option<f64>,
}

#[utoipa::path(
    get,
    path = "/api/copy_trading_account/get_option_quotes/COMMON",
    tag = "Options (single leg)",
    operation_id = "get_copy_trading_account_get_option_quotes_COMMON",
    params(OptionQuoteQuery),
    responses((status = 200, description = "The quote of each contract asked for that the brokerage quotes, in the order asked (one brokerage read for all of them)", body = Vec<OptionQuote>, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn option_quotes(
    state: web::Data<AppState>,
    session: Session,
    query: web::Query<OptionQuoteQuery>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let mut symbols: Vec<String> = Vec::new();
    for text in query.option_chain_symbol.split(',') {
        let symbol = OptionSymbol::parse(text.trim()).map_err(|_| {
            ApiError::BadRequest(
                "optionChainSymbol must be OSI option symbols separated by commas".into(),
            )
        })?;
        let padded = symbol.to_string();
        if !symbols.contains(&padded) {
            symbols.push(padded);
        }
    }
    if symbols.len() > MAX_QUOTED_CONTRACTS {
        return Err(ApiError::BadRequest(format!(
            "optionChainSymbol names at most {MAX_QUOTED_CONTRACTS} contracts"
        )));
    }
    let account = market_data_account(&state, agent)?;
    let quotes = tokio::time::timeout(OPTION_QUOTE_TIMEOUT, account.quotes(&symbols))
        .await
        .map_err(|_| {
            ApiError::BadGateway(
                "The brokerage did not quote the contracts within 5 seconds".into(),
            )
        })?
        .map_err(|err| account_failure(&err))?;
    let answer: Vec<OptionQuote> = symbols
        .iter()
        .filter_map(|symbol| quotes.get(symbol))
        .map(|quote| OptionQuote {
            symbol: quote.symbol.clone(),
            bid: quote.bid.map(|v| number(Some(v))),
            ask: quote.ask.map(|v| number(Some(v))),
            last: quote.last.map(|v| number(Some(v))),
            mark: quote.mark.map(|v| number(Some(v))),
        })
        .collect();
    Ok(HttpResponse::Ok().json(answer))
}

/// An account of the agent with a usable login, to read market data through.
pub(crate) fn market_data_account(
    state: &AppState,
    agent: AgentId,
) -> Result<std::sync::Arc<engine::account::LinkedAccount>, ApiError> {
    let mut accounts = state.store.trading_accounts()?.for_agent(agent)?;
    accounts.sort_by_key(|a| a.id);
    accounts
        .iter()
        .filter_map(|a| state.services.registry.get(a.id))
        .map(|h| h.account)
        .find(|a| a.status().is_usable() && a.link().is_some())
        .ok_or_else(|| ApiError::Conflict {
            message: "Link and authorize a trading account first to read market data".into(),
            code: "authorization_needed",
        })
}
