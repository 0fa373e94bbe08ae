//! `/api/copy_trading_account/*/VERTICAL` and the saved order sets: place, exit, replace and cancel
//! vertical option spreads on every targeted account at once, each account's spread as one broker
//! order (spec 02 §7).

use std::collections::BTreeMap;

use actix_session::Session;
use actix_web::{HttpResponse, web};
use engine::copy::{Action, CopyCommand, Targets, TradeKind};
use engine::ids::{AccountId, AgentId, BrokerOrderId};
use engine::order::{
    InvalidField, LegForm, LegRule, Net, OptionSymbol, PutCall, Vertical, leg_label,
};
use serde::{Deserialize, Serialize};
use store::{SavedSet, StoreError};

use super::copy_commands;
use super::copy_trading::{
    AccountRef, account_id, cancel_order, cancel_order_individual, exit_order_multiple, for_kind,
    listed_accounts, market_data_account, order_id, session_id,
};
use super::fan_out::{Dispatch, FanOutField, sent};
use super::mounting::mount;
use super::option_views::option_positions_answer;
use super::table_calls::table_calls;
use super::trading_account::{account_failure, agent};
use super::vertical_views::vertical_orders_answer;
use crate::json_body::JsonBody;
use crate::order_fields::Loose;
use crate::{ApiError, AppState};

const KIND: TradeKind = TradeKind::Vertical;

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(
        cfg,
        [
            (
                "/copy_trading_account/database/VERTICAL",
                web::get().to(orders),
            ),
            (
                "/copy_trading_position_account/database/VERTICAL",
                web::get().to(positions),
            ),
            (
                "/copy_trading_account/fetch_trade_status/VERTICAL",
                web::get().to(fetch_trade_status),
            ),
            (
                "/copy_trading_account/place_order/VERTICAL",
                web::post().to(sent!(place_order)),
            ),
            (
                "/copy_trading_account/exit_order/VERTICAL",
                web::post().to(sent!(exit_order)),
            ),
            (
                "/copy_trading_account/exit_order_multiple/VERTICAL",
                web::post().to(move |state, session, body| {
                    exit_order_multiple(KIND, Dispatch::Send, state, session, body)
                }),
            ),
            (
                "/copy_trading_account/cancel_order/VERTICAL",
                web::delete().to(for_kind!(cancel_order, KIND)),
            ),
            (
                "/copy_trading_account/cancel_order_individual/VERTICAL",
                web::delete().to(for_kind!(cancel_order_individual, KIND)),
            ),
            (
                "/copy_trading_account/replace_individual_legs/VERTICAL",
                web::put().to(sent!(replace_individual_legs)),
            ),
            (
                "/option_contract_save_order/get_option_contract_save_order_list/VERTICAL",
                web::get().to(list_sets),
            ),
            (
                "/option_contract_save_order/add_option_contract_save_order/VERTICAL",
                web::post().to(add_set),
            ),
            (
                "/option_contract_save_order/remove_option_contract_save_order/VERTICAL",
                web::delete().to(remove_set),
            ),
        ],
    );
}

table_calls! {
    kind: KIND,
    tag: "Vertical spreads",
    orders: ("/api/copy_trading_account/database/VERTICAL", "get_copy_trading_account_database_VERTICAL", super::vertical_views::VerticalOrdersAnswer, vertical_orders_answer),
    positions: ("/api/copy_trading_position_account/database/VERTICAL", "get_copy_trading_position_account_database_VERTICAL", super::option_views::OptionPositionsAnswer, option_positions_answer),
    refresh: ("/api/copy_trading_account/fetch_trade_status/VERTICAL", "get_copy_trading_account_fetch_trade_status_VERTICAL"),
}

fn bad(err: &InvalidField) -> ApiError {
    ApiError::BadRequest(err.to_string())
}

