//! `/api/stock_save_order/*` (saved stock orders) and `/api/stock/*` (the stock watch list), spec 02 §7.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use engine::order::{LINK_BASES, LinkType, StockAction, StockOrder, StockPricing, stock_symbol};
use serde::{Deserialize, Serialize};
use store::{SavedStockOrder, StoreError, WatchList};

use super::mounting::mount;
use super::stock_trading::StockFields;
use super::trading_account::agent;
use crate::json_body::JsonBody;
use crate::{ApiError, AppState};

/// The refusal text of a symbol already on the watch list (spec 02 §5).
pub const DUPLICATE_STOCK: &str = "Stock is already existed";

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(
        cfg,
        [
            (
                "/stock_save_order/get_stock_save_order_list",
                web::get().to(saved_list),
            ),
            (
                "/stock_save_order/add_stock_save_order",
                web::post().to(saved_add),
            ),
            (
                "/stock_save_order/remove_stock_save_order",
                web::delete().to(saved_remove),
            ),
            ("/stock/get_stock_list", web::get().to(watch_list)),
            ("/stock/add_stock", web::post().to(watch_add)),
            ("/stock/remove_stock", web::delete().to(watch_remove)),
        ],
    );
}

#[derive(Debug, Serialize)]
struct ListAnswer<T> {
    success: bool,
    list: Vec<T>,
}

fn listed<T>(list: Vec<T>) -> HttpResponse
where
    T: Serialize,
{
    HttpResponse::Ok().json(ListAnswer {
        success: true,
        list,
    })
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = stock_lists::SymbolBody)]
#[serde(rename_all = "camelCase")]
struct SymbolBody {
    #[serde(default)]
    stock_symbol: String,
}

fn symbol(body: &SymbolBody) -> Result<String, ApiError> {
    stock_symbol(&body.stock_symbol).map_err(|err| ApiError::BadRequest(err.to_string()))
}

#[utoipa::path(
    get,
    path = "/api/stock_save_order/get_stock_save_order_list",
    tag = "Stock lists",
    operation_id = "get_stock_save_order_get_stock_save_order_list",
    responses((status = 200, description = "The answer", body = crate::routes::answer_schemas::SavedStockOrdersAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn saved_list(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    Ok(listed(state.store.saved_orders()?.stocks(agent)?))
}

/// The saved form of a validated order: every field, the ones its type does not use at the form's
/// defaults (prices 0, link type VALUE, offset 0.1, basis BID).
fn saved(order: &StockOrder) -> SavedStockOrder {
    let (mut price, mut stop_price) = ("0".to_owned(), "0".to_owned());
    let (mut link_type, mut offset) = (LinkType::Value.to_string(), "0.1".to_owned());
    let mut basis = LINK_BASES[0].to_string();
    match order.pricing() {
        StockPricing::Market => {}
        StockPricing::Limit { price: limit } => price = limit.to_string(),
        StockPricing::Stop { stop_price: stop } => stop_price = stop.to_string(),
        StockPricing::StopLimit {
            stop_price: stop,
            limit,
        } => {
            stop_price = stop.to_string();
            price = limit.to_string();
        }
        StockPricing::TrailingStop {
            basis: followed,
            link_type: link,
            offset: distance,
        } => {
            basis = followed.to_string();
            link_type = link.to_string();
            offset = distance.to_string();
        }
    }
    let timing = order.timing();
    SavedStockOrder {
        stock_symbol: order.symbol().to_owned(),
        stock_session: timing.session().to_string(),
        stock_duration: timing.duration().to_string(),
        stock_instruction: order.instruction().to_string(),
        stock_order_type: order.pricing().order_type().to_string(),
        stock_quantity: order.quantity(),
        stock_price: price,
        stock_stop_price: stop_price,
        stock_stop_price_link_type: link_type,
        stock_stop_price_offset: offset,
        stock_stop_price_link_basis: basis,
    }
}

#[utoipa::path(
    post,
    path = "/api/stock_save_order/add_stock_save_order",
    tag = "Stock lists",
    operation_id = "post_stock_save_order_add_stock_save_order",
    request_body = StockFields,
    responses((status = 200, description = "The answer", body = crate::routes::answer_schemas::SavedStockOrdersAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn saved_add(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<StockFields>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let order = body.into_inner().order(StockAction::Save)?;
    Ok(listed(
        state
            .store
            .saved_orders()?
            .save_stock(agent, saved(&order))?,
    ))
}

#[utoipa::path(
    delete,
    path = "/api/stock_save_order/remove_stock_save_order",
    tag = "Stock lists",
    operation_id = "delete_stock_save_order_remove_stock_save_order",
    request_body = SymbolBody,
    responses((status = 200, description = "The answer", body = crate::routes::answer_schemas::SavedStockOrdersAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn saved_remove(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<SymbolBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let symbol = symbol(&body.0)?;
    let (removed, list) = state.store.saved_orders()?.remove_stock(agent, &symbol)?;
    if !removed {
        return Err(ApiError::NotFound(format!(
            "No saved stock order for {symbol}"
        )));
    }
    Ok(listed(list))
}

#[utoipa::path(
    get,
    path = "/api/stock/get_stock_list",
    tag = "Stock lists",
    operation_id = "get_stock_get_stock_list",
    responses((status = 200, description = "The answer", body = Vec<String>, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn watch_list(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    Ok(HttpResponse::Ok().json(state.store.watch_lists()?.get(agent, WatchList::Stocks)?))
}

#[utoipa::path(
    post,
    path = "/api/stock/add_stock",
    tag = "Stock lists",
    operation_id = "post_stock_add_stock",
    request_body = SymbolBody,
    responses((status = 200, description = "The answer", body = crate::routes::answer_schemas::SymbolListAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn watch_add(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<SymbolBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let symbol = symbol(&body.0)?;
    // Like the favourite tickers: a symbol the brokerage does not quote has no bid to watch.
    super::option_contract::check_known_ticker(&state, agent, &symbol, "Stock").await?;
    match state
        .store
        .watch_lists()?
        .add(agent, WatchList::Stocks, &symbol)
    {
        Ok(list) => Ok(listed(list)),
        Err(StoreError::Conflict(_)) => Err(ApiError::Conflict {
            message: DUPLICATE_STOCK.into(),
            code: "stock_exists",
        }),
        Err(err) => Err(err.into()),
    }
}

#[utoipa::path(
    delete,
    path = "/api/stock/remove_stock",
    tag = "Stock lists",
    operation_id = "delete_stock_remove_stock",
    request_body = SymbolBody,
    responses((status = 200, description = "The answer", body = crate::routes::answer_schemas::SymbolListAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn watch_remove(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<SymbolBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let symbol = symbol(&body.0)?;
    let (removed, list) = state
        .store
        .watch_lists()?
        .remove(agent, WatchList::Stocks, &symbol)?;
    if !removed {
        return Err(ApiError::NotFound(format!(
            "{symbol} is not in the stock list"
        )));
    }
    Ok(listed(list))
}
