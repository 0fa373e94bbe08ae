//! `/api/option_contract/*` (favourite option tickers) and `/api/option_contract_save_order/*/COMMON`
//! (saved single-leg option orders), spec 01 §7.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use engine::ids::AgentId;
use engine::order::OptionSymbol;
use serde::{Deserialize, Serialize};
use store::{SavedOptionOrder, StoreError, WatchList};

use super::mounting::mount;
use super::trading_account::agent;
use crate::json_body::JsonBody;
use crate::order_fields::{Loose, one_of, word};
use crate::{ApiError, AppState};

/// The refusal text of a duplicate ticker (spec 01 §5).
pub const DUPLICATE_CONTRACT: &str = "Option contract is already existed";
const TICKER_MAX: usize = 10;

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(
        cfg,
        [
            (
                "/option_contract/get_option_contract_list",
                web::get().to(list),
            ),
            ("/option_contract/add_option_contract", web::post().to(add)),
            (
                "/option_contract/remove_option_contract",
                web::delete().to(remove),
            ),
            (
                "/option_contract_save_order/get_option_contract_save_order_list/COMMON",
                web::get().to(saved_list),
            ),
            (
                "/option_contract_save_order/add_option_contract_save_order/COMMON",
                web::post().to(saved_add),
            ),
            (
                "/option_contract_save_order/remove_option_contract_save_order/COMMON",
                web::delete().to(saved_remove),
            ),
        ],
    );
}

#[derive(Debug, Serialize)]
struct ListAnswer<T> {
    success: bool,
    list: Vec<T>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = option_contract::SymbolBody)]
#[serde(rename_all = "camelCase")]
struct SymbolBody {
    option_chain_symbol: String,
}

fn ticker(value: &str) -> Result<String, ApiError> {
    let ticker = word(value, "optionChainSymbol")?;
    let valid = ticker.len() <= TICKER_MAX
        && ticker
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '$' | '/'));
    if valid {
        Ok(ticker)
    } else {
        Err(ApiError::BadRequest(
            "Option symbol is not a valid ticker".into(),
        ))
    }
}

