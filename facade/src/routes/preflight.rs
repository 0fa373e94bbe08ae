//! `/api/preflight/{COMMON|VERTICAL|STOCK}/{command}`: checks a place, exit or replace on every targeted
//! account without sending it, and the answers pre-flight gives.
//!
//! Each check call takes exactly the body of the command call it is named after
//! (`/api/preflight/COMMON/place_order` checks `/api/copy_trading_account/place_order/COMMON`,
//! `/api/preflight/STOCK/replace_order` checks `/api/stock_copy_trading/replace_order`, ...), parses it
//! with the same rules (400 naming the field), plans it with the same planner (403 for another agent's
//! account, 404 for another agent's session) and asks each targeted account's brokerage for a preview,
//! all at once. Nothing is sent and nothing is stored; each preview takes one write from its account's
//! budget. The answer is one row per targeted account: `accountId`, `accountName`, `result` (PASS,
//! WARNING or REJECT), `messages` (the brokerage's texts: rejects, then warnings), `commission`, `fees`
//! and `projectedBuyingPower` (null when the brokerage does not say), with what the plan does before
//! anything is sent: `sizedQuantity` (what the account's sizing gave), `plannedQuantity` (what it
//! would be sent; 0 when refused), `guard` and `guardReason` (what cut or refused it, and why; null
//! when sent as sized). An account the planner refuses (an exit where it holds nothing, a guard) is a
//! REJECT with the planner's reason.
//!
//! A command sent with `fanOutMode` ALL_OR_NONE that some account would refuse answers 409 with the one
//! error shape plus the rejecting accounts: `{"error", "code": "preview_refused", "rejects":
//! [{"accountId", "accountName", "reason"}]}`; nothing is sent, nothing is stored, no session id is used.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use engine::copy::{AccountCheck, Plan, PreviewRefusal, PreviewVerdict, TradeKind};
use engine::ids::AgentId;
use rust_decimal::Decimal;
use serde::Serialize;

use super::fan_out::Dispatch;
use super::option_views::{AccountNames, number};
use super::plan_preview::planned_works;
use super::{copy_trading, mount, stock_trading, vertical_trading};
use crate::json_body::JsonBody;
use crate::{ApiError, AppState};

/// The code of a refused all or none.
pub(crate) const PREVIEW_REFUSED: &str = "preview_refused";

/// The result words of a check row.
#[derive(utoipa::ToSchema)]
#[schema(as = preflight::Result)]
#[allow(
    dead_code,
    clippy::upper_case_acronyms,
    reason = "describes the JSON words only"
)]
enum ResultSchema {
    /// The brokerage would take the order.
    PASS,
    /// The brokerage would take the order, with warnings.
    WARNING,
    /// The brokerage (or the planner) would refuse the order.
    REJECT,
}

/// One targeted account's check.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = preflight::AccountCheck)]
#[serde(rename_all = "camelCase")]
struct CheckRow {
    account_id: u64,
    account_name: String,
    #[schema(value_type = ResultSchema)]
    result: &'static str,
    /// The brokerage's texts, rejects first, then warnings.
    messages: Vec<String>,
    /// Commission in dollars.
    commission: f64,
    /// Regulatory and venue fees in dollars.
    fees: f64,
    /// Buying power left once the order is counted (cash available for trading in a cash account);
    /// negative when it does not fit; null when the brokerage does not say.
    #[schema(required = true)]
    projected_buying_power: Option<f64>,
    /// What the account's sizing profile (or the equal split) gave, before its guards.
    sized_quantity: u32,
    /// What would be sent (contracts, spreads or shares); 0 when the account is refused.
    planned_quantity: u32,
    /// What cut or refused the account's order; null when sent as sized.
    #[schema(value_type = Option<super::limits::GuardSchema>, required = true)]
    guard: Option<&'static str>,
    /// Why the guard (or the sizing) cut or refused it; null when sent as sized.
    #[schema(required = true)]
    guard_reason: Option<String>,
}

/// Every targeted account's check, in the command's order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = preflight::CheckAnswer, example = json!({"accounts": [
    {"accountId": 1, "accountName": "Small", "result": "PASS", "messages": [], "commission": 0.0, "fees": 0.0, "projectedBuyingPower": 195400.0,
     "sizedQuantity": 2, "plannedQuantity": 2, "guard": null, "guardReason": null},
    {"accountId": 2, "accountName": "Big", "result": "REJECT", "messages": ["Order rejected: insufficient buying power"], "commission": 0.0, "fees": 0.0, "projectedBuyingPower": -3800.0,
     "sizedQuantity": 6, "plannedQuantity": 4, "guard": "MAX_QUANTITY_PER_ORDER", "guardReason": "maximum quantity per order: at most 4; cut from 6 to 4"}
]}))]
struct CheckAnswer {
    accounts: Vec<CheckRow>,
}

