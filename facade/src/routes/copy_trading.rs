//! `/api/copy_trading_account/*/COMMON` and the option positions: place, exit, replace and cancel
//! single-leg option orders on every targeted account at once (spec 01 §7).

use std::collections::HashMap;

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, web};
use engine::account::TierMultipliers;
use engine::copy::{
    CancelResult, CopySession, Placement, Refusal, Replacement, TargetAccount, TradeKind,
    active_quantities,
};
use engine::ids::{AccountId, AgentId, BrokerOrderId, SessionId};
use engine::order::{Instruction, OptionSymbol, OrderLeg, OrderRequest, OrderStatus, PutCall};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use store::TradingAccountRecord;

use super::mount;
use super::option_views::{
    AccountNames, content_tag, number, option_positions_json, orders_answer, with_etag,
};
use super::trading_account::{account_failure, agent};
use crate::json_body::JsonBody;
use crate::order_fields::{Loose, one_of, word};
use crate::{ApiError, AppState};

const OPENING: &[&str] = &["BUY_TO_OPEN", "SELL_TO_OPEN"];
const CLOSING: &[&str] = &["SELL_TO_CLOSE", "BUY_TO_CLOSE"];
const ANY_OPTION: &[&str] = &[
    "BUY_TO_OPEN",
    "SELL_TO_OPEN",
    "SELL_TO_CLOSE",
    "BUY_TO_CLOSE",
];
const ORDER_TYPES: &[&str] = &["LIMIT", "MARKET"];
/// Row statuses whose order may be replaced (spec 01 §4).
pub const REPLACEABLE: &[&str] = &["WORKING", "QUEUED", "PENDING_ACTIVATION", "REPLACED"];

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
                web::post().to(place_order),
            ),
            (
                "/copy_trading_account/exit_order/COMMON",
                web::post().to(exit_order),
            ),
            (
                "/copy_trading_account/exit_order_multiple/COMMON",
                web::post().to(exit_order_multiple),
            ),
            (
                "/copy_trading_account/replace_order/COMMON",
                web::put().to(replace_order),
            ),
            (
                "/copy_trading_account/replace_order_individual/COMMON",
                web::put().to(replace_order_individual),
            ),
            (
                "/copy_trading_account/cancel_order/COMMON",
                web::delete().to(cancel_order),
            ),
            (
                "/copy_trading_account/cancel_order_individual/COMMON",
                web::delete().to(cancel_order_individual),
            ),
            (
                "/copy_trading_account/get_option_chain_list/COMMON",
                web::get().to(option_chain),
            ),
        ],
    );
}

async fn orders(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    orders_answer(&state, &req, agent, TradeKind::Common)
}

async fn positions(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let bytes = option_positions_json(&state, agent)?;
    let tag = format!("positions-{agent}-{}", content_tag(&bytes));
    Ok(with_etag(&req, tag, bytes))
}

/// The fields of a single-leg option order.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct OrderFields {
    option_chain_symbol: String,
    option_chain_instruction: String,
    option_chain_order_type: String,
    option_chain_quantity: Loose,
    #[serde(default = "zero_price")]
    option_chain_price: Loose,
}

fn zero_price() -> Loose {
    Loose(serde_json::Value::from(0))
}

/// A validated single-leg option order, before tier multipliers.
#[derive(Debug, Clone)]
struct OptionOrder {
    symbol: String,
    instruction: Instruction,
    market: bool,
    quantity: u32,
    price: Decimal,
}

