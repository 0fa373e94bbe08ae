//! The answers of pre-flight: each targeted account's check, and the 409 of a refused all or none.

use actix_web::HttpResponse;
use engine::copy::{AccountCheck, Plan, PreviewRefusal, PreviewVerdict};
use engine::ids::AgentId;
use rust_decimal::Decimal;
use serde::Serialize;

use super::plan_answers::planned_works;
use super::row_values::{AccountNames, number};
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
pub(crate) struct CheckAnswer {
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