fn result_word(verdict: PreviewVerdict) -> &'static str {
    match verdict {
        PreviewVerdict::Pass => "PASS",
        PreviewVerdict::Warning => "WARNING",
        PreviewVerdict::Reject => "REJECT",
    }
}

/// The answer of a check call: each check with the planned quantity of its work in `plan` (the
/// checks come one per place, replace or refusal, in the plan's order).
///
/// # Errors
/// Storage errors reading the account names.
pub(crate) fn check_answer(
    state: &AppState,
    agent: AgentId,
    plan: &Plan,
    checks: &[AccountCheck],
) -> Result<HttpResponse, ApiError> {
    let names = AccountNames::load(state, agent)?;
    let money = |d: Decimal| number(Some(d));
    let planned = planned_works(plan);
    let accounts = checks
        .iter()
        .zip(planned)
        .map(|(check, work)| CheckRow {
            account_id: check.account.get(),
            account_name: names.of(check.account).0,
            result: result_word(check.verdict()),
            messages: check
                .preview
                .rejects
                .iter()
                .chain(&check.preview.warnings)
                .cloned()
                .collect(),
            commission: money(check.preview.commission),
            fees: money(check.preview.fees),
            projected_buying_power: check.preview.projected_buying_power.map(money),
            sized_quantity: work.sized,
            planned_quantity: work.planned,
            guard: work.guard.map(|g| g.as_str()),
            guard_reason: work.guard.and(work.reason),
        })
        .collect();
    Ok(HttpResponse::Ok().json(CheckAnswer { accounts }))
}

/// One account that would refuse, in a refused all or none.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = preflight::RejectingAccount)]
#[serde(rename_all = "camelCase")]
struct RejectingAccount {
    account_id: u64,
    account_name: String,
    /// The brokerage's text (or the planner's reason).
    reason: String,
}

/// A refused all or none: the one error shape plus every account that would refuse.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = preflight::Refusal, example = json!({"error": "Not sent: 1 account(s) would refuse the order", "code": "preview_refused",
    "rejects": [{"accountId": 2, "accountName": "Big", "reason": "Order rejected: insufficient buying power"}]}))]
pub(crate) struct RefusalBody {
    error: String,
    code: &'static str,
    rejects: Vec<RejectingAccount>,
}

/// The 409 of a refused all or none.
///
/// # Errors
/// Storage errors reading the account names.
pub(crate) fn refused_answer(
    state: &AppState,
    agent: AgentId,
    refusal: &PreviewRefusal,
) -> Result<HttpResponse, ApiError> {
    let names = AccountNames::load(state, agent)?;
    Ok(HttpResponse::Conflict().json(RefusalBody {
        error: refusal.to_string(),
        code: PREVIEW_REFUSED,
        rejects: refusal
            .rejects
            .iter()
            .map(|(account, reason)| RejectingAccount {
                account_id: account.get(),
                account_name: names.of(*account).0,
                reason: reason.clone(),
            })
            .collect(),
    }))
}

/// The answers of a command call that may be previewed: the refusals, with 409 also the refused all or
/// none.
pub(crate) struct CommandRefusals;

impl utoipa::IntoResponses for CommandRefusals {
    fn responses()
    -> std::collections::BTreeMap<String, utoipa::openapi::RefOr<utoipa::openapi::Response>> {
        use utoipa::openapi::schema::OneOfBuilder;
        use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
        let mut responses = <super::openapi::Refusals as utoipa::IntoResponses>::responses();
        let content = ContentBuilder::new()
            .schema(Some(
                OneOfBuilder::new()
                    .item(Ref::from_schema_name("ErrorBody"))
                    .item(Ref::from_schema_name("preflight.Refusal")),
            ))
            .build();
        responses.insert(
            "409".to_owned(),
            RefOr::T(
                ResponseBuilder::new()
                    .description("A conflict (the `code` says which); `preview_refused` when all or none was refused by pre-flight, naming every account that would refuse")
                    .content("application/json", content)
                    .build(),
            ),
        );
        responses
    }
}

/// Declares a check call: its handler parses the command call's body and checks it.
macro_rules! check_call {
    ($name:ident, $path:literal, $op:literal, $body:ty, $handler:path $(, $arg:expr)*) => {
        #[utoipa::path(
            post,
            path = $path,
            tag = "Pre-flight",
            operation_id = $op,
            request_body = $body,
            responses((status = 200, description = "Each targeted account's check; nothing was sent", body = CheckAnswer, content_type = "application/json"), crate::routes::openapi::Refusals)
        )]
        pub(super) async fn $name(
            state: web::Data<AppState>,
            session: Session,
            body: JsonBody<$body>,
        ) -> Result<HttpResponse, ApiError> {
            $handler($($arg,)* Dispatch::Check, state, session, body).await
        }
    };
}