/// A leg as the spec's bodies send it.
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[schema(as = vertical::LegBody)]
#[serde(rename_all = "camelCase")]
struct LegBody {
    #[serde(default)]
    option_chain_symbol: Option<Loose>,
    #[serde(default)]
    option_chain_instruction: Option<Loose>,
    #[serde(default)]
    option_chain_order_type: Option<Loose>,
    #[serde(default)]
    option_chain_quantity: Option<Loose>,
    #[serde(default)]
    option_chain_price: Option<Loose>,
}

/// A field's text as the form holds it (numbers as their decimal text; absent as empty).
fn text(value: Option<&Loose>) -> String {
    match value.map(|v| &v.0) {
        Some(serde_json::Value::String(s)) => s.trim().to_owned(),
        Some(serde_json::Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

impl LegBody {
    fn form(&self) -> LegForm {
        LegForm {
            symbol: text(self.option_chain_symbol.as_ref()),
            instruction: text(self.option_chain_instruction.as_ref()),
            order_type: text(self.option_chain_order_type.as_ref()),
            quantity: text(self.option_chain_quantity.as_ref()),
            price: text(self.option_chain_price.as_ref()),
        }
    }
}

/// Checks that every leg's contract is listed in the brokerage's chain (one read per underlying and
/// side). Without an authorized account there is nothing to ask, and the planner refuses the place.
async fn check_in_chain(
    state: &AppState,
    agent: AgentId,
    vertical: &Vertical,
) -> Result<(), ApiError> {
    let Ok(account) = market_data_account(state, agent) else {
        return Ok(());
    };
    let mut wanted: BTreeMap<(String, bool), Vec<(usize, String)>> = BTreeMap::new();
    for (i, leg) in vertical.legs().iter().enumerate() {
        wanted
            .entry((
                leg.symbol.root().to_owned(),
                leg.symbol.put_call() == PutCall::Call,
            ))
            .or_default()
            .push((i + 1, leg.symbol_text()));
    }
    for ((root, call), legs) in wanted {
        let side = if call { PutCall::Call } else { PutCall::Put };
        let chain = account
            .option_chain(&root, side)
            .await
            .map_err(|err| account_failure(&err))?;
        for (n, symbol) in legs {
            let listed = chain.expirations.values().any(|strikes| {
                strikes
                    .values()
                    .any(|contracts| contracts.iter().any(|c| c.symbol.trim() == symbol.trim()))
            });
            if !listed {
                return Err(ApiError::BadRequest(format!(
                    "{} is not in the option chain",
                    leg_label(n, "Symbol")
                )));
            }
        }
    }
    Ok(())
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = vertical::PlaceBody)]
#[serde(rename_all = "camelCase")]
pub(super) struct PlaceBody {
    #[serde(flatten)]
    fan_out: FanOutField,
    #[serde(flatten)]
    split: super::equal_split::SplitField,
    #[serde(default)]
    all_trading_accounts_order_list: Vec<AccountRef>,
    order_legs: Vec<LegBody>,
}

#[utoipa::path(
    post,
    path = "/api/copy_trading_account/place_order/VERTICAL",
    tag = "Vertical spreads",
    operation_id = "post_copy_trading_account_place_order_VERTICAL",
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
    let legs: Vec<LegForm> = body.order_legs.iter().map(LegBody::form).collect();
    let vertical = Vertical::from_form(&legs, LegRule::Opening).map_err(|e| bad(&e))?;
    let listed = listed_accounts(&body.all_trading_accounts_order_list)?;
    // A plan preview asks no brokerage.
    if dispatch != Dispatch::Plan {
        check_in_chain(&state, agent, &vertical).await?;
    }
    let targets = if listed.is_empty() {
        Targets::Active
    } else {
        Targets::Listed(listed)
    };
    let action = Action::Place {
        targets,
        order: vertical.request(vertical.spreads()),
    };
    copy_commands::run(
        &state,
        CopyCommand {
            agent,
            kind: KIND,
            action,
        },
        how,
    )
    .await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = vertical::ExitBody)]