impl OptionOrder {
    fn parse(fields: &OrderFields, instructions: &[&str]) -> Result<Self, ApiError> {
        let symbol = fields.option_chain_symbol.trim().to_owned();
        if symbol.is_empty() {
            return Err(ApiError::BadRequest("optionChainSymbol is required".into()));
        }
        OptionSymbol::parse(&symbol).map_err(|_| {
            ApiError::BadRequest("optionChainSymbol is not a valid option symbol".into())
        })?;
        let instruction = one_of(
            &fields.option_chain_instruction,
            "optionChainInstruction",
            instructions,
        )?
        .parse::<Instruction>()
        .map_err(|_| {
            ApiError::BadRequest("optionChainInstruction is not a known instruction".into())
        })?;
        let order_type = one_of(
            &fields.option_chain_order_type,
            "optionChainOrderType",
            ORDER_TYPES,
        )?;
        let quantity = fields
            .option_chain_quantity
            .quantity("optionChainQuantity")?;
        let market = order_type == "MARKET";
        let price = fields.option_chain_price.price("optionChainPrice")?;
        if !market && price.is_zero() {
            return Err(ApiError::BadRequest(
                "optionChainPrice is required for LIMIT orders".into(),
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

    /// The broker order for `quantity` contracts.
    fn request(&self, quantity: u32) -> OrderRequest {
        let leg = OrderLeg::option(self.instruction, quantity, self.symbol.clone());
        if self.market {
            OrderRequest::market(leg)
        } else {
            OrderRequest::limit(leg, self.price)
        }
    }
}

/// An account named in a request.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct AccountRef {
    account_id: Loose,
    #[serde(default)]
    option_chain_order_id: Option<Loose>,
}

fn account_id(value: &Loose, field: &str) -> Result<AccountId, ApiError> {
    let bad = || ApiError::BadRequest(format!("{field} must be an account id"));
    let text = match &value.0 {
        serde_json::Value::Number(n) => n.to_string(),
        serde_json::Value::String(s) => s.trim().to_owned(),
        _ => return Err(bad()),
    };
    text.parse::<u64>().map(AccountId).map_err(|_| bad())
}

fn order_id(value: Option<&Loose>, field: &str) -> Result<BrokerOrderId, ApiError> {
    let bad = || ApiError::BadRequest(format!("{field} must be an order id"));
    let text = match value.map(|v| &v.0) {
        Some(serde_json::Value::Number(n)) => n.to_string(),
        Some(serde_json::Value::String(s)) => s.trim().to_owned(),
        _ => return Err(bad()),
    };
    text.parse::<i64>().map(BrokerOrderId).map_err(|_| bad())
}

fn session_id(value: &Loose) -> Result<SessionId, ApiError> {
    let bad = || ApiError::BadRequest("agentTradingSessionID must be a session id".into());
    let text = match &value.0 {
        serde_json::Value::Number(n) => n.to_string(),
        serde_json::Value::String(s) => s.trim().to_owned(),
        _ => return Err(bad()),
    };
    text.parse::<u64>().map(SessionId).map_err(|_| bad())
}

/// The agent's accounts by id.
fn accounts_of(
    state: &AppState,
    agent: AgentId,
) -> Result<HashMap<AccountId, TradingAccountRecord>, ApiError> {
    Ok(state
        .store
        .trading_accounts()?
        .for_agent(agent)?
        .into_iter()
        .map(|a| (a.id, a))
        .collect())
}

/// Every listed id must be one of the agent's accounts; otherwise nothing is sent (403).
fn owned(
    owned: &HashMap<AccountId, TradingAccountRecord>,
    ids: impl IntoIterator<Item = AccountId>,
) -> Result<Vec<TradingAccountRecord>, ApiError> {
    ids.into_iter()
        .map(|id| {
            owned.get(&id).cloned().ok_or_else(|| {
                ApiError::Forbidden(format!("account {id} is not one of your trading accounts"))
            })
        })
        .collect()
}

/// The accounts a place goes to: the listed ones, or every account with trading on and a usable login.
fn place_targets(
    state: &AppState,
    accounts: &HashMap<AccountId, TradingAccountRecord>,
    listed: &[AccountRef],
) -> Result<Vec<TradingAccountRecord>, ApiError> {
    let mut targets = if listed.is_empty() {
        let candidates: Vec<TargetAccount> = accounts
            .values()
            .map(|a| TargetAccount {
                id: a.id,
                tier: a.account_type,
                trading_active: a.trading_active,
                usable: state
                    .services
                    .registry
                    .get(a.id)
                    .is_some_and(|h| h.account.status().is_usable()),
            })
            .collect();
        // The quantity is applied later; here only the choice of accounts matters.
        active_quantities(&candidates, &TierMultipliers::default(), 1)
            .map_err(|e| ApiError::BadRequest(e.to_string()))?
            .into_iter()
            .filter_map(|(id, _)| accounts.get(&id).cloned())
            .collect()
    } else {
        let ids = listed
            .iter()
            .enumerate()
            .map(|(i, r)| {
                account_id(
                    &r.account_id,
                    &format!("allTradingAccountsOrderList[{i}].accountId"),
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        owned(accounts, ids)?
    };
    targets.dedup_by_key(|a| a.id);
    if targets.is_empty() {
        return Err(ApiError::Conflict {
            message: "No active trading account to send the order to".into(),
            code: "no_active_accounts",
        });
    }
    Ok(targets)
}

/// One account that did not accept, in a partial answer.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Failure {
    account_id: u64,
    account_name: String,
    reason: String,
}

/// The partial answer: which accounts accepted and which did not, and why.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Partial {
    #[serde(
        rename = "agentTradingSessionID",
        skip_serializing_if = "Option::is_none"
    )]
    agent_trading_session_id: Option<u64>,
    accepted: Vec<u64>,
    failed: Vec<Failure>,
}

fn text_success() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body("success")
}

/// `success` when every row was accepted, else the partial answer.
fn session_answer(state: &AppState, session: &CopySession) -> Result<HttpResponse, ApiError> {
    if session.rows.iter().all(|r| r.accepted()) {
        return Ok(text_success());
    }
    let names = AccountNames::load(state, session.agent)?;
    Ok(HttpResponse::Ok().json(Partial {
        agent_trading_session_id: Some(session.id.get()),
        accepted: session
            .rows
            .iter()
            .filter(|r| r.accepted())
            .map(|r| r.account.get())
            .collect(),
        failed: session
            .rows
            .iter()
            .filter(|r| !r.accepted())
            .map(|r| Failure {
                account_id: r.account.get(),
                account_name: names.of(r.account).0,
                reason: r
                    .status_description
                    .clone()
                    .unwrap_or_else(|| r.status_word()),
            })
            .collect(),
    }))
}

fn next_session(state: &AppState, agent: AgentId) -> Result<SessionId, ApiError> {
    Ok(SessionId(
        state
            .store
            .counters()?
            .next_for_agent(agent.get(), "session")?,
    ))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlaceBody {
    #[serde(default)]
    all_trading_accounts_order_list: Vec<AccountRef>,
    #[serde(flatten)]
    order: OrderFields,
}

async fn place_order(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<PlaceBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let order = OptionOrder::parse(&body.order, OPENING)?;
    let accounts = accounts_of(&state, agent)?;
    let targets = place_targets(&state, &accounts, &body.all_trading_accounts_order_list)?;
    let tiers = state.store.settings()?.tier_multipliers(agent)?;
    let placements = targets
        .iter()
        .map(|account| {
            let quantity = tiers
                .scale(account.account_type, order.quantity)
                .ok_or_else(|| {
                    ApiError::BadRequest(
                        "optionChainQuantity is too large for the account tiers".into(),
                    )
                })?;
            Ok(Placement {
                account: account.id,
                request: order.request(quantity),
            })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let id = next_session(&state, agent)?;
    let copy = state
        .services
        .supervisor
        .place(agent, TradeKind::Common, id, placements)
        .await;
    tracing::info!(agent = %agent, session = %id, accounts = copy.rows.len(), "option order placed");
    session_answer(&state, &copy)
}

/// What an account holds of an option: net contracts (negative = short).
fn held(state: &AppState, account: AccountId, symbol: &str) -> i64 {
    state
        .services
        .registry
        .get(account)
        .and_then(|h| h.account.current_view().snapshot)
        .and_then(|s| {
            s.position(symbol)
                .map(engine::broker::Position::net_quantity)
        })
        .unwrap_or(0)
}

/// The closing order for one account, capped at what it holds; `Err` with the reason it cannot close.
fn exit_request(
    state: &AppState,
    account: AccountId,
    order: &OptionOrder,
) -> Result<OrderRequest, String> {
    let net = held(state, account, &order.symbol);
    let closes_long = order.instruction == Instruction::SellToClose;
    let holding = if closes_long { net } else { -net };
    if holding <= 0 {
        let side = if closes_long { "long" } else { "short" };
        return Err(format!(
            "the account holds no {side} position in {}",
            order.symbol
        ));
    }
    let quantity = u32::try_from(holding)
        .unwrap_or(u32::MAX)
        .min(order.quantity);
    Ok(order.request(quantity))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ExitBody {
    all_trading_accounts_order_list: Vec<AccountRef>,
    #[serde(flatten)]
    order: OrderFields,
}

async fn exit_order(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<ExitBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let order = OptionOrder::parse(&body.order, CLOSING)?;
    if body.all_trading_accounts_order_list.is_empty() {
        return Err(ApiError::BadRequest(
            "allTradingAccountsOrderList must name at least one account".into(),
        ));
    }
    let accounts = accounts_of(&state, agent)?;
    let targets = place_targets(&state, &accounts, &body.all_trading_accounts_order_list)?;
    let id = next_session(&state, agent)?;
    let copy = exit_session(
        &state,
        agent,
        id,
        targets.iter().map(|t| (t.id, order.clone())).collect(),
    )
    .await;
    session_answer(&state, &copy)
}

/// Places the exits that can be placed and records a failed row for each account that holds nothing.
async fn exit_session(
    state: &AppState,
    agent: AgentId,
    id: SessionId,
    exits: Vec<(AccountId, OptionOrder)>,
) -> CopySession {
    let mut placements = Vec::new();
    let mut refusals = Vec::new();
    for (account, order) in exits {
        match exit_request(state, account, &order) {
            Ok(request) => placements.push(Placement { account, request }),
            Err(reason) => refusals.push(Refusal {
                account,
                request: order.request(order.quantity),
                reason,
            }),
        }
    }
    state
        .services
        .supervisor
        .place_with_refusals(agent, TradeKind::Common, id, placements, refusals)
        .await
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ExitEntry {
    account_id: Loose,
    #[serde(flatten)]
    order: OrderFields,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ExitMultipleBody {
    orders_to_exit: Vec<ExitEntry>,
}

async fn exit_order_multiple(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<ExitMultipleBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    if body.orders_to_exit.is_empty() {
        return Err(ApiError::BadRequest(
            "ordersToExit must name at least one position".into(),
        ));
    }
    let accounts = accounts_of(&state, agent)?;
    let mut exits = Vec::new();
    for (i, entry) in body.orders_to_exit.iter().enumerate() {
        let account = account_id(&entry.account_id, &format!("ordersToExit[{i}].accountId"))?;
        owned(&accounts, [account])?;
        let order = OptionOrder::parse(&entry.order, CLOSING).map_err(|err| match err {
            ApiError::BadRequest(message) => {
                ApiError::BadRequest(format!("ordersToExit[{i}].{message}"))
            }
            other => other,
        })?;
        exits.push((account, order));
    }
    let id = next_session(&state, agent)?;
    let copy = exit_session(&state, agent, id, exits).await;
    session_answer(&state, &copy)
}

/// The session and its rows for the listed (account, order) pairs; every pair must be a row of it.
fn rows_of(
    state: &AppState,
    agent: AgentId,
    session: SessionId,
    pairs: &[(AccountId, BrokerOrderId)],
) -> Result<CopySession, ApiError> {
    let copy = state
        .services
        .supervisor
        .keeper()
        .book()
        .session(agent, session)
        .ok_or_else(|| ApiError::NotFound("No such copy-trading session".into()))?;
    for (account, order) in pairs {
        if !copy
            .rows
            .iter()
            .any(|r| r.account == *account && r.order_id == Some(*order))
        {
            return Err(ApiError::NotFound(format!(
                "order {order} of account {account} is not part of session {session}"
            )));
        }
    }
    Ok(copy)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReplaceBody {
    #[serde(rename = "agentTradingSessionID")]
    agent_trading_session_id: Loose,
    all_trading_accounts_order_list: Vec<AccountRef>,
    #[serde(flatten)]
    order: OrderFields,
}

fn pairs(list: &[AccountRef], field: &str) -> Result<Vec<(AccountId, BrokerOrderId)>, ApiError> {
    list.iter()
        .enumerate()
        .map(|(i, r)| {
            Ok((
                account_id(&r.account_id, &format!("{field}[{i}].accountId"))?,
                order_id(
                    r.option_chain_order_id.as_ref(),
                    &format!("{field}[{i}].optionChainOrderId"),
                )?,
            ))
        })
        .collect()
}

/// The agent's accounts and the session, once every listed (account, order) is checked: at least one,
/// each account the agent's (403), each order a row of the session (404).
fn targeted_rows(
    state: &AppState,
    agent: AgentId,
    session: SessionId,
    pairs: &[(AccountId, BrokerOrderId)],
) -> Result<(HashMap<AccountId, TradingAccountRecord>, CopySession), ApiError> {
    if pairs.is_empty() {
        return Err(ApiError::BadRequest(
            "allTradingAccountsOrderList must name at least one order".into(),
        ));
    }
    let accounts = accounts_of(state, agent)?;
    owned(&accounts, pairs.iter().map(|(a, _)| *a))?;
    let copy = rows_of(state, agent, session, pairs)?;
    Ok((accounts, copy))
}

async fn replace(
    state: &AppState,
    agent: AgentId,
    session: SessionId,
    pairs: Vec<(AccountId, BrokerOrderId)>,
    order: OptionOrder,
) -> Result<HttpResponse, ApiError> {
    let (accounts, copy) = targeted_rows(state, agent, session, &pairs)?;
    for (account, order_id) in &pairs {
        let row = copy
            .rows
            .iter()
            .find(|r| r.account == *account && r.order_id == Some(*order_id));
        let status = row
            .map(engine::copy::CopyRow::status_word)
            .unwrap_or_default();
        if !REPLACEABLE.contains(&status.as_str()) {
            return Err(ApiError::Conflict {
                message: format!(
                    "order {order_id} of account {account} is {status}; only WORKING, QUEUED, PENDING_ACTIVATION or REPLACED orders can be replaced"
                ),
                code: "not_replaceable",
            });
        }
    }
    let tiers = state.store.settings()?.tier_multipliers(agent)?;
    let replacements = pairs
        .iter()
        .map(|(account, old)| {
            let tier = accounts
                .get(account)
                .map(|a| a.account_type)
                .unwrap_or(engine::account::AccountType::Small);
            let quantity = tiers.scale(tier, order.quantity).ok_or_else(|| {
                ApiError::BadRequest(
                    "optionChainQuantity is too large for the account tiers".into(),
                )
            })?;
            Ok(Replacement {
                account: *account,
                order: *old,
                request: order.request(quantity),
            })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let id = next_session(state, agent)?;
    let copy = state
        .services
        .supervisor
        .replace(agent, TradeKind::Common, id, replacements)
        .await;
    session_answer(state, &copy)
}

async fn replace_order(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<ReplaceBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let session_id = session_id(&body.agent_trading_session_id)?;
    let order = OptionOrder::parse(&body.order, ANY_OPTION)?;
    let pairs = pairs(
        &body.all_trading_accounts_order_list,
        "allTradingAccountsOrderList",
    )?;
    replace(&state, agent, session_id, pairs, order).await
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct IndividualBody {
    #[serde(rename = "agentTradingSessionID")]
    agent_trading_session_id: Loose,
    account_id: Loose,
    option_chain_order_id: Loose,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReplaceIndividualBody {
    #[serde(flatten)]
    target: IndividualBody,
    #[serde(flatten)]
    order: OrderFields,
}

async fn replace_order_individual(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<ReplaceIndividualBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let session_id = session_id(&body.target.agent_trading_session_id)?;
    let account = account_id(&body.target.account_id, "accountId")?;
    let order_id = order_id(
        Some(&body.target.option_chain_order_id),
        "optionChainOrderId",
    )?;
    let order = OptionOrder::parse(&body.order, ANY_OPTION)?;
    replace(&state, agent, session_id, vec![(account, order_id)], order).await
}

fn cancel_answer(
    state: &AppState,
    agent: AgentId,
    results: &[CancelResult],
) -> Result<HttpResponse, ApiError> {
    if results.iter().all(|r| r.result.is_ok()) {
        return Ok(text_success());
    }
    let names = AccountNames::load(state, agent)?;
    Ok(HttpResponse::Ok().json(Partial {
        agent_trading_session_id: None,
        accepted: results
            .iter()
            .filter(|r| r.result.is_ok())
            .map(|r| r.account.get())
            .collect(),
        failed: results
            .iter()
            .filter_map(|r| {
                r.result.as_ref().err().map(|reason| Failure {
                    account_id: r.account.get(),
                    account_name: names.of(r.account).0,
                    reason: reason.clone(),
                })
            })
            .collect(),
    }))
}

async fn cancel(
    state: &AppState,
    agent: AgentId,
    session: SessionId,
    pairs: Vec<(AccountId, BrokerOrderId)>,
) -> Result<HttpResponse, ApiError> {
    let (_, copy) = targeted_rows(state, agent, session, &pairs)?;
    let already: Vec<_> = pairs
        .iter()
        .filter(|(a, o)| {
            copy.rows.iter().any(|r| {
                r.account == *a
                    && r.order_id == Some(*o)
                    && r.status_word() == OrderStatus::Canceled.as_str()
            })
        })
        .collect();
    if !already.is_empty() && already.len() == pairs.len() {
        return Err(ApiError::Conflict {
            message: "The order is already canceled".into(),
            code: "already_canceled",
        });
    }
    let results = state.services.supervisor.cancel(pairs).await;
    cancel_answer(state, agent, &results)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CancelBody {
    #[serde(rename = "agentTradingSessionID")]
    agent_trading_session_id: Loose,
    all_trading_accounts_order_list: Vec<AccountRef>,
}

async fn cancel_order(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<CancelBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let session_id = session_id(&body.agent_trading_session_id)?;
    let pairs = pairs(
        &body.all_trading_accounts_order_list,
        "allTradingAccountsOrderList",
    )?;
    cancel(&state, agent, session_id, pairs).await
}

async fn cancel_order_individual(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<IndividualBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let session_id = session_id(&body.agent_trading_session_id)?;
    let account = account_id(&body.account_id, "accountId")?;
    let order_id = order_id(Some(&body.option_chain_order_id), "optionChainOrderId")?;
    cancel(&state, agent, session_id, vec![(account, order_id)]).await
}

async fn fetch_trade_status(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let (_, sessions) = state
        .services
        .supervisor
        .keeper()
        .book()
        .view(agent, TradeKind::Common);
    let mut involved: Vec<AccountId> = sessions
        .iter()
        .filter(|s| s.has_open_rows())
        .flat_map(|s| s.rows.iter().map(|r| r.account))
        .collect();
    involved.sort();
    involved.dedup();
    let polls = involved
        .into_iter()
        .filter_map(|id| state.services.registry.get(id))
        .map(|handle| async move {
            handle.account.poll_now().await;
        });
    futures::future::join_all(polls).await;
    orders_answer(&state, &req, agent, TradeKind::Common)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ChainQuery {
    option_contract_ticker_name: String,
    option_chain_call_put: String,
}

#[derive(Debug, Serialize)]
struct ChainEntry {
    description: String,
    symbol: String,
    bid: f64,
    ask: f64,
    last: f64,
    mark: f64,
}

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