check_call!(
    common_place,
    "/api/preflight/COMMON/place_order",
    "post_preflight_COMMON_place_order",
    copy_trading::PlaceBody,
    copy_trading::place_order
);
check_call!(
    common_exit,
    "/api/preflight/COMMON/exit_order",
    "post_preflight_COMMON_exit_order",
    copy_trading::ExitBody,
    copy_trading::exit_order
);
check_call!(
    common_exit_multiple,
    "/api/preflight/COMMON/exit_order_multiple",
    "post_preflight_COMMON_exit_order_multiple",
    copy_trading::ExitMultipleBody,
    copy_trading::exit_order_multiple,
    TradeKind::Common
);
check_call!(
    common_replace,
    "/api/preflight/COMMON/replace_order",
    "post_preflight_COMMON_replace_order",
    copy_trading::ReplaceBody,
    copy_trading::replace_order
);
check_call!(
    common_replace_individual,
    "/api/preflight/COMMON/replace_order_individual",
    "post_preflight_COMMON_replace_order_individual",
    copy_trading::ReplaceIndividualBody,
    copy_trading::replace_order_individual
);
check_call!(
    vertical_place,
    "/api/preflight/VERTICAL/place_order",
    "post_preflight_VERTICAL_place_order",
    vertical_trading::PlaceBody,
    vertical_trading::place_order
);
check_call!(
    vertical_exit,
    "/api/preflight/VERTICAL/exit_order",
    "post_preflight_VERTICAL_exit_order",
    vertical_trading::ExitBody,
    vertical_trading::exit_order
);
check_call!(
    vertical_exit_multiple,
    "/api/preflight/VERTICAL/exit_order_multiple",
    "post_preflight_VERTICAL_exit_order_multiple",
    copy_trading::ExitMultipleBody,
    copy_trading::exit_order_multiple,
    TradeKind::Vertical
);
check_call!(
    vertical_replace_legs,
    "/api/preflight/VERTICAL/replace_individual_legs",
    "post_preflight_VERTICAL_replace_individual_legs",
    vertical_trading::ReplaceLegsBody,
    vertical_trading::replace_individual_legs
);
check_call!(
    stock_place,
    "/api/preflight/STOCK/place_order",
    "post_preflight_STOCK_place_order",
    stock_trading::PlaceBody,
    stock_trading::place_order
);
check_call!(
    stock_exit,
    "/api/preflight/STOCK/exit_order",
    "post_preflight_STOCK_exit_order",
    stock_trading::ExitBody,
    stock_trading::exit_order
);
check_call!(
    stock_exit_multiple,
    "/api/preflight/STOCK/exit_order_multiple",
    "post_preflight_STOCK_exit_order_multiple",
    stock_trading::ExitMultipleBody,
    stock_trading::exit_order_multiple
);
check_call!(
    stock_replace,
    "/api/preflight/STOCK/replace_order",
    "post_preflight_STOCK_replace_order",
    stock_trading::ReplaceBody,
    stock_trading::replace_order
);
check_call!(
    stock_replace_individual,
    "/api/preflight/STOCK/replace_order_individual",
    "post_preflight_STOCK_replace_order_individual",
    stock_trading::ReplaceIndividualBody,
    stock_trading::replace_order_individual
);

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(
        cfg,
        [
            (
                "/preflight/COMMON/place_order",
                web::post().to(common_place),
            ),
            ("/preflight/COMMON/exit_order", web::post().to(common_exit)),
            (
                "/preflight/COMMON/exit_order_multiple",
                web::post().to(common_exit_multiple),
            ),
            (
                "/preflight/COMMON/replace_order",
                web::post().to(common_replace),
            ),
            (
                "/preflight/COMMON/replace_order_individual",
                web::post().to(common_replace_individual),
            ),
            (
                "/preflight/VERTICAL/place_order",
                web::post().to(vertical_place),
            ),
            (
                "/preflight/VERTICAL/exit_order",
                web::post().to(vertical_exit),
            ),
            (
                "/preflight/VERTICAL/exit_order_multiple",
                web::post().to(vertical_exit_multiple),
            ),
            (
                "/preflight/VERTICAL/replace_individual_legs",
                web::post().to(vertical_replace_legs),
            ),
            ("/preflight/STOCK/place_order", web::post().to(stock_place)),
            ("/preflight/STOCK/exit_order", web::post().to(stock_exit)),
            (
                "/preflight/STOCK/exit_order_multiple",
                web::post().to(stock_exit_multiple),
            ),
            (
                "/preflight/STOCK/replace_order",
                web::post().to(stock_replace),
            ),
            (
                "/preflight/STOCK/replace_order_individual",
                web::post().to(stock_replace_individual),
            ),
        ],
    );
}