#[serde(rename_all = "camelCase")]
pub(super) struct ExitBody {
    #[serde(flatten)]
    fan_out: FanOutField,
    all_trading_accounts_order_list: Vec<AccountRef>,
    option_chain_primary_symbol: Option<Loose>,
    option_chain_primary_instruction: Option<Loose>,
    #[serde(default)]
    option_chain_secondary_symbol: Option<Loose>,
    #[serde(default)]
    option_chain_secondary_instruction: Option<Loose>,
    option_chain_order_type: Option<Loose>,
    option_chain_quantity: Option<Loose>,
    #[serde(default)]
    option_chain_price: Option<Loose>,
}

/// The net of a closing spread sent as LIMIT: a credit when the leg sold is the more valuable one (the
/// lower strike of calls, the higher strike of puts), else a debit.
fn limit_net(vertical: &Vertical, price: &str) -> Result<Net, InvalidField> {
    let sold = vertical
        .legs()
        .iter()
        .find(|l| !l.instruction.is_buy())
        .map(|l| l.symbol.clone());
    let bought = vertical
        .legs()
        .iter()
        .find(|l| l.instruction.is_buy())
        .map(|l| l.symbol.clone());
    let credit = match (sold, bought) {
        (Some(sold), Some(bought)) => {
            if sold.put_call() == PutCall::Call {
                sold.strike() < bought.strike()
            } else {
                sold.strike() > bought.strike()
            }
        }
        _ => true,
    };
    Net::from_form(if credit { "NET_CREDIT" } else { "NET_DEBIT" }, price)
}

#[utoipa::path(
    post,
    path = "/api/copy_trading_account/exit_order/VERTICAL",
    tag = "Vertical spreads",
    operation_id = "post_copy_trading_account_exit_order_VERTICAL",
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
    if body.all_trading_accounts_order_list.is_empty() {
        return Err(ApiError::BadRequest(
            "Accounts must name at least one account".into(),
        ));
    }
    let order_type = text(body.option_chain_order_type.as_ref()).to_ascii_uppercase();
    let price = text(body.option_chain_price.as_ref());
    let quantity = text(body.option_chain_quantity.as_ref());
    let primary = LegForm {
        symbol: text(body.option_chain_primary_symbol.as_ref()),
        instruction: text(body.option_chain_primary_instruction.as_ref()),
        order_type: "LIMIT".into(),
        quantity: quantity.clone(),
        price: "0".into(),
    };
    let request = if body.option_chain_secondary_symbol.is_none() {
        // One option position: a single-leg closing order, as COMMON's exit.
        let fields = super::copy_trading::OrderFields::single(
            &primary.symbol,
            &primary.instruction,
            &order_type,
            &quantity,
            &price,
        );
        let order = super::copy_trading::OptionOrder::parse(&fields, super::copy_trading::CLOSING)?;
        order.request(order.quantity())
    } else {
        let secondary = LegForm {
            symbol: text(body.option_chain_secondary_symbol.as_ref()),
            instruction: text(body.option_chain_secondary_instruction.as_ref()),
            ..primary.clone()
        };
        let vertical =
            Vertical::from_form(&[primary, secondary], LegRule::Closing).map_err(|e| bad(&e))?;
        let net = if order_type == "LIMIT" {
            limit_net(&vertical, &price)
        } else {
            Net::from_form(&order_type, &price)
        }
        .map_err(|e| bad(&e))?;
        let vertical = vertical.with_net(net);
        vertical.request(vertical.spreads())
    };
    let accounts = listed_accounts(&body.all_trading_accounts_order_list)?;
    let exits = accounts.into_iter().map(|a| (a, request.clone())).collect();
    copy_commands::run(
        &state,
        CopyCommand {
            agent,
            kind: KIND,
            action: Action::Exit { exits },
        },
        how,
    )
    .await
}

/// A leg's new terms in a replace.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = vertical::LegUpdate)]
#[serde(rename_all = "camelCase")]
struct LegUpdate {
    account_id: Loose,
    option_chain_order_id: Loose,
    option_chain_symbol: Option<Loose>,
    new_instruction: Option<Loose>,
    new_order_type: Option<Loose>,
    new_quantity: Option<Loose>,
    new_price: Option<Loose>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = vertical::ReplaceLegsBody)]