#[utoipa::path(
    get,
    path = "/api/option_contract/get_option_contract_list",
    tag = "Option contracts",
    operation_id = "get_option_contract_get_option_contract_list",
    responses((status = 200, description = "The answer", body = Vec<String>, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn list(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    Ok(HttpResponse::Ok().json(
        state
            .store
            .watch_lists()?
            .get(agent, WatchList::OptionContracts)?,
    ))
}

#[utoipa::path(
    post,
    path = "/api/option_contract/add_option_contract",
    tag = "Option contracts",
    operation_id = "post_option_contract_add_option_contract",
    request_body = SymbolBody,
    responses((status = 200, description = "The answer", body = crate::routes::answer_schemas::SymbolListAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn add(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<SymbolBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let symbol = ticker(&body.0.option_chain_symbol)?;
    check_known_ticker(&state, agent, &symbol, "Ticker").await?;
    match state
        .store
        .watch_lists()?
        .add(agent, WatchList::OptionContracts, &symbol)
    {
        Ok(list) => Ok(HttpResponse::Ok().json(ListAnswer {
            success: true,
            list,
        })),
        Err(StoreError::Conflict(_)) => Err(ApiError::Conflict {
            message: DUPLICATE_CONTRACT.into(),
            code: "option_contract_exists",
        }),
        Err(err) => Err(err.into()),
    }
}

#[utoipa::path(
    delete,
    path = "/api/option_contract/remove_option_contract",
    tag = "Option contracts",
    operation_id = "delete_option_contract_remove_option_contract",
    request_body = SymbolBody,
    responses((status = 200, description = "The answer", body = crate::routes::answer_schemas::SymbolListAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn remove(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<SymbolBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let symbol = word(&body.0.option_chain_symbol, "optionChainSymbol")?;
    let (removed, list) =
        state
            .store
            .watch_lists()?
            .remove(agent, WatchList::OptionContracts, &symbol)?;
    if !removed {
        return Err(ApiError::NotFound(format!(
            "{symbol} is not in the option contract list"
        )));
    }
    Ok(HttpResponse::Ok().json(ListAnswer {
        success: true,
        list,
    }))
}

#[utoipa::path(
    get,
    path = "/api/option_contract_save_order/get_option_contract_save_order_list/COMMON",
    tag = "Option contracts",
    operation_id = "get_option_contract_save_order_get_option_contract_save_order_list_COMMON",
    responses((status = 200, description = "The answer", body = crate::routes::answer_schemas::SavedOptionOrdersAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn saved_list(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    Ok(HttpResponse::Ok().json(ListAnswer {
        success: true,
        list: state.store.saved_orders()?.options(agent)?,
    }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = option_contract::SaveBody)]
#[serde(rename_all = "camelCase")]
struct SaveBody {
    option_chain_symbol: String,
    #[serde(default)]
    option_chain_description: String,
    option_chain_instruction: String,
    option_chain_order_type: String,
    option_chain_quantity: Loose,
    option_chain_price: Loose,
}

#[utoipa::path(
    post,
    path = "/api/option_contract_save_order/add_option_contract_save_order/COMMON",
    tag = "Option contracts",
    operation_id = "post_option_contract_save_order_add_option_contract_save_order_COMMON",
    request_body = SaveBody,
    responses((status = 200, description = "The answer", body = crate::routes::answer_schemas::SavedOptionOrdersAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn saved_add(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<SaveBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let symbol = body.option_chain_symbol.trim().to_owned();
    if symbol.is_empty() {
        return Err(ApiError::BadRequest("Option symbol is required".into()));
    }
    OptionSymbol::parse(&symbol)
        .map_err(|_| ApiError::BadRequest("Option symbol is not a valid option symbol".into()))?;
    let description = body.option_chain_description.trim();
    if description.is_empty() {
        return Err(ApiError::BadRequest("Description is required".into()));
    }
    let instruction = one_of(
        &body.option_chain_instruction,
        "optionChainInstruction",
        &[
            "BUY_TO_OPEN",
            "SELL_TO_OPEN",
            "SELL_TO_CLOSE",
            "BUY_TO_CLOSE",
        ],
    )?;
    let order_type = one_of(
        &body.option_chain_order_type,
        "optionChainOrderType",
        &["LIMIT", "MARKET"],
    )?;
    let quantity = body.option_chain_quantity.quantity("optionChainQuantity")?;
    let price = body.option_chain_price.price("optionChainPrice")?;
    let list = state.store.saved_orders()?.save_option(
        agent,
        SavedOptionOrder {
            option_chain_symbol: symbol,
            option_chain_description: description.chars().take(128).collect(),
            option_chain_instruction: instruction,
            option_chain_order_type: order_type,
            option_chain_quantity: quantity,
            option_chain_price: price.to_string(),
        },
    )?;
    Ok(HttpResponse::Ok().json(ListAnswer {
        success: true,
        list,
    }))
}

#[utoipa::path(
    delete,
    path = "/api/option_contract_save_order/remove_option_contract_save_order/COMMON",
    tag = "Option contracts",
    operation_id = "delete_option_contract_save_order_remove_option_contract_save_order_COMMON",
    request_body = SymbolBody,
    responses((status = 200, description = "The answer", body = crate::routes::answer_schemas::SavedOptionOrdersAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn saved_remove(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<SymbolBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let symbol = body.0.option_chain_symbol.trim().to_owned();
    if symbol.is_empty() {
        return Err(ApiError::BadRequest("Option symbol is required".into()));
    }
    let (removed, list) = state.store.saved_orders()?.remove_option(agent, &symbol)?;
    if !removed {
        return Err(ApiError::NotFound(
            "No saved order for that option symbol".into(),
        ));
    }
    Ok(HttpResponse::Ok().json(ListAnswer {
        success: true,
        list,
    }))
}

/// Refuses a ticker the brokerage does not quote (a favourite ticker, a watched stock), naming it
/// `what` ("Ticker AAPL is not known to the brokerage"). Without a linked, authorized account there is
/// no one to ask, and the ticker is kept as typed.
pub(super) async fn check_known_ticker(
    state: &AppState,
    agent: AgentId,
    symbol: &str,
    what: &str,
) -> Result<(), ApiError> {
    let Ok(account) = super::copy_trading::market_data_account(state, agent) else {
        return Ok(());
    };
    let quotes = account
        .quotes(&[symbol.to_owned()])
        .await
        .map_err(|err| super::trading_account::account_failure(&err))?;
    if quotes.contains_key(symbol) {
        Ok(())
    } else {
        Err(ApiError::BadRequest(format!(
            "{what} {symbol} is not known to the brokerage"
        )))
    }
}