#[serde(rename_all = "camelCase")]
pub(super) struct ReplaceLegsBody {
    #[serde(flatten)]
    fan_out: FanOutField,
    #[serde(rename = "agentTradingSessionID")]
    agent_trading_session_id: Loose,
    legs_to_update: Vec<LegUpdate>,
}

#[utoipa::path(
    put,
    path = "/api/copy_trading_account/replace_individual_legs/VERTICAL",
    tag = "Vertical spreads",
    operation_id = "put_copy_trading_account_replace_individual_legs_VERTICAL",
    request_body = ReplaceLegsBody,
    responses((status = 200, description = "`success` when every account accepted, else the accepted and failed accounts", content(
        (String = "text/plain", example = json!("success")),
        (crate::routes::copy_commands::Partial = "application/json", example = json!({"agentTradingSessionID": 1, "accepted": [1], "failed": [{"accountId": 2, "accountName": "Medium", "reason": "REJECTED"}]}))
    )), crate::routes::refusals::CommandRefusals)
)]
pub(super) async fn replace_individual_legs(
    dispatch: Dispatch,
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<ReplaceLegsBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let how = body.fan_out.how(dispatch)?;
    let session_id = session_id(&body.agent_trading_session_id)?;
    if body.legs_to_update.is_empty() {
        return Err(ApiError::BadRequest(
            "Legs must name at least one leg".into(),
        ));
    }
    let mut groups: Vec<((AccountId, BrokerOrderId), Vec<LegForm>)> = Vec::new();
    for (i, leg) in body.legs_to_update.iter().enumerate() {
        let n = i + 1;
        let account = account_id(&leg.account_id, &format!("Leg {n} Account"))?;
        let order = order_id(Some(&leg.option_chain_order_id), &format!("Leg {n} Order"))?;
        let form = LegForm {
            symbol: text(leg.option_chain_symbol.as_ref()),
            instruction: text(leg.new_instruction.as_ref()),
            order_type: text(leg.new_order_type.as_ref()),
            quantity: text(leg.new_quantity.as_ref()),
            price: text(leg.new_price.as_ref()),
        };
        match groups.iter_mut().find(|(key, _)| *key == (account, order)) {
            Some((_, legs)) => legs.push(form),
            None => groups.push(((account, order), vec![form])),
        }
    }
    let mut orders = Vec::with_capacity(groups.len());
    for ((account, order), legs) in groups {
        let request = replacement(&legs).map_err(|message| {
            ApiError::BadRequest(format!("Order {order} of account {account}: {message}"))
        })?;
        orders.push((account, order, request));
    }
    let action = Action::ReplaceEach {
        session: session_id,
        orders,
    };
    copy_commands::run(
        &state,
        CopyCommand {
            agent,
            kind: KIND,
            action,
        },
        how,
    )
    .await
}

/// The new order of one account's legs in a replace: a single-leg order for one leg (an exit made
/// in a vertical session), else a spread of its legs. The planner checks that it holds as many legs
/// as the order it replaces.
fn replacement(legs: &[LegForm]) -> Result<engine::order::OrderRequest, String> {
    if let [leg] = legs {
        let fields = super::copy_trading::OrderFields::single(
            &leg.symbol,
            &leg.instruction,
            &leg.order_type,
            &leg.quantity,
            &leg.price,
        );
        let order =
            super::copy_trading::OptionOrder::parse(&fields, super::copy_trading::ANY_OPTION)
                .map_err(|err| err.to_string())?;
        return Ok(order.request(order.quantity()));
    }
    let vertical = Vertical::from_form(legs, LegRule::Any).map_err(|e| e.to_string())?;
    Ok(vertical.request(vertical.spreads()))
}

/// The saved-sets answer.
#[derive(Debug, Serialize)]
struct SetsAnswer {
    success: bool,
    list: Vec<SavedSet>,
}

fn sets_answer(list: Vec<SavedSet>) -> HttpResponse {
    HttpResponse::Ok().json(SetsAnswer {
        success: true,
        list,
    })
}

#[utoipa::path(
    get,
    path = "/api/option_contract_save_order/get_option_contract_save_order_list/VERTICAL",
    tag = "Vertical spreads",
    operation_id = "get_option_contract_save_order_get_option_contract_save_order_list_VERTICAL",
    responses((status = 200, description = "The answer", body = crate::routes::answer_schemas::SavedSetsAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn list_sets(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    Ok(sets_answer(state.store.saved_sets()?.list(agent)?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = vertical::AddSetBody)]
#[serde(rename_all = "camelCase")]
struct AddSetBody {
    set_name: String,
    order_legs: Loose,
}

/// The most characters a set name may have.
const SET_NAME_MAX: usize = 100;

#[utoipa::path(
    post,
    path = "/api/option_contract_save_order/add_option_contract_save_order/VERTICAL",
    tag = "Vertical spreads",
    operation_id = "post_option_contract_save_order_add_option_contract_save_order_VERTICAL",
    request_body = AddSetBody,
    responses((status = 200, description = "The answer", body = crate::routes::answer_schemas::SavedSetsAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn add_set(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<AddSetBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let name = body.set_name.trim().to_owned();
    if name.is_empty() {
        return Err(ApiError::BadRequest("Set Name is required".into()));
    }
    if name.chars().count() > SET_NAME_MAX {
        return Err(ApiError::BadRequest(format!(
            "Set Name must be at most {SET_NAME_MAX} characters long"
        )));
    }
    let legs_text = match &body.order_legs.0 {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Array(_) => body.order_legs.0.to_string(),
        _ => {
            return Err(ApiError::BadRequest(
                "Legs must be the JSON text of the legs".into(),
            ));
        }
    };
    let legs: Vec<LegBody> = serde_json::from_str(&legs_text)
        .map_err(|_| ApiError::BadRequest("Legs must be the JSON text of the legs".into()))?;
    if legs.is_empty() {
        return Err(ApiError::BadRequest(
            "Legs must hold at least one leg".into(),
        ));
    }
    for (i, leg) in legs.iter().enumerate() {
        OptionSymbol::parse(&text(leg.option_chain_symbol.as_ref())).map_err(|_| {
            ApiError::BadRequest(format!(
                "{} must be a valid option symbol",
                leg_label(i + 1, "Symbol")
            ))
        })?;
    }
    let set = SavedSet {
        set_name: name,
        order_legs: legs_text,
    };
    match state.store.saved_sets()?.add(agent, set) {
        Ok(list) => Ok(sets_answer(list)),
        Err(StoreError::Conflict(_)) => Err(ApiError::Conflict {
            message: "An order set of that name already exists".into(),
            code: "set_exists",
        }),
        Err(err) => Err(err.into()),
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = vertical::RemoveSetBody)]
#[serde(rename_all = "camelCase")]
struct RemoveSetBody {
    set_name: String,
}

#[utoipa::path(
    delete,
    path = "/api/option_contract_save_order/remove_option_contract_save_order/VERTICAL",
    tag = "Vertical spreads",
    operation_id = "delete_option_contract_save_order_remove_option_contract_save_order_VERTICAL",
    request_body = RemoveSetBody,
    responses((status = 200, description = "The answer", body = crate::routes::answer_schemas::SavedSetsAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn remove_set(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<RemoveSetBody>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let name = body.into_inner().set_name.trim().to_owned();
    if name.is_empty() {
        return Err(ApiError::BadRequest("Set Name is required".into()));
    }
    let sets = state.store.saved_sets()?;
    // Like the other saved items: a name the agent has no set of is refused, not silently ignored.
    if !sets.list(agent)?.iter().any(|set| set.set_name == name) {
        return Err(ApiError::NotFound("No saved set with that Set Name".into()));
    }
    Ok(sets_answer(sets.remove(agent, &name)?))
}
